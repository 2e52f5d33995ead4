/**
 * Goa bots. `safe` plays for a seat whose time ran out: it passes in auctions and additional
 * actions, places markers on the first space offered, and takes taxes. `heuristic` values tiles in
 * ducats for markers and bids, and in its turns looks one step ahead with the real rules: each
 * command is played, any choice it opens finished greedily, and the position scored.
 */
import { lookahead, type Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import type { GoaCommand } from './commands';
import { COLUMNS, DATA, SPICES, TILES } from './data';
import { decide } from './decide';
import { evolveAll } from './evolve';
import { legal } from './legal';
import { handLimit, progressCost, spiceCount, tileAt, totalSpices } from './rules';
import { scoreOf } from './scoring';
import type { GoaState, Pos } from './types';

export const safeBot: Bot<GoaState, GoaCommand> = {
  name: 'safe',
  choose(_state, _seat, options) {
    const prefer = ['pass', 'taxes', 'endTurn', 'done', 'abandonColony', 'drawCard'];
    for (const type of prefer) {
      const c = options.find((o) => o.type === type);
      if (c) return c;
    }
    return options[0]!;
  },
};

/** Rounds still to play, this one included (8 in all). */
const roundsLeft = (s: GoaState) => (s.part === 'A' ? DATA.rounds.value : 0) + DATA.rounds.value - s.round + 1;

/** What a tile is worth to a seat, in ducats. */
export function tileWorth(s: GoaState, seat: Seat, id: string | null): number {
  const left = roundsLeft(s);
  if (id === null) return 3 + Math.min(3, left / 2); // the flag: an extra action and going first
  const t = TILES[id]!;
  const p = s.seats[seat]!;
  switch (t.kind) {
    case 'plantation':
      return t.fields! * 2 + (p.plantations.length < DATA.maxPlantations.value ? 3 : 0) + (t.fields === 1 ? 2 : 0);
    case 'ship':
    case 'colonist':
    case 'spice':
    case 'ducats':
      return Math.min(10, 1.5 * left);
    case 'ships':
    case 'colonists':
      return 6;
    case 'shipsOrColonists':
    case 'settlement':
      return 5;
    case 'extraActions':
      return 8;
    case 'expeditions':
      return 2 * t.amount!;
    case 'duty':
      return totalSpices(p) >= 4 || left > 3 ? 8 : 3;
    case 'mission':
      return 3 * t.amount!;
    case 'viceKing':
      return 9;
    default:
      return 5;
  }
}

/** An estimate of the seat's final VP: its score now, plus what its resources still promise. */
export function evaluate(s: GoaState, seat: Seat): number {
  const p = s.seats[seat]!;
  const left = roundsLeft(s);
  const now = scoreOf(p, seat, false).total;
  if (s.status === 'over') return now + (s.final?.find((f) => f.seat === seat)?.money ?? 0);
  const w = Math.min(1, left / 4); // resources matter less as the end nears
  const rows = COLUMNS.reduce((n, c) => n + p.rows[c] * (c === 'colonists' || c === 'expedition' ? 0.6 : 0.9) * w, 0);
  // Ships and spices are worth what the next step of each column asks for; beyond that, little.
  const open = COLUMNS.filter((c) => p.rows[c] < DATA.rowVp.value.length - 1).map((c) => progressCost(p, c));
  const needShips = open.reduce((n, cost) => n + cost.length, 0);
  const capped = (have: number, need: number, full: number) => full * Math.min(have, need) + 0.05 * Math.max(0, have - need);
  const spices = SPICES.reduce((n, x) => n + capped(spiceCount(p, x), open.reduce((k, cost) => k + cost.filter((y) => y === x).length, 0), 0.7), 0);
  const stock = capped(p.ships, needShips, 0.5) + capped(p.colonists, 8, 0.35) + capped(p.ducats, 20, 0.08) + spices + p.extraActions * 1.5;
  const cards = Math.min(p.hand.length, handLimit(p)) * 0.4;
  const tiles = p.tiles.filter((t) => !t.used && t.kind !== 'mission').length * 1.2;
  return now + rows + w * (stock + cards + tiles) + p.ducats * 0.03;
}

const after = (s: GoaState, c: GoaCommand, seat: Seat) => lookahead({ decide, evolveAll }, s, c, seat);

/** Resolve the seat's open choices, each step the best-scoring one. */
function finishGreedily(s: GoaState, seat: Seat, depth = 10): GoaState {
  for (let i = 0; i < depth && s.pending.at(-1)?.seat === seat && s.status === 'playing'; i++) {
    let best: GoaState | null = null;
    let score = -Infinity;
    for (const c of legal(s, seat)) {
      if (c.type === 'discardCard') continue;
      const next = after(s, c, seat);
      if (!next) continue;
      const v = evaluate(next, seat);
      if (v > score) [best, score] = [next, v];
    }
    if (!best) break;
    s = best;
  }
  return s;
}

function bestByLookahead(s: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  let best = options[0]!;
  let score = -Infinity;
  for (const c of options) {
    // Discarding only helps below the hand limit, which the expedition choice handles.
    if (c.type === 'discardCard' && s.pending.at(-1)?.kind !== 'expedition') continue;
    const next = after(s, c, seat);
    if (!next) continue;
    const v = evaluate(finishGreedily(next, seat), seat) + (c.type === 'endTurn' ? -0.01 : 0);
    if (v > score) [best, score] = [c, v];
  }
  return best;
}

function bid(s: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const a = s.auction!;
  const lotTile = a.lot === 'flag' ? null : tileAt(s, a.lot);
  const worth = 1.6 * tileWorth(s, seat, lotTile);
  const price = a.high + 1;
  const budget = s.seats[seat]!.ducats;
  // The auctioneer gets the high bid by passing, so outbidding costs him twice.
  const want = seat === a.auctioneer ? worth > 2 * price : worth >= price;
  const c = options.find((o) => o.type === 'bid' && o.amount === price);
  return want && price <= budget && c ? c : options.find((o) => o.type === 'pass')!;
}

function place(s: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const at = (pos: Pos) => tileWorth(s, seat, tileAt(s, pos));
  const near = (pos: Pos) =>
    [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => ({ r: pos.r + dr, c: pos.c + dc }))).reduce((n, q) => n + (tileAt(s, q) ? at(q) : 0), 0);
  const value = (c: GoaCommand) => (c.type === 'placeFlag' ? near(c) : c.type === 'placeMarker' ? at(c) : 0);
  return options.reduce((best, c) => (value(c) > value(best) ? c : best));
}

export const heuristicBot: Bot<GoaState, GoaCommand> = {
  name: 'heuristic',
  choose(state, seat, options) {
    if (state.pending.length === 0) {
      if (state.stage === 'auctions') return bid(state, seat, options);
      if (state.stage === 'markers') return place(state, seat, options);
      if (state.stage === 'extra' && !state.extraTurn) return options.find((o) => o.type === 'extraAction') ?? options[0]!;
    }
    return bestByLookahead(state, seat, options);
  },
};
