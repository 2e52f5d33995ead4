/**
 * The per-process cache of game records is bounded: touching more games than it holds keeps it
 * at its size, and a game that fell out of it is read from the store again, also by the sole
 * writer — its next command is stored at the right version.
 */
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { memoryHost } from '../support/memory-host';

describe('the game cache', () => {
  it('holds at most its size, and an evicted game is read again before its next command', async () => {
    const h = memoryHost({ soleWriter: true, cachedGames: 3 });
    const { games: cache, commands } = h.host;
    const ana = await h.connect('Ana');
    const games: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await h.settle<Extract<ServerFrame, { type: 'gameCreated' }>>(
        commands.createGame(ana, { action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }, h.sender),
      );
      games.push(created.gameId);
      expect(cache.cacheSize).toBeLessThanOrEqual(3);
    }
    // The first game left the cache long ago: its command is decided on the stored record.
    expect(cache.cached(games[0]!)).toBeUndefined();
    const reads = h.storage.store.usage.reads;
    const first = await cache.fresh(games[0]!);
    expect(h.storage.store.usage.reads).toBeGreaterThan(reads);
    const answer = await h.settle(
      commands.command(ana, { action: 'command', gameId: games[0]!, commandId: 'late', command: { type: 'mark', cell: 4 } }, h.sender),
    );
    expect(answer).toMatchObject({ type: 'ack', version: first.version + 1 });
    const versions = (await h.storage.store.commits(games[0]!)).map((c) => c.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(versions.length).toBeGreaterThan(first.version);
  });
});
