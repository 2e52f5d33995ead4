/**
 * A request that started a tournament and stopped before round 1 was open (the table busy, the
 * container gone) leaves the tournament running in round 0: the sweep's next run opens round 1
 * and creates its games, once, from wherever the request stopped — before the pairing was
 * stored, or after it with the games half made.
 */
import { describe, expect, it } from 'vitest';
import { memoryStores } from '../../functions/adapters/memory';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { host, scheduleStore } from '../../functions/app/games';
import { sweep } from '../../functions/app/sweep';
import { tournaments } from '../../functions/app/tournaments';
import type { Stores } from '../../functions/stores';
import type { GameStore } from '../../functions/stores/games';
import type { Tournament, TournamentStore } from '../../functions/stores/tournaments';
import { RecordingSender } from '../support/memory-host';

const at = new Date('2026-12-01T09:00:00.000Z');
const busy = () => Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });

function cup(tournamentId: string): Tournament {
  return {
    tournamentId,
    name: 'Resume cup',
    game: 'connect-four',
    format: 'swiss',
    options: {},
    clock: null,
    cap: 6,
    startAt: null,
    roundHours: 168,
    vacation: true,
    createdBy: { playerId: 'host', name: 'Host' },
    createdAt: at.toISOString(),
    status: 'entry',
    entrants: 0,
    round: 0,
    rounds: 0,
    rev: 0,
  };
}

const entrants = Array.from({ length: 6 }, (_, i) => ({
  playerId: `p${i}`,
  name: `Player ${i}`,
  at: new Date(at.getTime() + i).toISOString(),
}));

/** A request's app whose store fails once where `failAt` says, and a sweep's app on the same stores. */
function instances(failAt: 'pairing' | 'third game') {
  const stores = memoryStores();
  const faulty: TournamentStore = Object.create(stores.tournaments);
  const games: GameStore = Object.create(stores.games);
  let failed = false;
  let created = 0;
  if (failAt === 'pairing')
    faulty.putRound = async (...args) => {
      if (!failed && (failed = true)) throw busy();
      return stores.tournaments.putRound(...args);
    };
  else
    games.append = async (...args) => {
      if (args[2] === null && ++created === 3 && !failed && (failed = true)) throw busy();
      return stores.games.append(...args);
    };
  const config = { ...configFromEnv({}), logLevel: 'SILENT' as const };
  let now = at;
  const make = (own: Partial<Stores>) =>
    createApp({ config, now: () => now, ids: randomIds, stores: { ...stores, ...own }, sender: new RecordingSender() });
  return {
    stores,
    request: make({ tournaments: faulty, games }),
    sweeper: make({}),
    later: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('a tournament whose start stopped before round 1 was open', () => {
  for (const failAt of ['pairing', 'third game'] as const) {
    it(`is opened by the sweep's next run (stopped at the ${failAt})`, async () => {
      const { stores, request, sweeper, later } = instances(failAt);
      await expect(request.get(tournaments).create(cup(`resume-${failAt}`), entrants)).rejects.toThrow(/capacity/);
      const id = `resume-${failAt}`;
      expect(await stores.tournaments.get(id)).toMatchObject({ status: 'running', round: 0 });
      // The sweep has it due now.
      const { due } = await sweeper.get(scheduleStore).dueClocks(new Date(at.getTime() + 1000));
      expect(due.map((d) => d.gameId)).toContain(`tournament:${id}`);

      later(60_000);
      await sweeper.get(sweep).run();
      const t = await stores.tournaments.get(id);
      expect(t).toMatchObject({ status: 'running', round: 1, rounds: 3 });
      const round = (await stores.tournaments.round(id, 1))!;
      expect(round.pairing.tables).toHaveLength(3);
      for (const table of round.pairing.tables) {
        const record = await sweeper.get(host).games.fresh(round.games[table.table]!, true);
        expect(record.version).toBe(1);
        expect(record.seats.map((s) => s!.playerId)).toEqual(table.seats);
      }
      // Round 1's deadline is what is due now.
      const after = await sweeper.get(scheduleStore).dueClocks(new Date(at.getTime() + 169 * 3_600_000));
      expect(after.due.find((d) => d.gameId === `tournament:${id}`)?.due.toISOString()).toBe(round.deadline);
    });
  }
});
