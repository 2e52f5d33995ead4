/**
 * A Swiss tournament on the simulated cloud (bench/cloud/tournament.ts) at a size that still has
 * several rounds: 64 entrants, 6 rounds; 31 bots (the most `createTournament` enters), played by
 * the Bots function from the stream, and 33 people who connect through the API Gateway model,
 * enter, wait on the tournament's page as the web client shows it, and play their own games.
 * Every round is paired once, by the real stream → tournament-results → advance → openRound, each
 * of its tables gets one game and one result, and the tournament's partition stays far from
 * DynamoDB's per-key limits with nothing throttled.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../bench/cloud/dynamo/table';
import { deployedFunctions } from '../../bench/cloud/lambda/template';
import { runTournament } from '../../bench/cloud/tournament';

describe('a Swiss tournament of 64 on the simulated cloud', () => {
  it('pairs every round once, creates a game and records a result per table, and throttles nothing', async () => {
    // The functions as the stack deploys them (synthesized once: a few seconds, hence not a unit test).
    const r = await runTournament({ players: 64, bots: 31, waitOn: 'tournament', functions: deployedFunctions(), cpuScale: 0 });

    expect(r.tournament).toMatchObject({ status: 'finished', rounds: 6, entrants: 64 });
    expect(r.tournament.roundsPaired).toEqual([1, 2, 3, 4, 5, 6]);
    // Each person entered once; the last entry started it, and its request paired round 1.
    expect(r.entry).toMatchObject({ registered: 33, entered: 32, entryRefused: 0 });
    expect(r.entry.startingRequestMs).not.toBeNull();

    // 32 tables a round, a game each (created once, by its id) and a result each.
    expect(r.games.sumOfTables).toBe(6 * 32);
    expect(r.games.created).toBe(r.games.sumOfTables);
    expect(r.games.inTable).toBe(r.games.sumOfTables);
    expect(r.games.ended).toBe(r.games.sumOfTables);
    expect(r.games.results).toBe(r.games.sumOfTables);
    for (const round of r.rounds) {
      expect(round).toMatchObject({ tables: 32, byes: 0, gamesCreated: 32, results: 32 });
      // The next round's games exist within seconds of a round's last game ending.
      if (round.round < 6) expect(round.toNextGamesSeconds).toBeLessThan(10);
    }
    expect(r.clients.moves).toBeGreaterThan(0);
    expect(r.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });

    // Nothing throttled, anywhere in the table.
    expect(r.table.throttledRequests).toBe(0);
    expect(r.tourneyPartition.throttledRequests).toBe(0);
    // The tournament's partition at its busiest second: measured 130 WCU (the creation, which enters
    // the 31 bots one by one) and 69.5 RCU (the pages' looks), against 1,000 and 3,000.
    const tp = r.tourneyPartition;
    expect(tp.peakWriteUnits).toBeLessThan(LIMITS.writeUnitsPerSecond);
    expect(tp.peakReadUnits).toBeLessThan(LIMITS.readUnitsPerSecond);
    // In play a result is one small item per table, so the partition's writes stay about a unit a
    // result (measured 1.1) and a few units a second (measured 15), whatever the field. With
    // every result in one item, rewritten whole for each, these were 4.1 and 75 at this size (and
    // grow with the field: 300 KB an item at 1,000 players, 300 WCU a result).
    expect(tp.play.writeUnits / r.games.results).toBeLessThan(2);
    expect(tp.play.peakWrite!.units).toBeLessThan(50);
    // Reads do not grow with the rounds either: a look reads the head and the round in play's
    // results (its ledger and pairing once per container), a finishing game's advance the head
    // and its round's results. Measured 1.8 units a look and 3.5 a result; reading every entrant,
    // pairing and result, as the service once did, they were 10.4 and 8.0 here (and 291 and 251 at
    // 1,000 players in round 10).
    expect(tp.unitsBy.Message!.readUnits / r.clients.looks).toBeLessThan(3);
    expect(tp.unitsBy.Bots!.readUnits / r.games.results).toBeLessThan(5);
    // A round's games are told to their players when created, and the page looks again within 5 s
    // of hearing: who moves first (a person 2–8 s after seeing the game, a bot at once) starts
    // within seconds, not at the page's next look (measured p90 10.6 s; 27.5 s when not told).
    expect(r.firstMoveSeconds.p90!).toBeLessThan(15);
  }, 300_000);
});
