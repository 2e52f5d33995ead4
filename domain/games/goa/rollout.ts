/**
 * A quick Goa policy for the searching bot's rollouts: no look-ahead. In its turns it takes the
 * first step of its own plan (plan.ts); it bids like the heuristic, places markers by a table of
 * lot values, and settles choices by what the next progress steps ask for. Some tens of
 * microseconds a move.
 */
import type { Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import { heuristicChoice } from './bots';
import type { GoaCommand } from './commands';
import { COLUMNS, DATA, SPICES, TILES, type Spice } from './data';
import { plan } from './plan';
import { spotsOf, tileAt } from './rules';
import type { GoaPlayer, GoaState } from './types';
import { actionsLeft, roundsLeft } from './value';

type Of<T extends GoaCommand['type']> = Extract<GoaCommand, { type: T }>;

/** Spices the next step of each column asks for (how much a spice is wanted). */
function wanted(p: GoaPlayer): Record<Spice, number> {
  const out = Object.fromEntries(SPICES.map((x) => [x, 0])) as Record<Spice, number>;
  for (const c of COLUMNS) for (const x of DATA.progressCost.value[c][p.rows[c]] ?? []) out[x]++;
  return out;
}

/** A lot's worth to a seat in VP, from a table. */
export function quickLotValue(s: GoaState, seat: Seat, id: string | null): number {
  const left = roundsLeft(s);
  if (id === null) return 1 + 0.1 * left;
  const t = TILES[id]!;
  const p = s.seats[seat]!;
  switch (t.kind) {
    case 'plantation': {
      const fresh = !spotsOf(p).some((x) => x.spice === t.spice);
      return (0.45 * t.fields! + (fresh ? 1 : 0.2) + 0.3 * wanted(p)[t.spice!]) * Math.min(1, left / 3) + (t.fields === 1 ? 0.5 : 0);
    }
    case 'ship':
    case 'colonist':
    case 'spice':
    case 'ducats':
      return 0.35 * left;
    case 'ships':
      return 1.4;
    case 'colonists':
    case 'shipsOrColonists':
    case 'settlement':
      return 1.2;
    case 'extraActions':
      return 1.5;
    case 'expeditions':
      return 0.9 * t.amount!;
    case 'duty':
      return 2.5;
    case 'mission':
      return t.amount!;
    case 'viceKing':
      return 3;
    default:
      return 1;
  }
}

function best<T>(items: readonly T[], score: (t: T) => number): T {
  let out = items[0] as T;
  let top = -Infinity;
  for (const x of items) {
    const v = score(x);
    if (v > top) [out, top] = [x, v];
  }
  return out;
}

const FREE_TILES = new Set(['ship', 'colonist', 'ducats', 'spice', 'duty', 'viceKing', 'extraHarvest']);

/** The command for the plan's first step, or taxes. */
function turn(s: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  // Tiles that give something every round are used as soon as they can be.
  const tile = options.find((o) => o.type === 'useTile' && FREE_TILES.has(TILES[o.tile]!.kind));
  if (tile) return tile;
  if (s.acted) return options.find((o) => o.type === 'endTurn') ?? options[0]!;
  const step = plan(s.seats[seat]!, actionsLeft(s, seat)).first;
  const find = (pred: (o: GoaCommand) => boolean) => options.find(pred);
  let c: GoaCommand | undefined;
  if (step?.kind === 'progress') c = find((o) => o.type === 'progress' && o.column === step.column && !o.card);
  else if (step?.kind === 'colony') c = find((o) => o.type === 'foundColony' && o.colony === step.colony && !o.card);
  else if (step?.kind === 'harvest') c = find((o) => o.type === 'harvest' && !o.card);
  else if (step?.kind === 'ships') c = find((o) => o.type === 'buildShips');
  else if (step?.kind === 'expedition') c = find((o) => o.type === 'expedition');
  return c ?? find((o) => o.type === 'taxes') ?? options[0]!;
}

function step(s: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const p = s.seats[seat]!;
  const want = wanted(p);
  const spot = (id: string) => spotsOf(p).find((x) => x.tile === id)!;
  const only = <T extends GoaCommand['type']>(type: T) => options.filter((o): o is Of<T> => o.type === type);
  switch (s.pending.at(-1)!.kind) {
    case 'placeSpices':
    case 'extraHarvest': {
      const places = only('placeSpice');
      return places.length ? best(places, (o) => want[spot(o.spot).spice]) : options[0]!;
    }
    case 'removeSpices': {
      // Selling stops at once; a Duty gives up the spices least wanted.
      const done = options.find((o) => o.type === 'done');
      if (done) return done;
      return best(only('removeSpice'), (o) => -want[spot(o.spot).spice]);
    }
    case 'discardPlantation':
      return best(only('discardPlantation'), (o) => -spot(o.spot).fields - want[spot(o.spot).spice]);
    case 'colony':
      return options.find((o) => o.type === 'recruitColonists') ?? options.find((o) => o.type === 'abandonColony')!;
    case 'colonyTile':
      return best(only('chooseColony'), (o) => want[o.spice]);
    case 'expedition':
      return options.find((o) => o.type === 'drawCard') ?? options.find((o) => o.type === 'discardCard') ?? options[0]!;
    case 'shipsOrColonists':
    case 'harvestMix':
    case 'resupply':
      return options.find((o) => o.type === 'take' && o.what === (p.ships < 4 ? 'ships' : 'spices')) ?? options[0]!;
    default:
      return options[0]!;
  }
}

export const quickBot: Bot<GoaState, GoaCommand> = {
  name: 'quick',
  choose(s, seat, options) {
    if (options.length === 1) return options[0]!;
    if (s.pending.length) return step(s, seat, options);
    switch (s.stage) {
      case 'markers': {
        const at = (r: number, c: number) => {
          const t = tileAt(s, { r, c });
          return t ? quickLotValue(s, seat, t) : 0;
        };
        // The flag goes beside the best tile; a marker on it.
        return best(options, (o) =>
          o.type === 'placeFlag'
            ? Math.max(at(o.r - 1, o.c), at(o.r + 1, o.c), at(o.r, o.c - 1), at(o.r, o.c + 1))
            : o.type === 'placeMarker'
              ? at(o.r, o.c)
              : -1,
        );
      }
      case 'auctions':
        // Bids decide who gets what: the heuristic's (the state is already a re-drawn world).
        return heuristicChoice(s, s, seat, options);
      case 'extra':
        if (!s.extraTurn) return options.find((o) => o.type === 'extraAction') ?? options[0]!;
        return turn(s, seat, options);
      default:
        return turn(s, seat, options);
    }
  },
};
