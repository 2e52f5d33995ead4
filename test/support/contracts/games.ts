/**
 * The event store (GameStore): commits at free versions only, loads from snapshots of every stored
 * format, and the commits after them; a finished game compacted into its archive, every read
 * answering as before, also after a compaction that died half way or ran twice at once.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../domain/engine/rng';
import { SNAPSHOT_FORMAT } from '../../../domain/engine/projector';
import { planCommand, planCreate, planJoin, planUndo } from '../../../functions/core/plans';
import { applyCommit, moduleOf, type Commit, type GameRecord } from '../../../functions/core/record';
import type { StoredSnapshot } from '../../../functions/adapters/store/snapshot';
import { commitItem } from '../../../functions/adapters/store/event-store';
import { at, type StoreKit, type SuiteContext } from './kit';

export function gameStoreContract(kit: () => StoreKit, { id, person, write, ticTacToe }: SuiteContext): void {
  describe('the event store', () => {
    it('stores a commit only at a free version: a lost race returns false and the first stays', async () => {
      const store = kit().stores.games;
      const create = planCreate({ gameId: id('race'), game: 'tic-tac-toe', players: 2, options: {}, player: person('Ana'), seed: 1, at });
      const record = applyCommit(null, create);
      expect(await store.append(create, record, null)).toBe(true);
      expect(await store.append({ ...create, playerId: 'someone-else' }, record, null)).toBe(false);
      // Many writers of the next version at once: one wins.
      const join = planJoin(record, person('Bo'), 1, 1, at)!;
      const joined = applyCommit(record, join);
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((w) => store.append({ ...join, playerId: w }, joined, record)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const commits = await store.commits(id('race'));
      expect(commits.map((c) => [c.version, c.playerId])).toEqual([
        [1, person('Ana').playerId],
        [2, ['a', 'b', 'c', 'd'][results.indexOf(true)]],
      ]);
    });

    it('has nothing for a game that does not exist', async () => {
      expect(await kit().stores.games.load(id('nope'))).toBeNull();
      expect(await kit().stores.games.commits(id('nope'))).toEqual([]);
    });

    describe('loads', () => {
      const gameId = id('shapes');
      let commits: Commit[];
      /** The record at each version, folded from the commits: the truth. */
      const truth: GameRecord[] = [];
      /** The version of a move that can be taken back, and is, by the next commit. */
      let undoable: number;
      /** A version with nothing to take back, before the last. */
      let plain: number;
      const planted: number[] = [];
      const latest = () => truth.at(-1)!;
      const load = () => kit().stores.games.load(gameId);
      const plant = async (version: number, stored: Omit<StoredSnapshot, 'version'>) => {
        planted.push(version);
        await kit().plantSnapshot(gameId, { version, ...stored });
      };
      /** A record that differs from the truth by its first log line (no later commit takes it back), to tell whether a load started from it. */
      const marked = (version: number): GameRecord => ({ ...truth[version]!, log: ['marked', ...truth[version]!.log.slice(1)] });
      // Each test's snapshot is the game's only one.
      afterEach(async () => {
        for (const version of planted.splice(0)) await kit().dropSnapshot(gameId, version);
      });

      beforeAll(async () => {
        // A 3-player Vasco da Gama game of random moves; the first move after version 10 that can be taken back is.
        const players = ['Ana', 'Bo', 'Cy'].map(person);
        let record = await write(
          null,
          planCreate({ gameId, game: 'vasco-da-gama', players: 3, options: {}, player: players[0]!, seed: 1, at }),
        );
        for (const p of players.slice(1)) record = await write(record, planJoin(record, p, undefined, 99, at)!);
        const rng = new Rng(5);
        let undone = false;
        for (let i = 0; i < 14; i++) {
          const seat = moduleOf(record).activeSeats(record.state)[0]!;
          const legal = moduleOf(record).legal(record.state, seat);
          const plan = planCommand(record, players[seat]!.playerId, `c${i}`, legal[rng.int(legal.length)], at);
          if (!('commit' in plan)) throw new Error('a repeated command');
          record = await write(record, plan.commit);
          if (!undone && record.undo && record.version > 10) {
            record = await write(record, planUndo(record, players[record.undo.seat]!.playerId, at));
            undone = true;
          }
        }
        commits = await kit().stores.games.commits(gameId);
        commits.reduce<GameRecord | null>((r, c) => (truth[c.version] = applyCommit(r, c)), null);
        expect(latest()).toEqual(record);
        undoable = commits.find((c) => c.events[0]?.type === '$undone')!.version - 1;
        plain = truth.findIndex((r, v) => r && v > 3 && v < truth.length - 1 && r.undo === null);
        expect(plain).toBeGreaterThan(0);
      });

      it('return the commits in version order, and the record they fold to', async () => {
        expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
        expect(await load()).toEqual(latest());
      });

      it('go on from an earlier record with only the commits after it', async () => {
        expect(await kit().stores.games.load(gameId, truth[5])).toEqual(latest());
        expect(await kit().stores.games.load(gameId, latest())).toEqual(latest());
        // The commits after the base are applied to the base itself: a wrong base shows.
        expect((await kit().stores.games.load(gameId, marked(plain)))!.log).toContain('marked');
      });

      it('start from the latest snapshot, with the commits after it on top', async () => {
        await kit().stores.games.saveSnapshot(truth[plain]!);
        planted.push(plain);
        expect(await load()).toEqual(latest());
        await plant(plain + 1, {
          snapshotGz: gzipSync(
            JSON.stringify({
              format: SNAPSHOT_FORMAT,
              game: 'vasco-da-gama',
              rulesVersion: '1',
              version: plain + 1,
              state: marked(plain + 1),
            }),
          ),
        });
        const loaded = (await load())!;
        expect(loaded.log).toContain('marked');
        expect(loaded.version).toBe(latest().version);
      });

      it('read a snapshot of format 0: the bare record as JSON text', async () => {
        await plant(10, { record: JSON.stringify(truth[10]) });
        expect(await load()).toEqual(latest());
        await plant(10, { record: JSON.stringify(marked(10)) });
        expect((await load())!.log).toContain('marked');
      });

      it('read a snapshot of format 1: the bare record gzipped', async () => {
        await plant(11, { recordGz: gzipSync(JSON.stringify(truth[11])) });
        expect(await load()).toEqual(latest());
        await plant(11, { recordGz: gzipSync(JSON.stringify(marked(11))) });
        expect((await load())!.log).toContain('marked');
      });

      it("upcast the first records' shape: no bots, absent seats, votes, end, clock or undo", async () => {
        const { bots, absent, ended, votes, clock, undo, ...first } = truth[plain]!;
        expect({ bots, absent, ended, votes, clock, undo }).toEqual({
          bots: [null, null, null],
          absent: [false, false, false],
          ended: null,
          votes: [],
          clock: null,
          undo: null,
        });
        await plant(plain, { record: JSON.stringify(first) });
        expect(await load()).toEqual(latest());
      });

      it('upcast an undo that kept the log length before the move, taken back after the snapshot', async () => {
        const record = truth[undoable]!;
        const { logAdded, ...undo } = record.undo!;
        await plant(undoable, { record: JSON.stringify({ ...record, undo: { ...undo, logLength: record.log.length - logAdded } }) });
        expect(await load()).toEqual(latest());
      });

      it('do not use a snapshot of other rules, of a newer format or unreadable, and fold the commits instead', async () => {
        const v = plain + 1;
        const envelope = { format: SNAPSHOT_FORMAT, game: 'vasco-da-gama', rulesVersion: '1', version: v, state: marked(v) };
        for (const refused of [
          { ...envelope, rulesVersion: '0' },
          { ...envelope, rulesVersion: '0', state: { ...marked(v), rulesVersion: '0' } },
          { ...envelope, game: 'goa' },
          { ...envelope, format: SNAPSHOT_FORMAT + 1 },
          { ...envelope, version: v + 1 },
        ]) {
          await plant(v, { snapshotGz: gzipSync(JSON.stringify(refused)) });
          expect(await load()).toEqual(latest());
        }
        await plant(v, { snapshotGz: new Uint8Array([1, 2, 3]) });
        expect(await load()).toEqual(latest());
        await plant(v, { record: '{"not json' });
        expect(await load()).toEqual(latest());
        // The same envelope with the game's own rules is used.
        await plant(v, { snapshotGz: gzipSync(JSON.stringify(envelope)) });
        expect((await load())!.log).toContain('marked');
      });
    });

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
        expect(await kit().stores.games.compact(game.record)).toEqual({ archived: 7, removed: 7 });
        expect(await game.reads()).toEqual(game.before);
        // Again: nothing left to do.
        expect(await kit().stores.games.compact(game.record)).toEqual({ archived: 0, removed: 0 });
        expect(await game.reads()).toEqual(game.before);
      });

      it('refuses a game that has not finished, or a record that is not its last, and changes nothing', async () => {
        const game = await finished('refused');
        await expect(kit().stores.games.compact(game.records.at(-2)!)).rejects.toThrow(/not a finished game's final record/);
        const running = await ticTacToe(id('running'), person('Rita'), person('Rolf'));
        await expect(kit().stores.games.compact(running.record)).rejects.toThrow(/not a finished game's final record/);
        expect(await game.reads()).toEqual(game.before);
        expect(await kit().stores.games.commits(id('running'))).toHaveLength(2);
      });

      it('answers as before after a compaction that died before its deletes, or half way through them; the next one finishes it', async () => {
        const game = await finished('died');
        await kit().stores.games.compact(game.record);
        // Died before its deletes: the archive and every hot commit.
        for (const item of game.items) await kit().restoreCommit(item);
        expect(await game.reads()).toEqual(game.before);
        expect(await kit().stores.games.compact(game.record)).toEqual({ archived: 0, removed: 6 });
        // Died half way through them: a few hot commits left, with gaps between.
        for (const item of [game.items[1]!, game.items[3]!]) await kit().restoreCommit(item);
        expect(await game.reads()).toEqual(game.before);
        expect(await kit().stores.games.compact(game.record)).toEqual({ archived: 0, removed: 2 });
        expect(await game.reads()).toEqual(game.before);
      });

      it('runs twice at once: one archive, and every read answers as before', async () => {
        const game = await finished('twice');
        const both = await Promise.all([kit().stores.games.compact(game.record), kit().stores.games.compact(game.record)]);
        expect(both.map((b) => b.archived).sort((a, b) => a - b)).toEqual([0, 7]);
        expect(await game.reads()).toEqual(game.before);
        expect(await kit().stores.games.compact(game.record)).toEqual({ archived: 0, removed: 0 });
      });
    });
  });
}
