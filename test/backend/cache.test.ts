/**
 * The per-process cache of game records is bounded: touching more games than it holds keeps it
 * at its size, and a game that fell out of it is read from the store again, also by the sole
 * writer — its next command is stored at the right version.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../functions/host/host';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { getRuntime, senderFor } from '../../functions/host/runtime';
import { getGames } from '../../functions/host/runtime-games';
import { startLocalServer, type LocalServer } from '../../local/server';
import { register } from '../support/client';
import { commitsOf } from '../support/table';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

describe('the game cache', () => {
  it('holds at most its size, and an evicted game is read again before its next command', async () => {
    const { records, schedule } = getRuntime();
    const { store } = getGames();
    const { games: cache, commands } = createHost({
      store,
      records,
      schedule,
      now: () => new Date(),
      newGameId: () => randomBytes(12).toString('base64url'),
      newSeed: () => 7,
      soleWriter: true,
      cachedGames: 3,
    });
    const sender = senderFor({});
    const ana = await register(server.url, 'Ana');
    const conn = { connectionId: 'no-socket', playerId: ana.playerId, name: ana.name };
    const games: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await commands.createGame(conn, { action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }, sender);
      await created.after?.();
      games.push((created.reply as Extract<ServerFrame, { type: 'gameCreated' }>).gameId);
      expect(cache.cacheSize).toBeLessThanOrEqual(3);
    }
    // The first game left the cache long ago: its command is decided on the stored record.
    const first = await cache.fresh(games[0]!);
    const answer = await commands.command(
      conn,
      { action: 'command', gameId: games[0]!, commandId: 'late', command: { type: 'mark', cell: 4 } },
      sender,
    );
    expect(answer.reply).toMatchObject({ type: 'ack', version: first.version + 1 });
    await answer.after?.();
    const versions = (await commitsOf(server.dynamo.endpoint, games[0]!)).map((c) => c.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(versions.length).toBeGreaterThan(first.version);
  });
});
