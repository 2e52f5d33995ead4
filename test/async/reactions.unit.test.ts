/**
 * A game never waits on a bot: a commit that leaves an automatic move (stored by a request, or
 * by an invocation that died right after its write: here the commit is written straight into the
 * store) is delivered by the table's stream to the Bots function, whose reaction plays the next
 * automatic move, and the next, until a person is to act. A move whose lease another holds is
 * left to it until the lease lapses, then taken over. Cloud path: records in the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommit, moduleOf } from '../../functions/core/record';
import { planAutomatic, planCommand, planCreate, planJoin } from '../../functions/core/plans';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { register } from '../support/client';
import { commitsOf } from '../support/table';
import { eventStore } from '../../functions/app/games';
import { records as recordsPart } from '../../functions/app/games';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, tableOnlyRecords: true });
}, 90_000);
afterAll(async () => server?.close());

/** Wait until the game's latest commit leaves seat 0 (the person) to act. */
async function untilPersonActs(gameId: string): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    const commits = await commitsOf(server.app, gameId);
    let record = null;
    for (const c of commits) record = applyCommit(record, c);
    const active = record!.status === 'active' ? moduleOf(record!).activeSeats(record!.state) : [];
    if (active.includes(0) || record!.status === 'finished') return commits.map((c) => c.version);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${gameId}: still waiting on a bot`);
}

describe('reactions to commits', () => {
  it("play the bots' moves of a game whose creating invocation died right after its write", async () => {
    const ana = await register(server.url, 'Ana');
    const store = server.app.get(eventStore);
    // Seeds chosen so that a bot is to act first (the first player is drawn at random).
    let stuck: string | null = null;
    for (let seed = 1; seed < 50 && !stuck; seed++) {
      const commit = planCreate({
        gameId: `died-${seed}`,
        game: 'vasco-da-gama',
        players: 4,
        options: {},
        player: { playerId: ana.playerId, name: ana.name },
        bots: [1, 2, 3],
        seed,
        at: new Date().toISOString(),
      });
      const record = applyCommit(null, commit);
      if (moduleOf(record).activeSeats(record.state).includes(0)) continue;
      expect(await store.append(commit, record, null)).toBe(true);
      stuck = commit.gameId;
    }
    expect(stuck).not.toBeNull();
    const versions = await untilPersonActs(stuck!);
    // The bots moved (nothing in the request did), each version exactly once.
    expect(versions.length).toBeGreaterThan(1);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it('leave a move whose lease another holds to it, and take it over once the lease lapsed (its holder died)', async () => {
    const ana = await register(server.url, 'Alma');
    const store = server.app.get(eventStore);
    for (let seed = 1; seed < 50; seed++) {
      const commit = planCreate({
        gameId: `leased-${seed}`,
        game: 'vasco-da-gama',
        players: 4,
        options: {},
        player: { playerId: ana.playerId, name: ana.name },
        bots: [1, 2, 3],
        seed,
        at: new Date().toISOString(),
      });
      const record = applyCommit(null, commit);
      if (moduleOf(record).activeSeats(record.state).includes(0)) continue;
      // A holder that took the lease on the move after version 1, then died.
      const lapses = new Date(Date.now() + 600);
      expect(await store.leaseMove(commit.gameId, 1, lapses, new Date())).toBe(true);
      expect(await store.append(commit, record, null)).toBe(true);
      // The stream delivers the record again until the lease lapsed; then the move is played, once.
      await server.notified();
      const commits = await commitsOf(server.app, commit.gameId);
      expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
      expect(commits.length).toBeGreaterThan(1);
      expect(Date.parse(commits[1]!.at)).toBeGreaterThanOrEqual(lapses.getTime());
      return;
    }
    throw new Error('no seed with a bot to act first');
  });

  it('take over a bot chain that died after one of its moves, and never store a version twice', async () => {
    const ana = await register(server.url, 'Amélia');
    const store = server.app.get(eventStore);
    for (let seed = 100; seed < 200; seed++) {
      const commit = planCreate({
        gameId: `chain-${seed}`,
        game: 'vasco-da-gama',
        players: 4,
        options: {},
        player: { playerId: ana.playerId, name: ana.name },
        bots: [1, 2, 3],
        seed,
        at: new Date().toISOString(),
      });
      const created = applyCommit(null, commit);
      const module = moduleOf(created);
      const seat = module.activeSeats(created.state).find((s) => s !== 0);
      if (seat === undefined) continue;
      // Version 1 and one bot move are stored, claiming nothing (as the stream's own chain stores
      // them), by an instance that then died: two stream records that both leave a bot to act;
      // only the latest may be played on, exactly once.
      expect(await store.append(commit, created, null)).toBe(true);
      const { commit: move } = planAutomatic(created, seat, module.legal(created.state, seat)[0], new Date().toISOString());
      const moved = applyCommit(created, move);
      if (module.activeSeats(moved.state).includes(0)) continue;
      expect(await store.append(move, moved, created)).toBe(true);
      const versions = await untilPersonActs(commit.gameId);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      expect(versions.length).toBeGreaterThan(2);
      return;
    }
    throw new Error('no seed with a bot to act first');
  });

  it("keep the players' game index and write the snapshots when every request died right after its write", async () => {
    const ana = await register(server.url, 'Aurora');
    const bo = await register(server.url, 'Bo');
    const records = server.app.get(recordsPart);
    const store = server.app.get(eventStore);
    const at = () => new Date().toISOString();
    const create = planCreate({
      gameId: 'index-died',
      game: 'vasco-da-gama',
      players: 2,
      options: {},
      player: { playerId: ana.playerId, name: ana.name },
      seed: 5,
      at: at(),
    });
    let record = applyCommit(null, create);
    expect(await store.append(create, record, null)).toBe(true);
    const join = planJoin(record, { playerId: bo.playerId, name: 'Bo' }, undefined, 6, at())!;
    let next = applyCommit(record, join);
    expect(await store.append(join, next, record)).toBe(true);
    record = next;
    // 30 moves, each stored by a request that died before any follow-up work.
    while (record.version < 30) {
      const seat = moduleOf(record).activeSeats(record.state)[0]!;
      const plan = planCommand(
        record,
        record.seats[seat]!.playerId,
        `c${record.version}`,
        moduleOf(record).legal(record.state, seat)[0],
        at(),
      );
      if (!('commit' in plan)) throw new Error('not a commit');
      next = applyCommit(record, plan.commit);
      expect(await store.append(plan.commit, next, record)).toBe(true);
      record = next;
    }
    let snapshots: number[] = [];
    let listed: string[][] = [];
    for (let i = 0; i < 200 && !(snapshots.some((v) => v >= 25) && listed.every((l) => l.includes('index-died'))); i++) {
      await new Promise((r) => setTimeout(r, 50));
      snapshots = server.stores.games.snapshotVersions('index-died');
      listed = await Promise.all(
        [ana, bo].map(async (p) => (await records.playerGames(p.playerId, { limit: 10 })).games.map((g) => g.gameId)),
      );
    }
    // Both players find the game in their list (the stream indexed it), and the reaction to the
    // 25th version wrote a snapshot of the latest record it found (here the 30th: all were stored first).
    expect(listed).toEqual([['index-died'], ['index-died']]);
    expect(snapshots.length).toBeGreaterThan(0);
    expect(Math.min(...snapshots)).toBeGreaterThanOrEqual(25);
  });
});
