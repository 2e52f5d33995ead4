/**
 * The server under abuse, with its default limits: 200 sockets subscribing to one game
 * (presence frames per subscribe), a ping flood, a burst of oversized frames, a player trying
 * to create 600 games. Meanwhile /healthz is asked every 10 ms (bench/health-probe.ts); the figures are its latency and
 * the server's resident memory before and after (server in its own process, after full GCs).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ServerFrame } from '../functions/core/protocol/frames';
import { Client, register, type Player } from '../test/support/client';
import { inBatches, round } from './measure';
import { latency } from './pipeline';
import { startServerProcess, type ServerProcess } from './scale/child';

const rssMiB = async (server: ServerProcess) => round((await server.measure()).rss / 2 ** 20);

/** Asks /healthz every 10 ms from a process of its own; `take` gives the latencies since the last take. */
async function healthProbe(url: string) {
  const child = fork(fileURLToPath(new URL('./health-probe.ts', import.meta.url)), [url], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    async take() {
      const { samples, failures } = await new Promise<{ samples: number[]; failures: number }>((resolve) => {
        child.once('message', resolve);
        child.send({ take: true });
      });
      const l = latency(samples);
      return { p50Ms: l.p50Ms, p99Ms: l.p99Ms, maxMs: round(Math.max(...samples)), failures, samples: samples.length };
    },
    stop: () => child.send({ stop: true }),
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
  const answers = await Promise.all(
    clients.flatMap((c) =>
      Array.from({ length: 60 }, () => c.requestOnce({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] })),
    ),
  );
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
  const server = await startServerProcess(env);
  const { url, wsUrl } = server;
  try {
    const result: Record<string, unknown> = {
      description: 'local runtime with its default limits, in its own process; /healthz asked every 10 ms during each step',
    };
    const health = await healthProbe(url);
    await new Promise((r) => setTimeout(r, 500));
    result.idleHealthz = await health.take();
    const step = async (name: string, run: () => Promise<object>) => {
      const rssBefore = await rssMiB(server);
      await health.take();
      await server.loopDelay();
      const figures = await run();
      const healthz = await health.take();
      const loop = await server.loopDelay();
      result[name] = {
        ...figures,
        healthz,
        serverEventLoopDelayMaxMs: round(loop.loopDelayMaxMs),
        serverRssMiBBefore: rssBefore,
        serverRssMiBAfter: await rssMiB(server),
      };
    };
    await step('presence200Sockets', () => presenceLoad(url, wsUrl));
    await step('pingFlood', () => pingFlood(url, wsUrl));
    await step('oversizedFrames', () => oversizedBurst(url, wsUrl));
    await step('createSpam', () => createSpam(url, wsUrl));
    health.stop();
    const steps = Object.values(result).filter(
      (v): v is { healthz: { maxMs: number } } => typeof v === 'object' && v !== null && 'serverRssMiBBefore' in v,
    );
    result.healthzMaxMsDuringAbuse = Math.max(...steps.map((v) => v.healthz.maxMs));
    result.healthzTargetMs = 100;
    return result;
  } finally {
    await server.close();
  }
}
