/**
 * The event store (GameStore): commits at free versions only, loads from snapshots of every
 * stored format, and the commits after them; the lease on a game's next automatic move.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../domain/engine/rng';
import { SNAPSHOT_FORMAT } from '../../../domain/engine/projector';
import { planCommand, planCreate, planJoin, planUndo } from '../../../functions/core/plans';
import { applyCommit, moduleOf, type Commit, type GameRecord } from '../../../functions/core/record';
import type { StoredSnapshot } from '../../../functions/adapters/store/snapshot';
import { at, type StoreKit, type SuiteContext } from './kit';

export function gameStoreContract(kit: () => StoreKit, { id, person, write }: SuiteContext): void {
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

    it("leases a game's next automatic move to one caller at a time: refused while unlapsed, taken over once lapsed, never back to an earlier version", async () => {
      const store = kit().stores.games;
      const gameId = id('lease');
      const t = (s: number) => new Date(Date.parse(at) + s * 1000);
      // Many callers at once for the move after version 3: one holds it, until t(10).
      const first = await Promise.all([1, 2, 3, 4].map(() => store.leaseMove(gameId, 3, t(10), t(0))));
      expect(first.filter(Boolean)).toHaveLength(1);
      expect(await store.leaseMove(gameId, 3, t(19), t(9))).toBe(false);
      // Lapsed (its holder died): taken over, once.
      const again = await Promise.all([1, 2].map(() => store.leaseMove(gameId, 3, t(20), t(10))));
      expect(again.filter(Boolean)).toHaveLength(1);
      // The next version's move is another lease, whatever the last holds; an earlier version's is played already.
      expect(await store.leaseMove(gameId, 4, t(21), t(11))).toBe(true);
      expect(await store.leaseMove(gameId, 3, t(100), t(90))).toBe(false);
      // Another game's lease is its own.
      expect(await store.leaseMove(id('lease-other'), 3, t(10), t(0))).toBe(true);
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
  });
}
