/**
 * The local runtime is its games' sole writer and trusts its cached records; but its stream can
 * hand a commit to the reactions before the writer that stored it has cached it. The reaction
 * must then read the store: reading the cache, it took the older version for a newer one and
 * left the bot's move to nobody (a 4-player game with three bots stood still).
 */
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../functions/core/plans';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { memoryHost } from '../support/memory-host';

describe('a stream record that arrives before its storer cached the commit', () => {
  it('still gets its automatic move played, on the stored version', async () => {
    const h = memoryHost({ soleWriter: true });
    const ana = await h.connect('Ana');
    const { gameId } = await h.settle<Extract<ServerFrame, { type: 'gameCreated' }>>(
      h.host.commands.createGame(ana, { action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }, h.sender),
    );
    await h.stream();
    const before = await h.stored(gameId);
    expect(before.bots[1]).toBeTruthy();

    // The store hands the new commit to the stream before its append returns to the writer.
    const store = h.storage.store;
    const append = store.append.bind(store);
    store.append = async (...args) => {
      const ok = await append(...args);
      store.append = append;
      if (ok) await h.stream();
      return ok;
    };
    // Ana's move, stored without a claim (as a chain's last move is): the stream's reaction plays the bot's reply.
    const at = h.now().toISOString();
    const stored = await h.host.games.commit(gameId, (r) => {
      const plan = planCommand(r, ana.playerId, 'ana-1', { type: 'mark', cell: 4 }, at);
      return 'duplicateOf' in plan ? null : plan;
    });
    expect(stored.committed).toBe(true);

    const after = await h.stored(gameId);
    expect(after.version).toBe(before.version + 2);
    expect(after.log.at(-1)).toMatch(/bot/i);
    expect(h.host.games.cached(gameId)!.version).toBe(after.version);
  });
});
