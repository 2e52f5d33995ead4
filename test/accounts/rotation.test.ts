/**
 * Rotating the token key while players are connected, on the local server with a data folder
 * (its key set is the file DATA_DIR/secret, rotated as `scripts/rotate-key.ts` does): nobody
 * is signed out — open sockets keep playing, tokens of the retired key still connect until they
 * expire, refreshes hand out tokens of the new key, a token of the new key is accepted before
 * the server has read the new set on its own, v1 tokens keep working — while tokens past their
 * expiry, and tokens of a key dropped a day after its retirement, are refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { parseKeySet, RETIRED_KEEP_MS } from '../../functions/core/key-set';
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from '../../functions/core/session-token';
import { signingKeys } from '../../functions/app/keys';
import { rotateKeyFile } from '../../scripts/rotate-key';
import { startLocalServer, type LocalServer } from '../../local/server';
import { Client, register } from '../support/client';
import { post, signUp, type DeviceSession } from '../support/accounts';

let server: LocalServer;
let dataDir: string;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caravela-rotation-'));
  server = await startLocalServer({ port: 0, dataDir, sweepIntervalMs: 0, now: clock });
}, 90_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keyFile = () => path.join(dataDir, 'secret');
const kidOf = (token: string) => token.split('.')[1];
async function connects(token: string): Promise<boolean> {
  try {
    await (await Client.connect(server.wsUrl, { playerId: '', name: '', token })).close();
    return true;
  } catch (error) {
    if (/refused: 401/.test((error as Error).message)) return false;
    throw error;
  }
}

describe('rotating the signing key', () => {
  it('signs nobody out; expired tokens and tokens of a dropped key are refused', async () => {
    const ana = await signUp(server.url, 'Ana');
    const bruno = await signUp(server.url, 'Bruno');
    const carla = await register(server.url, 'Carla');
    const loadedAt = Date.now();
    expect(kidOf(ana.token)).toBe('k0');
    const [a, b, c] = await Promise.all([
      Client.connect(server.wsUrl, ana),
      Client.connect(server.wsUrl, bruno),
      Client.connect(server.wsUrl, carla),
    ]);
    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await b.request({ action: 'joinGame', gameId });
    await a.request({ action: 'subscribe', gameId });
    await b.request({ action: 'subscribe', gameId });

    const rotated = rotateKeyFile(keyFile());
    expect(rotated.current).toBe('k1');
    expect(Object.keys(parseKeySet(readFileSync(keyFile(), 'utf8')).keys)).toEqual(['k0', 'k1']);

    // Another instance signed with the new key before this one read it: its token is accepted (the set is read again).
    await sleep(Math.max(0, loadedAt + 10_500 - Date.now()));
    const fromElsewhere = issueAccessToken(
      { playerId: ana.playerId, name: 'Ana', deviceId: ana.deviceId },
      'k1',
      rotated.keys.k1!,
      clock(),
    );
    expect(await connects(fromElsewhere)).toBe(true);

    // The open sockets play on.
    const [mover, other] = a.latest(gameId)!.legal.length ? [a, b] : [b, a];
    const version = mover.latest(gameId)!.version + 1;
    expect(
      await mover.request({ action: 'command', gameId, commandId: 'after-rotation', command: mover.latest(gameId)!.legal[0] }),
    ).toMatchObject({ type: 'ack', version });
    await other.waitFor((f) => f.type === 'state' && f.gameId === gameId && f.version === version);
    expect(await c.request({ action: 'ping' })).toMatchObject({ type: 'pong' });

    // Tokens of the retired key connect until they expire; refreshes hand out the new key's.
    expect(await connects(bruno.token)).toBe(true);
    expect(await connects(carla.token)).toBe(true);
    const refreshed = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: ana.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(kidOf(refreshed.body.token)).toBe('k1');
    expect(await connects(refreshed.body.token)).toBe(true);

    offsetMs = ACCESS_TOKEN_SECONDS * 1000;
    expect(await connects(bruno.token)).toBe(false);
    expect(await connects(refreshed.body.token)).toBe(false);
    const later = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: bruno.refreshToken });
    expect(later.status).toBe(200);
    expect(kidOf(later.body.token)).toBe('k1');
    expect(await connects(later.body.token)).toBe(true);

    // Two more rotations a day apart: k1 is dropped, so even an unexpired k1 token is refused; v1 tokens (legacy k0) still work.
    const day = RETIRED_KEEP_MS + 60_000;
    rotateKeyFile(keyFile(), { now: new Date(Date.now() + day) });
    const last = rotateKeyFile(keyFile(), { now: new Date(Date.now() + 2 * day) });
    expect(Object.keys(last.keys).sort()).toEqual(['k0', 'k2', 'k3']);
    await server.app.get(signingKeys).reload();
    offsetMs = 2 * day;
    expect(
      await connects(issueAccessToken({ playerId: ana.playerId, name: 'Ana', deviceId: ana.deviceId }, 'k1', rotated.keys.k1!, clock())),
    ).toBe(false);
    expect(await connects(carla.token)).toBe(true);
    const fresh = await post<DeviceSession>(server.url, '/api/session/refresh', { refreshToken: later.body.refreshToken });
    expect(kidOf(fresh.body.token)).toBe('k3');
    expect(await connects(fresh.body.token)).toBe(true);
    offsetMs = 0;
    await Promise.all([a.close(), b.close(), c.close()]);
  }, 90_000);
});
