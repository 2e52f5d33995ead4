/**
 * Tournaments (TournamentStore): revisions that a concurrent change refuses, entries under the
 * cap while entry is open, rounds and results that the first writer fixes — however many
 * writers race — and the directory and each player's entries.
 */
import { describe, expect, it } from 'vitest';
import type { Tournament, TournamentLedger, TournamentRound } from '../../../functions/stores/tournaments';
import { at, type StoreKit, type SuiteContext } from './kit';

export function tournamentStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  const tournament = (name: string, over: Partial<Tournament> = {}): Tournament => ({
    tournamentId: id(name),
    name: `Cup ${name}`,
    game: 'connect-four',
    format: 'swiss',
    options: {},
    clock: { type: 'perMove', hours: 72 },
    cap: 3,
    startAt: null,
    roundHours: 168,
    vacation: true,
    createdBy: { playerId: id('host'), name: 'Host' },
    createdAt: at,
    status: 'entry',
    entrants: 0,
    round: 0,
    rounds: 0,
    rev: 0,
    ...over,
  });
  const entrant = (name: string, second: number) => ({
    playerId: id(name),
    name,
    at: `2026-11-21T12:00:${String(second).padStart(2, '0')}.000Z`,
  });

  describe('tournaments', () => {
    it('take entries while entry is open, up to the cap, each once, in entry order; a withdrawal frees a place', async () => {
      const { tournaments } = kit().stores;
      const t = tournament('entries');
      await tournaments.create(t);
      expect(await tournaments.enter(t.tournamentId, entrant('Cora', 3))).toBe('entered');
      expect(await tournaments.enter(t.tournamentId, entrant('Abel', 1))).toBe('entered');
      expect(await tournaments.enter(t.tournamentId, entrant('Abel', 1))).toBe('already');
      expect(await tournaments.enter(t.tournamentId, entrant('Bea', 2))).toBe('entered');
      expect(await tournaments.enter(t.tournamentId, entrant('Dan', 4))).toBe('full');
      expect((await tournaments.entrants(t.tournamentId)).map((e) => e.name)).toEqual(['Abel', 'Bea', 'Cora']);
      expect(await tournaments.get(t.tournamentId)).toMatchObject({ entrants: 3, rev: 3 });
      expect(await tournaments.ofPlayer(id('Abel'))).toEqual([t.tournamentId]);
      expect(await tournaments.leave(t.tournamentId, id('Bea'))).toBe(true);
      expect(await tournaments.leave(t.tournamentId, id('Bea'))).toBe(false);
      expect(await tournaments.ofPlayer(id('Bea'))).toEqual([]);
      expect(await tournaments.entry(t.tournamentId, id('Bea'))).toBeNull();
      expect(await tournaments.entry(t.tournamentId, id('Abel'))).toMatchObject({ name: 'Abel', at: entrant('Abel', 1).at });
      expect(await tournaments.enter(t.tournamentId, entrant('Dan', 4))).toBe('entered');
      expect((await tournaments.entrants(t.tournamentId)).map((e) => e.name)).toEqual(['Abel', 'Cora', 'Dan']);
      // Entry closes with the start: no entry and no withdrawal after it.
      const now = (await tournaments.get(t.tournamentId))!;
      expect(await tournaments.update({ ...now, status: 'running', round: 1, rounds: 2, rev: now.rev + 1 })).toBe(true);
      expect(await tournaments.enter(t.tournamentId, entrant('Eve', 5))).toBe('closed');
      expect(await tournaments.leave(t.tournamentId, id('Abel'))).toBe(false);
      expect(await tournaments.get(t.tournamentId)).toMatchObject({ status: 'running', entrants: 3 });
    });

    it('order the entries of one instant as their creator made them, before a later entry of that instant', async () => {
      const { tournaments } = kit().stores;
      const t = tournament('same-instant', { cap: 8 });
      await tournaments.create(t);
      const same = '2026-11-21T12:00:00.000Z';
      await tournaments.enter(t.tournamentId, { playerId: id('zz-late'), name: 'Late', at: same });
      for (const [name, order] of [
        ['Bot 10', 10],
        ['Bot 2', 2],
        ['Host', 0],
      ] as const)
        await tournaments.enter(t.tournamentId, { playerId: id(`aa-${name}`), name, at: same, order });
      expect((await tournaments.entrants(t.tournamentId)).map((e) => e.name)).toEqual(['Host', 'Bot 2', 'Bot 10', 'Late']);
      // The head of the list is read alone, in the same order.
      expect((await tournaments.firstEntrants(t.tournamentId, 3)).map((e) => e.name)).toEqual(['Host', 'Bot 2', 'Bot 10']);
      expect(await tournaments.entry(t.tournamentId, id('zz-late'))).toMatchObject({ name: 'Late', at: same });
      expect(await tournaments.entry(t.tournamentId, id('aa-Bot 2'))).toMatchObject({ name: 'Bot 2', order: 2 });
    });

    it('refuse a change made on an older revision, so of two racing changes one is stored', async () => {
      const { tournaments } = kit().stores;
      const t = tournament('revisions');
      await tournaments.create(t);
      const [a, b] = await Promise.all([
        tournaments.update({ ...t, status: 'running', rev: 1 }),
        tournaments.update({ ...t, status: 'cancelled', rev: 1 }),
      ]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect((await tournaments.get(t.tournamentId))!.status).toBe(a ? 'running' : 'cancelled');
      // An entry raises the revision: a change decided before it is refused.
      const u = tournament('revisions-entry');
      await tournaments.create(u);
      expect(await tournaments.enter(u.tournamentId, entrant('Rev', 1))).toBe('entered');
      expect(await tournaments.update({ ...u, status: 'running', rev: 1 })).toBe(false);
      expect(await tournaments.get(u.tournamentId)).toMatchObject({ status: 'entry', entrants: 1 });
      expect(await tournaments.get(id('no-such-cup'))).toBeNull();
    });

    it('keep the first pairing of a round and the first result of a table, whoever else writes them', async () => {
      const { tournaments } = kit().stores;
      const t = tournament('rounds');
      await tournaments.create(t);
      const round = (games: string[]): TournamentRound => ({
        round: 1,
        pairing: { tables: [{ table: 0, seats: [id('a'), id('b')] }], byes: [id('c')] },
        games,
        startedAt: at,
        deadline: '2026-11-28T12:00:00.000Z',
      });
      const stored = await Promise.all([
        tournaments.putRound(t.tournamentId, round(['g-1'])),
        tournaments.putRound(t.tournamentId, round(['g-2'])),
      ]);
      expect(stored[0]).toEqual(stored[1]);
      expect(await tournaments.rounds(t.tournamentId)).toEqual([stored[0]]);
      expect(await tournaments.putRound(t.tournamentId, round(['g-3']))).toEqual(stored[0]);

      const recorded = await Promise.all([
        tournaments.putResult(t.tournamentId, 1, { table: 0, points: [1, 0] }),
        tournaments.putResult(t.tournamentId, 1, { table: 0, points: [0, 1] }),
      ]);
      expect(recorded.filter(Boolean)).toHaveLength(1);
      expect(await tournaments.putResult(t.tournamentId, 2, { table: 0, points: [0.5, 0.5] })).toBe(true);
      const results = await tournaments.results(t.tournamentId);
      expect(results).toHaveLength(2);
      expect(results.find((r) => r.round === 2)).toEqual({ round: 2, result: { table: 0, points: [0.5, 0.5] } });
      expect(results.find((r) => r.round === 1)!.result.points).toEqual(recorded[0] ? [1, 0] : [0, 1]);
      expect(await tournaments.round(t.tournamentId, 1)).toEqual(stored[0]);
      expect(await tournaments.round(t.tournamentId, 2)).toBeNull();
    });

    it("read one round's results alone, in table order, round 1's apart from round 10's", async () => {
      const { tournaments } = kit().stores;
      const t = tournament('one-round');
      await tournaments.create(t);
      for (const [round, table] of [
        [10, 1],
        [1, 2],
        [1, 0],
        [10, 0],
        [2, 0],
      ] as const)
        await tournaments.putResult(t.tournamentId, round, { table, points: [1, 0] });
      expect((await tournaments.results(t.tournamentId, 1)).map((r) => [r.round, r.result.table])).toEqual([
        [1, 0],
        [1, 2],
      ]);
      expect((await tournaments.results(t.tournamentId, 10, { latest: false })).map((r) => [r.round, r.result.table])).toEqual([
        [10, 0],
        [10, 1],
      ]);
      expect(await tournaments.results(t.tournamentId, 3)).toEqual([]);
    });

    it('keep the first ledger of a round, entrants in seed order and every played table as written', async () => {
      const { tournaments } = kit().stores;
      const t = tournament('ledger');
      await tournaments.create(t);
      const [a, b, c] = [id('a'), id('b'), id('c')];
      const ledger = (name: string): TournamentLedger => ({
        round: 3,
        entrants: [
          { playerId: c, name },
          { playerId: a, name: 'Ana' },
          { playerId: b, name: 'Bot', bot: 'heuristic' },
        ],
        played: [
          {
            round: 1,
            pairing: { tables: [{ table: 0, seats: [c, a] }], byes: [b] },
            results: [{ table: 0, points: [0.5, 0.5], advances: 0 }],
          },
          { round: 2, pairing: { tables: [{ table: 0, seats: [b, c] }], byes: [a] }, results: [{ table: 0, points: [0, 1], advances: 1 }] },
        ],
      });
      expect(await tournaments.ledger(t.tournamentId, 3)).toBeNull();
      const stored = await Promise.all([
        tournaments.putLedger(t.tournamentId, ledger('Carla')),
        tournaments.putLedger(t.tournamentId, ledger('Clara')),
      ]);
      expect(stored[0]).toEqual(stored[1]);
      expect([ledger('Carla'), ledger('Clara')]).toContainEqual(stored[0]);
      expect(await tournaments.ledger(t.tournamentId, 3)).toEqual(stored[0]);
      expect(await tournaments.putLedger(t.tournamentId, ledger('Other'))).toEqual(stored[0]);
      expect(await tournaments.ledger(t.tournamentId, 2)).toBeNull();
    });

    it('list the directory newest first, in pages, each as it stands after its last change', async () => {
      const { tournaments } = kit().stores;
      // Far in the future and later each run, so this run's tournaments lead the directory whatever else it holds.
      const base = Date.now() + 500 * 365 * 86_400_000;
      const made = [0, 1, 2].map((i) => tournament(`listed-${i}`, { createdAt: new Date(base + i * 1000).toISOString() }));
      for (const t of made) await tournaments.create(t);
      await tournaments.update({ ...made[0]!, status: 'running', rev: 1 });
      const first = await tournaments.list({ limit: 2 });
      expect(first.tournaments.map((t) => t.tournamentId)).toEqual([made[2]!.tournamentId, made[1]!.tournamentId]);
      expect(first.next).not.toBeNull();
      const second = await tournaments.list({ limit: 2, cursor: first.next! });
      expect(second.tournaments[0]).toMatchObject({ tournamentId: made[0]!.tournamentId, status: 'running' });
    });
  });
}
