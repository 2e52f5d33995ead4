/**
 * The store behaviours the host relies on, as one suite run against every implementation of
 * its storage (functions/adapters/store/host-storage.ts): in memory (test/store/memory.unit.test.ts)
 * and on DynamoDB Local (test/store/dynamodb.test.ts). Each suite's ids are its own, so
 * suites may share one table.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { SNAPSHOT_FORMAT } from '../../domain/engine/projector';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { ProtocolError } from '../../functions/core/protocol/frames';
import { applyCommit, applyDecided, moduleOf, type Commit, type GameRecord, type SeatPlayer } from '../../functions/core/record';
import type { GameStore, HostRecords, HostSchedule } from '../../functions/adapters/store/host-storage';
import type { LimitName } from '../../functions/adapters/limits';
import type { StoredSnapshot } from '../../functions/adapters/store/snapshot';

export interface StoreKit {
  store: GameStore;
  records: HostRecords;
  schedule: HostSchedule;
  /** Put a snapshot in a given stored form, as older builds wrote them. */
  plantSnapshot(gameId: string, stored: StoredSnapshot): Promise<void>;
  /** Remove a game's snapshot of that version. */
  dropSnapshot(gameId: string, version: number): Promise<void>;
}

const at = '2026-11-21T12:00:00.000Z';

/** Run `body` with some limits lowered (the limits are read from the environment when checked). */
async function withLimits(limits: Partial<Record<LimitName, number>>, body: () => Promise<void>): Promise<void> {
  const saved = Object.keys(limits).map((name) => [name, process.env[`LIMIT_${name}`]] as const);
  for (const [name, value] of Object.entries(limits)) process.env[`LIMIT_${name}`] = String(value);
  try {
    await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[`LIMIT_${name}`];
      else process.env[`LIMIT_${name}`] = value;
    }
  }
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(code);
}

/** Registers the suite for the storage `kit` gives (called once the suite's tests run). */
export function storeContract(kit: () => StoreKit): void {
  // Ids of this run only: other suites, and earlier runs, may share the store.
  const run = randomBytes(4).toString('hex');
  const id = (name: string) => `${name}-${run}`;
  const person = (name: string): SeatPlayer => ({ playerId: id(name.toLowerCase()), name });

  /** Store a commit on `record` as the host does, and index the game when its seats or status changed. */
  async function write(record: GameRecord | null, commit: Commit, options: { index?: boolean } = {}): Promise<GameRecord> {
    const next = applyCommit(record, commit);
    expect(await kit().store.append(commit, next, record)).toBe(true);
    if (
      options.index !== false &&
      (!record || record.status !== next.status || record.seats.some((s, i) => s?.playerId !== next.seats[i]?.playerId))
    )
      await kit().records.indexGame(next);
    return next;
  }

  /** A tic-tac-toe game of `x` (seat 0): open; joined by `o`; with `finish`, X takes the top row. */
  async function ticTacToe(gameId: string, x: SeatPlayer, o?: SeatPlayer, options: { finish?: boolean; index?: boolean } = {}) {
    const records: GameRecord[] = [];
    let record = await write(null, planCreate({ gameId, game: 'tic-tac-toe', players: 2, options: {}, player: x, seed: 1, at }), options);
    records.push(record);
    if (o) records.push((record = await write(record, planJoin(record, o, 1, 1, at)!, options)));
    if (o && options.finish) {
      for (const [p, cell] of [
        [x, 0],
        [o, 3],
        [x, 1],
        [o, 4],
        [x, 2],
      ] as const) {
        const plan = planCommand(record, p.playerId, `${gameId}-${cell}`, { type: 'mark', cell }, at);
        if (!('commit' in plan)) throw new Error('a repeated command');
        records.push((record = applyDecided(record, plan)));
        expect(await kit().store.append(plan.commit, record, records.at(-2)!)).toBe(true);
      }
      await kit().records.indexGame(record);
    }
    return { record, records };
  }

  describe('the event store', () => {
    it('stores a commit only at a free version: a lost race returns false and the first stays', async () => {
      const { store } = kit();
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
      expect(await kit().store.load(id('nope'))).toBeNull();
      expect(await kit().store.commits(id('nope'))).toEqual([]);
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
      const load = () => kit().store.load(gameId);
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
        commits = await kit().store.commits(gameId);
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
        expect(await kit().store.load(gameId, truth[5])).toEqual(latest());
        expect(await kit().store.load(gameId, latest())).toEqual(latest());
        // The commits after the base are applied to the base itself: a wrong base shows.
        expect((await kit().store.load(gameId, marked(plain)))!.log).toContain('marked');
      });

      it('start from the latest snapshot, with the commits after it on top', async () => {
        await kit().store.saveSnapshot(truth[plain]!);
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

  describe('the records', () => {
    const conn = (name: string, player = person(name)) => ({
      connectionId: id(`conn-${name}`),
      playerId: player.playerId,
      name: player.name,
    });

    it('keep a connection: its subscriptions, its watch of the games, its presence; deleting it forgets them', async () => {
      const { records } = kit();
      const c = conn('Ana');
      await records.putConnection(c);
      expect(await records.getConnection(c.connectionId)).toMatchObject({ ...c, games: [], watchesGames: false });
      expect(await records.isOnline(c.playerId)).toBe(true);
      await records.subscribe(id('g-watched'), c, true);
      await records.subscribe(id('g-watched'), c, true); // again: the same subscription
      expect(await records.subscribers(id('g-watched'))).toEqual([{ connectionId: c.connectionId, playerId: c.playerId, logDelta: true }]);
      expect((await records.getConnection(c.connectionId))!.games).toEqual([id('g-watched')]);
      await records.watchGames(c);
      expect(await records.gamesWatchers(c.playerId)).toEqual([c.connectionId]);
      expect(await records.deleteConnection(c.connectionId)).toMatchObject({ playerId: c.playerId, games: [id('g-watched')] });
      expect(await records.subscribers(id('g-watched'))).toEqual([]);
      expect(await records.gamesWatchers(c.playerId)).toEqual([]);
      expect(await records.isOnline(c.playerId)).toBe(false);
    });

    it('drop one subscription or one watch alone', async () => {
      const { records } = kit();
      const [a, b] = [conn('Ana2'), conn('Bo2')];
      await Promise.all([records.putConnection(a), records.putConnection(b)]);
      await Promise.all([records.subscribe(id('g-two'), a), records.subscribe(id('g-two'), b), records.watchGames(a)]);
      await records.deleteSubscription(id('g-two'), a.connectionId);
      expect(await records.subscribers(id('g-two'))).toEqual([{ connectionId: b.connectionId, playerId: b.playerId, logDelta: false }]);
      await records.unwatchGames(a.playerId, a.connectionId);
      expect(await records.gamesWatchers(a.playerId)).toEqual([]);
      expect(await records.isOnline(a.playerId)).toBe(true);
    });

    it('refuse a subscription of a connection that is gone, and ignore its watch', async () => {
      const { records } = kit();
      const gone = conn('Ghost');
      await expect(records.subscribe(id('g-ghost'), gone)).rejects.toThrow();
      await records.watchGames(gone);
      expect(await records.subscribers(id('g-ghost'))).toEqual([]);
      expect(await records.gamesWatchers(gone.playerId)).toEqual([]);
    });

    it('hold the connections per player and the subscriptions per connection to their limits', async () => {
      const { records } = kit();
      await withLimits({ CONNECTIONS_PER_PLAYER: 2, SUBSCRIPTIONS_PER_CONNECTION: 2 }, async () => {
        const player = person('Many');
        const [c1, c2, c3] = [1, 2, 3].map((n) => conn(`many-${n}`, player));
        await records.putConnection(c1!);
        await records.putConnection(c2!);
        await rejectsWith(records.putConnection(c3!), 'RATE_LIMITED');
        await records.deleteConnection(c1!.connectionId);
        await records.putConnection(c3!);
        await records.subscribe(id('g-l1'), c3!);
        await records.subscribe(id('g-l2'), c3!);
        await rejectsWith(records.subscribe(id('g-l3'), c3!), 'RATE_LIMITED');
        await records.subscribe(id('g-l2'), c3!); // one it watches already
      });
    });

    it('index a game under each seated player once, and a late write of an older version changes nothing', async () => {
      const { records } = kit();
      const [x, o] = [person('Xavi'), person('Olga')];
      const { records: versions } = await ticTacToe(id('g-indexed'), x, o);
      // A late write of version 1 (the stream's, after the request's of version 2), and version 2 again.
      await records.indexGame(versions[0]!);
      await records.indexGame(versions[1]!);
      for (const [p, seat] of [
        [x, 0],
        [o, 1],
      ] as const) {
        const { games } = await records.playerGames(p.playerId, { limit: 10 });
        expect(games).toEqual([
          expect.objectContaining({ gameId: id('g-indexed'), status: 'active', yourSeat: seat, yourTurn: seat === 0, version: 2 }),
        ]);
      }
    });

    it("page a player's games: in play first, then open, then finished, each once, your turn first on a page", async () => {
      const { records } = kit();
      const [me, other] = [person('Pager'), person('Other')];
      const games: Record<string, string[]> = { active: [], open: [], finished: [] };
      for (let i = 0; i < 3; i++) {
        games.open!.push(id(`g-open-${i}`));
        await ticTacToe(id(`g-open-${i}`), me);
        games.active!.push(id(`g-active-${i}`));
        await ticTacToe(id(`g-active-${i}`), i === 1 ? other : me, i === 1 ? me : other);
        games.finished!.push(id(`g-done-${i}`));
        await ticTacToe(id(`g-done-${i}`), me, other, { finish: true });
      }
      const seen: { gameId: string; status: string; yourTurn: boolean }[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const out = await records.playerGames(me.playerId, { limit: 2, cursor });
        expect(out.games.length).toBeLessThanOrEqual(2);
        seen.push(...out.games);
        if (!out.next) break;
        cursor = out.next;
      }
      expect(seen.map((g) => g.gameId).sort()).toEqual([...games.active!, ...games.open!, ...games.finished!].sort());
      const parts = seen.map((g) => g.status);
      expect(parts).toEqual(
        [...parts].sort((a, b) => ['active', 'open', 'finished'].indexOf(a) - ['active', 'open', 'finished'].indexOf(b)),
      );
      // One page holding them all: the games where it is my turn first.
      const all = await records.playerGames(me.playerId, { limit: 20 });
      expect(all.next).toBeNull();
      expect(
        all.games
          .filter((g) => g.yourTurn)
          .map((g) => g.gameId)
          .sort(),
      ).toEqual([id('g-active-0'), id('g-active-2')].sort());
      expect(all.games.slice(0, 2).every((g) => g.yourTurn)).toBe(true);
      await rejectsWith(records.playerGames(me.playerId, { limit: 2, cursor: 'nonsense' }), 'BAD_REQUEST');
      const theirs = await records.playerGames(other.playerId, { limit: 1 });
      await rejectsWith(records.playerGames(me.playerId, { limit: 2, cursor: theirs.next! }), 'BAD_REQUEST');
    });

    it("correct an index item's status from the game's latest commit once it is read", async () => {
      const { records } = kit();
      const [me, other] = [person('Stale'), person('Joiner')];
      // Game a: indexed as open, then joined with no index write (a lost write); game b: indexed in play.
      const a = await ticTacToe(id('g-a-stale'), me);
      const joined = applyCommit(a.record, planJoin(a.record, other, 1, 1, at)!);
      expect(await kit().store.append({ ...planJoin(a.record, other, 1, 1, at)! }, joined, a.record)).toBe(true);
      await ticTacToe(id('g-b-stale'), me, other);
      const first = await records.playerGames(me.playerId, { limit: 10 });
      expect(first.games.map((g) => [g.gameId, g.status]).sort()).toEqual([
        [id('g-a-stale'), 'active'],
        [id('g-b-stale'), 'active'],
      ]);
      // Now game a is indexed in play, where it sorts first.
      const one = await records.playerGames(me.playerId, { limit: 1 });
      expect(one.games.map((g) => g.gameId)).toEqual([id('g-a-stale')]);
    });

    it('count the games a player creates per hour, and those waiting for players', async () => {
      const { records } = kit();
      const me = person('Creator');
      const hour = new Date('2026-11-21T12:10:00Z');
      await withLimits({ GAMES_PER_HOUR: 3, OPEN_GAMES: 1 }, async () => {
        const { record } = await ticTacToe(id('g-q1'), me);
        await records.countNewGame(me.playerId, id('g-q1'), true, hour);
        await rejectsWith(records.countNewGame(me.playerId, id('g-q2'), true, hour), 'RATE_LIMITED');
        // Once the open game has started, another may wait.
        await write(record, planJoin(record, person('Friend'), 1, 1, at)!);
        await records.countNewGame(me.playerId, id('g-q2'), true, hour);
        await records.countNewGame(me.playerId, id('g-q3'), false, hour);
        await rejectsWith(records.countNewGame(me.playerId, id('g-q4'), false, hour), 'RATE_LIMITED');
        await records.countNewGame(me.playerId, id('g-q4'), false, new Date(hour.getTime() + 3_600_000));
      });
    });

    it('recognise a creation sent again by its createId: the game counted then, nothing counted now', async () => {
      const { records } = kit();
      const me = person('Retrier');
      const other = person('Other');
      const hour = new Date('2026-11-21T12:10:00Z');
      await withLimits({ GAMES_PER_HOUR: 6 }, async () => {
        expect(await records.countNewGame(me.playerId, id('g-c1'), false, hour, 'c-1')).toBe(id('g-c1'));
        expect(await records.countNewGame(me.playerId, id('g-c1-again'), false, hour, 'c-1')).toBe(id('g-c1'));
        expect(await records.countNewGame(other.playerId, id('g-c1-other'), false, hour, 'c-1')).toBe(id('g-c1-other'));
        // Five creations with createIds and one without: six counted, the hour is full; the last 4 createIds are kept.
        for (let i = 2; i <= 5; i++) await records.countNewGame(me.playerId, id(`g-c${i}`), false, hour, `c-${i}`);
        expect(await records.countNewGame(me.playerId, id('g-c6'), false, hour)).toBe(id('g-c6'));
        await rejectsWith(records.countNewGame(me.playerId, id('g-c7'), false, hour), 'RATE_LIMITED');
        expect(await records.countNewGame(me.playerId, id('g-c2-again'), false, hour, 'c-2')).toBe(id('g-c2'));
        // c-1 is the oldest of five: forgotten, so it would count (and the hour is full).
        await rejectsWith(records.countNewGame(me.playerId, id('g-c1-late'), false, hour, 'c-1'), 'RATE_LIMITED');
      });
    });
  });

  describe('the schedule', () => {
    const time = (h: number, day = 1) => new Date(Date.UTC(2026, 0, day, h));
    const dueAt = async (t: Date, gameIds: string[]) =>
      (await kit().schedule.dueClocks(t)).due.filter((d) => gameIds.includes(d.gameId)).map((d) => [d.gameId, d.due.toISOString()]);

    it('gives the due items up to a time, whichever shard holds them, each game once', async () => {
      const { schedule } = kit();
      const games = Array.from({ length: 8 }, (_, i) => id(`due-${i}`));
      for (const [i, gameId] of games.entries()) await schedule.setClockDue(gameId, time(i), 1);
      expect((await dueAt(time(3), games)).sort()).toEqual(
        games
          .slice(0, 4)
          .map((g, i) => [g, time(i).toISOString()])
          .sort(),
      );
      // A later version moves a due time, or clears it.
      await schedule.setClockDue(games[0]!, time(9), 2);
      await schedule.setClockDue(games[1]!, null, 2);
      expect((await dueAt(time(3), games)).map(([g]) => g).sort()).toEqual(games.slice(2, 4).sort());
      expect((await dueAt(time(9), games)).filter(([g]) => g === games[0])).toEqual([[games[0], time(9).toISOString()]]);
    });

    it('keep the due time of the latest version when writes land out of order', async () => {
      const { schedule } = kit();
      const late = [id('late')];
      await schedule.setClockDue(late[0]!, time(10, 2), 5);
      await schedule.setClockDue(late[0]!, time(12, 2), 4); // an older commit's write, landing second
      expect(await dueAt(time(11, 2), late)).toEqual([[late[0], time(10, 2).toISOString()]]);
      await schedule.setClockDue(late[0]!, null, 3); // an older "no clock" must not delete it either
      expect(await dueAt(time(23, 2), late)).toHaveLength(1);
      await schedule.setClockDue(late[0]!, time(20, 2), 5); // the same version again: the sweep's recomputation
      expect(await dueAt(time(11, 2), late)).toEqual([]);
      await schedule.setClockDue(late[0]!, null, 6); // the game ended
      expect(await dueAt(time(23, 2), late)).toEqual([]);
    });

    it("let the stream's write stand aside when the request (or the sweep) set this version already", async () => {
      const { schedule } = kit();
      const twice = [id('twice')];
      await schedule.setClockDue(twice[0]!, time(10, 3), 7); // the request's write
      await schedule.setClockDue(twice[0]!, time(15, 3), 7); // the sweep moves it (same version)
      await schedule.setClockDue(twice[0]!, time(10, 3), 7, { unlessSet: true }); // the stream's, later: nothing written
      expect(await dueAt(time(23, 3), twice)).toEqual([[twice[0], time(15, 3).toISOString()]]);
      // A version the request did not get to write: the stream writes it.
      await schedule.setClockDue(twice[0]!, time(18, 3), 8, { unlessSet: true });
      expect(await dueAt(time(23, 3), twice)).toEqual([[twice[0], time(18, 3).toISOString()]]);
    });

    it("remove a handled due item only if it is no longer the game's current one", async () => {
      const { schedule } = kit();
      const game = [id('handled')];
      await schedule.setClockDue(game[0]!, time(5, 4), 1);
      const [item] = (await schedule.dueClocks(time(6, 4))).due.filter((d) => d.gameId === game[0]);
      await schedule.removeDueIfStale(item!); // still the current one: it stays
      expect(await dueAt(time(6, 4), game)).toHaveLength(1);
      await schedule.setClockDue(game[0]!, time(8, 4), 2);
      await schedule.removeDueIfStale(item!); // gone already: nothing to do
      expect(await dueAt(time(23, 4), game)).toEqual([[game[0], time(8, 4).toISOString()]]);
    });
  });
}
