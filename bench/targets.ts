/**
 * The performance targets, each read from one bench run's result: its value with its unit, the
 * bound, and whether this run met it. A missing figure (its suite did not run) is left out.
 */
import { TARGETS } from '../cost/model';

export interface Target {
  value: number;
  unit: string;
  /** 'atLeast' or 'atMost' the bound. */
  is: 'atLeast' | 'atMost';
  bound: number;
  met: boolean;
}

type Level = {
  games: number;
  commandsPerSecond: number;
  roundTrip: { p50Ms: number; p99Ms: number };
  storeItemsPerSecond?: number;
  storeItemsPerCommand?: number;
};
interface Result {
  pipeline?: {
    caravela: { levels: Level[]; storeCapacity?: { itemsPerSecond: number }; p50RoundTripAt1GameOverFloor: number | null };
    boardgameIo: { levels: (Level & { storage: string })[] };
  };
  cost?: { perGameDollars: number; ratios?: { dynamoWritesOverCommits: number; lambdaOverFloor: number } };
  browser?: { games: Record<string, { p50Ms: number; p90Ms: number }> };
}

export function targets(result: Result): Record<string, Target> {
  const out: Record<string, Target> = {};
  const add = (name: string, value: number | null | undefined, unit: string, is: Target['is'], bound: number) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    const rounded = Number(value.toPrecision(3));
    out[name] = { value: rounded, unit, is, bound, met: is === 'atLeast' ? rounded >= bound : rounded <= bound };
  };
  const p = result.pipeline;
  if (p) {
    const at = (games: number) => p.caravela.levels.find((l) => l.games === games);
    const flatFile = p.boardgameIo.levels.find((l) => l.games === 50 && l.storage === 'flatfile');
    const fifty = at(50);
    const five = at(500);
    if (fifty && p.caravela.storeCapacity)
      add(
        'storeItemsAt50GamesOverStoreCapacity',
        fifty.storeItemsPerSecond! / p.caravela.storeCapacity.itemsPerSecond,
        '× items/s',
        'atLeast',
        0.9,
      );
    if (fifty && flatFile)
      add(
        'throughputAt50GamesOverBoardgameIoFlatFile',
        fifty.commandsPerSecond / flatFile.commandsPerSecond,
        '× commands/s',
        'atLeast',
        1.0,
      );
    add('storeItemsPerCommandAt50Games', fifty?.storeItemsPerCommand, 'items per command', 'atMost', 1.3);
    if (five) {
      add('p99OverP50At500Games', five.roundTrip.p99Ms / five.roundTrip.p50Ms, '×', 'atMost', 5);
      add('p99At500Games', five.roundTrip.p99Ms, 'ms', 'atMost', 2000);
    }
    add('p50RoundTripAt1GameOverFloor', p.caravela.p50RoundTripAt1GameOverFloor, '×', 'atMost', 1);
  }
  if (result.cost) {
    add('costPerGame', result.cost.perGameDollars, '$ per 4-player asynchronous Vasco da Gama game', 'atMost', TARGETS.usdPerGame);
    const ratios = result.cost.ratios;
    add(
      'dynamoWritesOverCommits',
      ratios?.dynamoWritesOverCommits,
      "× the commits' write units",
      'atMost',
      TARGETS.dynamoWritesOverCommits,
    );
    add('lambdaOverFloor', ratios?.lambdaOverFloor, "× Lambda's floor", 'atMost', TARGETS.lambdaOverFloor);
  }
  for (const [game, b] of Object.entries(result.browser?.games ?? {})) {
    add(`clickToDrawnP50.${game}`, b.p50Ms, 'ms', 'atMost', 100);
    add(`clickToDrawnP90.${game}`, b.p90Ms, 'ms', 'atMost', 250);
  }
  return out;
}
