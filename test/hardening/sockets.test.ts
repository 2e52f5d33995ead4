/**
 * What a client can do to the local server's sockets — reset an upgrade, send frames that
 * are too big, not UTF-8, unmasked, or too many — ends that client's socket with the right
 * close code (or a RATE_LIMITED answer), never the process; the others play on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startLocalServer, type LocalServer } from '../../local/server';
import { restoreLimits, setLimit } from '../support/limits';
import { Client, register, type Player } from '../support/client';
import { connectTcp, rawWebSocket, textFrames, upgradeRequest, wsFrame } from '../support/raw-socket';
import { settledState, waitOffline } from '../support/table';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null });
}, 90_000);
afterAll(async () => server?.close());

afterEach(restoreLimits);

type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

async function healthy(): Promise<void> {
  const res = await fetch(`${server.url}/healthz`);
  expect(res.status).toBe(200);
}

/** The close code a `ws` client sees. */
const closeCodeOf = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

async function openWs(player: Player): Promise<WebSocket> {
  const ws = new WebSocket(`${server.wsUrl}?token=${encodeURIComponent(player.token)}`);
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return ws;
}

describe('resets and broken frames', () => {
  it('survives TCP resets at every point of an upgrade with a garbage token', async () => {
    const request = upgradeRequest(server.wsUrl, 'garbage');
    for (const cut of [0, 10, 40, request.length - 2, request.length]) {
      for (const wait of [0, 5, 30]) {
        const socket = await connectTcp(server.wsUrl);
        socket.on('error', () => undefined);
        if (cut) socket.write(request.subarray(0, cut));
        await new Promise((r) => setTimeout(r, wait));
        socket.resetAndDestroy();
      }
    }
    // A request target that is no URL is refused, not thrown.
    const odd = await connectTcp(server.wsUrl);
    const answered = new Promise<string>((resolve) => odd.on('data', (d) => resolve(d.toString())));
    odd.write(
      'GET http://[/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(await answered).toMatch(/^HTTP\/1\.1 400/);
    odd.destroy();
    // A valid token, reset while $connect runs: the connection it would have had is forgotten.
    const ana = await register(server.url, 'Ana 1');
    for (let i = 0; i < 5; i++) {
      const socket = await connectTcp(server.wsUrl);
      socket.on('error', () => undefined);
      socket.write(upgradeRequest(server.wsUrl, ana.token));
      socket.resetAndDestroy();
    }
    await healthy();
    await waitOffline(server.app, ana.playerId);
    // A garbage token is still refused with 401.
    await expect(Client.connect(server.wsUrl, { ...ana, token: 'garbage' })).rejects.toThrow(/401/);
  });

  it('closes a socket that sends a frame over 32 KB with 1009, however big', async () => {
    const ana = await register(server.url, 'Ana 2');
    for (const size of [32 * 1024 + 100, 300 * 1024]) {
      const ws = await openWs(ana);
      const closed = closeCodeOf(ws);
      ws.send(JSON.stringify({ action: 'ping', pad: 'x'.repeat(size) }));
      expect(await closed).toBe(1009);
    }
    // One just under the limit is answered.
    const client = await Client.connect(server.wsUrl, ana);
    const pad = 'x'.repeat(32 * 1024 - 100);
    expect(await client.request({ action: 'ping', pad })).toMatchObject({ type: 'pong' });
    await client.close();
    await healthy();
  });

  it('closes with 1007 on invalid UTF-8, 1002 on an unmasked or reserved frame, and plays on', async () => {
    const ana = await register(server.url, 'Ana 3');
    const cases: [string, Buffer, number][] = [
      ['invalid UTF-8', wsFrame(Buffer.from([0x7b, 0xc3, 0x28, 0xa0, 0xa1, 0x7d])), 1007],
      ['unmasked', wsFrame('{"action":"ping"}', { mask: false }), 1002],
      ['reserved opcode', wsFrame('x', { opcode: 0x3 }), 1002],
      ['fragmented ping', wsFrame('x', { opcode: 0x9, fin: false }), 1002],
      ['declared 2 GB', wsFrame(Buffer.alloc(10), { declaredLength: 2 ** 31 }), 1009],
    ];
    for (const [what, frame, code] of cases) {
      const raw = await rawWebSocket(server.wsUrl, ana.token);
      raw.socket.write(frame);
      expect({ what, code: await raw.closed }).toEqual({ what, code });
    }
    const client = await Client.connect(server.wsUrl, ana);
    expect(await client.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    await client.close();
  });
});

describe('HTTP', () => {
  it('answers a 2 MB body with 413 and serves @connections only on its own loopback listener', async () => {
    const res = await fetch(`${server.url}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'TOO_LARGE', message: expect.stringContaining('64 KB') });
    // Chunked, without a length: refused as it passes the limit.
    const chunked = await fetch(`${server.url}/api/players`, {
      method: 'POST',
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 40; i++) c.enqueue(new Uint8Array(50 * 1024));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const ana = await register(server.url, 'Ana 4');
    const client = await Client.connect(server.wsUrl, ana);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const r = await fetch(`${server.url}/@connections/anything`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(r.status).toBe(404);
    }
    expect(await client.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    await client.close();
  });
});

describe('frames per connection', () => {
  it('answers frames beyond the rate with RATE_LIMITED, handles nothing of them, and closes a flood with 1008', async () => {
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana 5'), register(server.url, 'Bruno 6')]);
    const a = await Client.connect(server.wsUrl, ana);
    const before = await settledState(server);
    // 40 createGame frames at once: the burst of 30 is handled, the rest refused.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => a.requestOnce({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] })),
    );
    const created = answers.filter((f) => f.type === 'gameCreated');
    const limited = answers.filter((f): f is ErrorFrame => f.type === 'error');
    expect(created).toHaveLength(30);
    expect(limited).toHaveLength(10);
    for (const f of limited) {
      expect(f.code).toBe('RATE_LIMITED');
      expect(f.message).toMatch(/at most 10 a second.*Try again in 1 second\./);
    }
    // Exactly the 30 handled games were stored.
    const firstCommits = (state: string) => (JSON.parse(state) as string[]).filter((i) => /^GAME#[^|]+\|V#0000000001\|/.test(i)).length;
    expect(firstCommits(await settledState(server)) - firstCommits(before)).toBe(30);
    // After a second the connection may go on.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await a.request({ action: 'ping' })).toMatchObject({ type: 'pong' });

    // A flood that keeps going after being refused is disconnected.
    const ws = await openWs(bruno);
    const closed = closeCodeOf(ws);
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    for (let i = 0; i < 1000 && ws.readyState === ws.OPEN; i++) ws.send(JSON.stringify({ action: 'ping', requestId: `p${i}` }));
    expect(await closed).toBe(1008);
    const kinds = frames.map((f) => (JSON.parse(f) as ServerFrame).type);
    expect(kinds.filter((k) => k === 'pong').length).toBeLessThanOrEqual(35);
    expect(kinds.filter((k) => k === 'error').length).toBeGreaterThan(0);
    expect(kinds.length).toBeLessThan(100);
    await a.close();
    await healthy();
  });

  it('disconnects a sender whose frames wait unhandled beyond the limit', async () => {
    setLimit('FRAMES_PER_SECOND', 100_000);
    setLimit('FRAME_BURST', 100_000);
    setLimit('QUEUED_FRAMES', 5);
    const ana = await register(server.url, 'Ana 7');
    const ws = await openWs(ana);
    const closed = closeCodeOf(ws);
    let answers = 0;
    ws.on('message', () => answers++);
    // Frames that each take a store read: far more of them than the server handles at once.
    for (let i = 0; i < 200; i++) ws.send(JSON.stringify({ action: 'subscribe', gameId: `nope-${i}` }));
    expect(await closed).toBe(1008);
    expect(answers).toBeLessThan(200);
    await healthy();
  });

  it('drops a connection that stops reading instead of holding its frames', async () => {
    setLimit('FRAMES_PER_SECOND', 100_000);
    setLimit('FRAME_BURST', 100_000);
    setLimit('QUEUED_FRAMES', 100_000);
    setLimit('BUFFERED_BYTES', 256 * 1024);
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana 8'), register(server.url, 'Bruno 9')]);
    const a = await Client.connect(server.wsUrl, ana);
    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 4,
      bots: [1, 2, 3],
    });
    // Bruno asks for the whole state (≈ 10 KB) thousands of times and never reads an answer.
    const raw = await rawWebSocket(server.wsUrl, bruno.token);
    raw.socket.pause();
    const ask = Buffer.concat(Array.from({ length: 200 }, () => wsFrame(JSON.stringify({ action: 'subscribe', gameId }))));
    for (let i = 0; i < 10 && !raw.socket.destroyed; i++) {
      raw.socket.write(ask);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The server gave up on him; Ana's play was never held up.
    await waitOffline(server.app, bruno.playerId);
    expect(await a.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    expect(textFrames(raw.received()).length).toBeLessThan(2000);
    raw.socket.destroy();
    await a.close();
  });
});

describe('connections per player', () => {
  it('refuses the eleventh connection of a player with 429 RATE_LIMITED until one closes', async () => {
    const ana = await register(server.url, 'Ana 10');
    const open = await Promise.all(Array.from({ length: 10 }, () => Client.connect(server.wsUrl, ana)));
    const refusal = await new Promise<{ status: number; body: string }>((resolve) => {
      const ws = new WebSocket(`${server.wsUrl}?token=${encodeURIComponent(ana.token)}`);
      ws.on('error', () => undefined);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(refusal.status).toBe(429);
    expect(JSON.parse(refusal.body)).toEqual({ code: 'RATE_LIMITED', message: expect.stringContaining('10 connections open already') });
    // Another player is not affected; after one of Ana's closes she may connect again.
    const bruno = await Client.connect(server.wsUrl, await register(server.url, 'Bruno 11'));
    await open[0]!.close();
    let again: Client | undefined;
    for (let i = 0; i < 50 && !again; i++) {
      again = await Client.connect(server.wsUrl, ana).catch(() => undefined);
      if (!again) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBeDefined();
    await Promise.all([...open.slice(1), again!, bruno].map((c) => c.close()));
  });
});
