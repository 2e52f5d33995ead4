/**
 * The server under abuse, with its default limits: 200 sockets subscribing to one game
 * (presence frames per subscribe), a ping flood, a burst of oversized frames, a player trying
 * to create 600 games. Meanwhile /healthz is asked every 10 ms; the figures are its latency and
 * the server's resident memory before and after (server in its own process, after full GCs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ServerFrame } from '../functions/protocol/frames';
import { Client, register, type Player } from '../test/support/client';
import { inBatches, round } from './measure';
import { latency } from './pipeline';

interface Memory {
  heapUsed: number;
  rss: number;
}

function ask<T>(child: ChildProcess, message: object, accept: (m: any) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: any) => {
      if (!accept(m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    if (Object.keys(message).length) child.send(message);
  });
}

const rssMiB = async (child: ChildProcess) => round((await ask<Memory>(child, { measure: true }, (m) => 'rss' in m)).rss / 2 ** 20);

/** Ask /healthz every 10 ms until stopped; the latencies. */
function probeHealth(url: string): { stop: () => Promise<{ p50Ms: number; p99Ms: number; maxMs: number; failures: number; samples: number }> } {
  const samples: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      } catch {
        failures++;
      }
      samples.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const l = latency(samples);
      return { p50Ms: l.p50Ms, p99Ms: l.p99Ms, maxMs: round(Math.max(...samples)), failures, samples: samples.length };
    },
  };
}

function rawSocket(wsUrl: string, player: Player): Promise<WebSocket> {
  const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(player.token)}`);
  ws.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

async function presenceLoad(url: string, wsUrl: string) {
  const seated = await Promise.all(['S1', 'S2', 'S3', 'S4'].map((n) => register(url, n)));
  const spectators = await Promise.all(Array.from({ length: 16 }, (_, i) => register(url, `Watcher ${i}`)));
  const [first, ...others] = await Promise.all(seated.map((p) => Client.connect(wsUrl, p)));
  const { gameId } = await first!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({ action: 'createGame', game: 'goa', players: 4 });
  for (const c of others) await c.request({ action: 'joinGame', gameId });
  await Promise.all([first!, ...others].map((c) => c.close()));
  const owners = [...seated, ...spectators].flatMap((p) => Array<Player>(10).fill(p)).map((_, i, all) => all[(i * 7919) % all.length]!); // shuffled: seats come online at different moments
  const clients = await inBatches(owners.length, 50, (i) => Client.connect(wsUrl, owners[i]!));
  await inBatches(clients.length, 25, (i) => clients[i]!.request({ action: 'subscribe', gameId }));
  await new Promise((r) => setTimeout(r, 300));
  const presenceFrames = clients.reduce((n, c) => n + c.frames.filter((f) => f.type === 'presence').length, 0);
  await Promise.all(clients.map((c) => c.close()));
  return { sockets: clients.length, presenceFrames, presenceFramesPerSubscribe: round(presenceFrames / clients.length) };
}

async function pingFlood(url: string, wsUrl: string) {
  const ws = await rawSocket(wsUrl, await register(url, 'Flood'));
  const closed = closeCode(ws);
  const kinds: Record<string, number> = {};
  ws.on('message', (d) => {
    const f = JSON.parse(d.toString()) as ServerFrame;
    const kind = f.type === 'error' ? f.code : f.type;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  });
  let sent = 0;
  for (; sent < 1000 && ws.readyState === ws.OPEN; sent++) ws.send(JSON.stringify({ action: 'ping' }));
  return { pingsSent: sent, answers: kinds, closeCode: await closed };
}

async function oversizedBurst(url: string, wsUrl: string) {
  const players = await Promise.all(Array.from({ length: 10 }, (_, i) => register(url, `Big ${i}`)));
  const sockets = await Promise.all(players.flatMap((p) => Array.from({ length: 10 }, () => rawSocket(wsUrl, p))));
  const codes = sockets.map(closeCode);
  const frame = JSON.stringify({ action: 'ping', pad: 'x'.repeat(300 * 1024) });
  for (const ws of sockets) ws.send(frame);
  const closes = await Promise.all(codes);
  return { connections: sockets.length, bytesSent: sockets.length * frame.length, closedWith1009: closes.filter((c) => c === 1009).length };
}

async function createSpam(url: string, wsUrl: string) {
  const player = await register(url, 'Spammer');
  const clients = await Promise.all(Array.from({ length: 10 }, () => Client.connect(wsUrl, player)));
  const answers = await Promise.all(clients.flatMap((c) => Array.from({ length: 60 }, () => c.requestOnce({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }))));
  await Promise.all(clients.map((c) => c.close()));
  return {
    attempts: answers.length,
    created: answers.filter((a) => a.type === 'gameCreated').length,
    rateLimited: answers.filter((a) => a.type === 'error' && a.code === 'RATE_LIMITED').length,
  };
}

export async function abuseSuite() {
  // Default limits: drop what the bench runner lifted for the throughput suites.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LIMIT_')));
  const child = fork(fileURLToPath(new URL('./scale/server.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const { url, wsUrl } = await ask<{ url: string; wsUrl: string }>(child, {}, (m) => 'url' in m);
    const result: Record<string, unknown> = { description: 'local runtime with its default limits, in its own process; /healthz asked every 10 ms during each step' };
    const step = async (name: string, run: () => Promise<object>) => {
      const rssBefore = await rssMiB(child);
      const health = probeHealth(url);
      const figures = await run();
      result[name] = { ...figures, healthz: await health.stop(), serverRssMiBBefore: rssBefore, serverRssMiBAfter: await rssMiB(child) };
    };
    await step('presence200Sockets', () => presenceLoad(url, wsUrl));
    await step('pingFlood', () => pingFlood(url, wsUrl));
    await step('oversizedFrames', () => oversizedBurst(url, wsUrl));
    await step('createSpam', () => createSpam(url, wsUrl));
    return result;
  } finally {
    child.send({ close: true });
    await new Promise((r) => child.once('exit', r));
  }
}
