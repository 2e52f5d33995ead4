/**
 * Kill the local server with SIGKILL in the middle of a game and start it again on the same
 * DATA_DIR: the game goes on from the last acknowledged version; clients reconnect and resync.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { freePort } from '../../local/dynamodb';
import { Client, register } from '../support/client';
import { playToEnd } from '../support/play';

const dataDir = mkdtempSync(path.join(tmpdir(), 'caravela-restart-'));
const children: ChildProcess[] = [];

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CARAVELA_WEB_BUILT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash of the local server', () => {
  it('loses nothing that was acknowledged', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const wsUrl = `ws://127.0.0.1:${port}/ws`;
    const first = await startServer(port);
    const players = await Promise.all(['Ana', 'Bruno'].map((n) => register(url, n)));
    let clients = await Promise.all(players.map((p) => Client.connect(wsUrl, p)));
    const { gameId } = await clients[0]!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 2,
    });
    for (const c of clients) await c.request({ action: 'subscribe', gameId });
    await clients[1]!.request({ action: 'joinGame', gameId });
    await playToEnd(clients, gameId, 3, 30);
    const acked = Math.max(...clients.flatMap((c) => c.frames.flatMap((f) => (f.type === 'ack' ? [f.version] : []))));
    expect(acked).toBeGreaterThan(30);

    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    await startServer(port);

    // The same tokens still work (the secret is kept under DATA_DIR); a resubscribe resyncs.
    clients = await Promise.all(players.map((p) => Client.connect(wsUrl, p)));
    for (const c of clients) {
      const state = await c.request<Extract<ServerFrame, { type: 'state' }>>({ action: 'subscribe', gameId });
      expect(state.version).toBe(acked);
    }
    await playToEnd(clients, gameId, 4);
    for (const c of clients) expect(c.latest(gameId)!.status).toBe('finished');
    await Promise.all(clients.map((c) => c.close()));

    // SIGTERM shuts down cleanly: exit code 0, DynamoDB Local stopped (its pid file removed).
    const second = children.at(-1)!;
    const exited = new Promise<number | null>((r) => second.once('exit', (code) => r(code)));
    second.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'dynamodb', 'dynamodb.pid'))).toBe(false);

    // A torn stream checkpoint (a crash in the middle of writing one) does not keep it down.
    const checkpoint = path.join(dataDir, 'stream-checkpoint.json');
    expect(existsSync(checkpoint)).toBe(true);
    writeFileSync(checkpoint, '{"shardId-00000');
    const third = await startServer(port);
    const stopped = new Promise<number | null>((r) => third.once('exit', (code) => r(code)));
    third.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 180_000); // three server starts (each with its DynamoDB Local) and a whole game: over a minute on a loaded 2-core machine
});
