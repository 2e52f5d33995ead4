import { describe, expect, it } from 'vitest';
import { targets } from '../../bench/targets';

/** A run's figures as the suites report them: the pipeline's levels beside boardgame.io's, and the cost game. */
const run = (over: { itemsPerCommand?: number; dynamo?: number; lambda?: number; flatFile?: number } = {}) => ({
  pipeline: {
    caravela: {
      levels: [
        {
          games: 50,
          commandsPerSecond: 400,
          roundTrip: { p50Ms: 9, p99Ms: 40 },
          storeItemsPerSecond: 500,
          storeItemsPerCommand: over.itemsPerCommand ?? 1.25,
        },
      ],
      storeCapacity: { itemsPerSecond: 520 },
      p50RoundTripAt1GameOverFloor: 0.98,
    },
    boardgameIo: {
      levels: [{ games: 50, storage: 'flatfile', commandsPerSecond: over.flatFile ?? 390, roundTrip: { p50Ms: 10, p99Ms: 30 } }],
    },
  },
  cost: { perGameDollars: 0.0019, ratios: { dynamoWritesOverCommits: over.dynamo ?? 2.4, lambdaOverFloor: over.lambda ?? 1.9 } },
});
const unmet = (result: ReturnType<typeof run>) =>
  Object.entries(targets(result))
    .filter(([, t]) => !t.met)
    .map(([name]) => name);

describe("a bench run's targets", () => {
  it('bound the cost game by line (DynamoDB writes over the commits, Lambda over its floor), not by the whole game over its floor', () => {
    const t = targets(run());
    expect(unmet(run())).toEqual([]);
    expect(t.dynamoWritesOverCommits).toMatchObject({ value: 2.4, bound: 2.5, is: 'atMost' });
    expect(t.lambdaOverFloor).toMatchObject({ value: 1.9, bound: 2, is: 'atMost' });
    expect(t).not.toHaveProperty('costOverFloor');
    expect(unmet(run({ dynamo: 7.9 }))).toEqual(['dynamoWritesOverCommits']);
    expect(unmet(run({ lambda: 6.2 }))).toEqual(['lambdaOverFloor']);
  });

  it("hold the 50-game pipeline to 1.3 items stored per command and to boardgame.io's flat file at least", () => {
    expect(targets(run()).storeItemsPerCommandAt50Games).toMatchObject({ value: 1.25, bound: 1.3 });
    expect(unmet(run({ itemsPerCommand: 2.17 }))).toEqual(['storeItemsPerCommandAt50Games']);
    expect(targets(run()).throughputAt50GamesOverBoardgameIoFlatFile).toMatchObject({ value: 1.03, bound: 1, met: true });
    expect(unmet(run({ flatFile: 420 }))).toEqual(['throughputAt50GamesOverBoardgameIoFlatFile']);
  });

  it('leave out what an older run did not measure (its cost had no ratios)', () => {
    const old = { cost: { perGameDollars: 0.00355 } };
    expect(Object.keys(targets(old))).toEqual(['costPerGame']);
  });
});
