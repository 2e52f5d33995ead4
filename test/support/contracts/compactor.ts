/**
 * The compaction of finished games (GameCompactor): the commits archived, the hot ones but the
 * last deleted, and every read of the event store (GameStore) and of the players' list answering
 * as before — also after a compaction that died half way, or ran twice at once.
 */
import { describe, expect, it } from 'vitest';
import { commitItem } from '../../../functions/adapters/store/event-store';
import type { StoreKit, SuiteContext } from './kit';

export function compactorContract(kit: () => StoreKit, { id, person, ticTacToe }: SuiteContext): void {
  describe('compaction of a finished game', () => {
    /** A finished tic-tac-toe game of two players of its own (7 versions, a snapshot at 5), and every read of it before any compaction. */
    async function finished(name: string) {
      const gameId = id(name);
      const [x, o] = [person(`Xena-${name}`), person(`Otto-${name}`)];
      const { record, records } = await ticTacToe(gameId, x, o, { finish: true });
      await kit().stores.games.saveSnapshot(records[4]!);
      const store = kit().stores.games;
      const reads = async () => ({
        load: await store.load(gameId),
        fromStart: await store.load(gameId, records[0]),
        fromBeforeLast: await store.load(gameId, records.at(-2)),
        fromLast: await store.load(gameId, record),
        commits: await store.commits(gameId),
        list: await kit().stores.playerGames.playerGames(x.playerId, { limit: 50 }),
      });
      /** The commit items as the store wrote them (to put back, as a compaction that died would leave them). */
      const items = (await store.commits(gameId)).map((c, i) => commitItem(c, records[i]!, records[i - 1] ?? null, store.redriveAfterMs));
      return { gameId, record, records, reads, before: await reads(), items };
    }

    it('archives the commits and deletes the hot ones but the last, and every read answers as before', async () => {
      const game = await finished('compact');
      expect(game.before.load).toEqual(game.record);
      expect(game.before.commits.map((c) => c.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      // Every commit but the last, and the snapshot before the final one (written by the compaction).
      expect(await kit().stores.compactor.compact(game.record)).toEqual({ archived: 7, removed: 7 });
      expect(await game.reads()).toEqual(game.before);
      // Again: nothing left to do.
      expect(await kit().stores.compactor.compact(game.record)).toEqual({ archived: 0, removed: 0 });
      expect(await game.reads()).toEqual(game.before);
    });

    it('refuses a game that has not finished, or a record that is not its last, and changes nothing', async () => {
      const game = await finished('refused');
      await expect(kit().stores.compactor.compact(game.records.at(-2)!)).rejects.toThrow(/not a finished game's final record/);
      const running = await ticTacToe(id('running'), person('Rita'), person('Rolf'));
      await expect(kit().stores.compactor.compact(running.record)).rejects.toThrow(/not a finished game's final record/);
      expect(await game.reads()).toEqual(game.before);
      expect(await kit().stores.games.commits(id('running'))).toHaveLength(2);
    });

    it('answers as before after a compaction that died before its deletes, or half way through them; the next one finishes it', async () => {
      const game = await finished('died');
      await kit().stores.compactor.compact(game.record);
      // Died before its deletes: the archive and every hot commit.
      for (const item of game.items) await kit().restoreCommit(item);
      expect(await game.reads()).toEqual(game.before);
      expect(await kit().stores.compactor.compact(game.record)).toEqual({ archived: 0, removed: 6 });
      // Died half way through them: a few hot commits left, with gaps between.
      for (const item of [game.items[1]!, game.items[3]!]) await kit().restoreCommit(item);
      expect(await game.reads()).toEqual(game.before);
      expect(await kit().stores.compactor.compact(game.record)).toEqual({ archived: 0, removed: 2 });
      expect(await game.reads()).toEqual(game.before);
    });

    it('runs twice at once: one archive, and every read answers as before', async () => {
      const game = await finished('twice');
      const both = await Promise.all([kit().stores.compactor.compact(game.record), kit().stores.compactor.compact(game.record)]);
      expect(both.map((b) => b.archived).sort((a, b) => a - b)).toEqual([0, 7]);
      expect(await game.reads()).toEqual(game.before);
      expect(await kit().stores.compactor.compact(game.record)).toEqual({ archived: 0, removed: 0 });
    });
  });
}
