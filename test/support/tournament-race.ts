/**
 * A tournament run by two instances at once, as two Lambda containers on one table would: every
 * finishing commit of a round is handed to both instances' stream reactions, twice each, while
 * both sweep the tournament — all at the same time. Each round must still be paired once, each
 * table's game created once (the seats of the stored pairing, version 1 alone), and the
 * tournament must end after its last round with one result per table.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../functions/app/app';
import { host } from '../../functions/app/games';
import { tournamentStore, tournaments } from '../../functions/app/tournaments';
import { planResign } from '../../functions/core/plan-resign';
import type { CommitHead } from '../../functions/core/triggers';
import type { Tournament } from '../../functions/stores/tournaments';

export async function raceTournament(apps: [App, App], format: Tournament['format'], players: number): Promise<void> {
  const run = randomBytes(4).toString('hex');
  const [a, b] = apps;
  const store = a.get(tournamentStore);
  const at = a.deps.now().toISOString();
  const tournamentId = `race-${format}-${run}`;
  await a.get(tournaments).create(
    {
      tournamentId,
      name: 'Race cup',
      game: 'connect-four',
      format,
      options: {},
      clock: null,
      cap: players,
      startAt: null,
      roundHours: 168,
      vacation: true,
      createdBy: { playerId: `host-${run}`, name: 'Host' },
      createdAt: at,
      status: 'entry',
      entrants: 0,
      round: 0,
      rounds: 0,
      rev: 0,
    },
    Array.from({ length: players }, (_, i) => ({
      playerId: `p${i}-${run}`,
      name: `Player ${i}`,
      at: new Date(Date.parse(at) + i).toISOString(),
    })),
  );
  let t = (await store.get(tournamentId))!;
  expect(t).toMatchObject({ status: 'running', round: 1 });

  for (let round = 1; round <= t.rounds; round++) {
    const stored = (await store.rounds(tournamentId)).find((r) => r.round === round)!;
    // Every game of the round was created once, with the pairing's seats.
    for (const table of stored.pairing.tables) {
      const record = (await a.get(host).games.fresh(stored.games[table.table]!, true))!;
      expect(record.seats.map((s) => s!.playerId)).toEqual(table.seats);
      expect(record.version).toBe(1);
      expect(record.createdAt).toBe(stored.startedAt);
    }
    // Each game ends: the seat that resigns alternates by table, so the results vary.
    const heads: CommitHead[] = [];
    for (const table of stored.pairing.tables) {
      const [app] = table.table % 2 ? [b] : [a];
      const loser = table.seats[(table.table + round) % 2]!;
      const done = await app.get(host).games.commit(stored.games[table.table]!, (r) => planResign(r, loser, at));
      expect(done.committed).toBe(true);
      if (done.committed) heads.push(done.head);
    }
    // Both instances react to every finishing commit twice, while both sweep: all at once.
    await Promise.all([
      ...heads.flatMap((head) => [a, b, a, b].map((app) => app.get(tournaments).onGameFinished(head))),
      a.get(tournaments).sweep(tournamentId),
      b.get(tournaments).sweep(tournamentId),
    ]);
    t = (await store.get(tournamentId))!;
    const rounds = await store.rounds(tournamentId);
    expect(rounds.map((r) => r.round)).toEqual(Array.from({ length: Math.min(round + 1, t.rounds) }, (_, i) => i + 1));
    expect(t.round).toBe(Math.min(round + 1, t.rounds));
  }
  expect(t.status).toBe('finished');
  const results = await store.results(tournamentId);
  const rounds = await store.rounds(tournamentId);
  expect(results).toHaveLength(rounds.reduce((n, r) => n + r.pairing.tables.length, 0));
  // No pair met twice.
  const pairs = rounds.flatMap((r) => r.pairing.tables.map((x) => [...x.seats].sort().join(' v ')));
  expect(new Set(pairs).size).toBe(pairs.length);
}
