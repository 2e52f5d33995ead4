/**
 * Goa bots. `safe` plays for a seat whose time ran out: it passes in auctions and additional
 * actions, places markers on the first space offered, and takes taxes. `heuristic` weighs every
 * lot by what taking it adds to its position (value.ts), bids a share of that, and in its turns
 * looks one step ahead with the real rules: each command is played, any choice it opens finished
 * greedily, and the position scored. It looks ahead in a world whose hidden parts are drawn again
 * (determinize.ts), so it never peeks at the deck or at another seat's cards or money.
 */
import { lookahead, type Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import type { Rng } from '../../engine/rng';
import type { GoaCommand } from './commands';
import { determinize } from './determinize';
import { evolveAll } from './evolve';
import { decide, legal } from './flow';
import { tileAt } from './rules';
import { withLot } from './round';
import type { GoaState, Pos } from './types';
import { actionsLeft, ducatWorth, evaluate } from './value';

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

const after = (s: GoaState, c: GoaCommand, seat: Seat) => lookahead({ decide, evolveAll }, s, c, seat);

/** The seat's best next state in its open choice, by one step, or null if it has none. */
function bestStep(s: GoaState, seat: Seat): GoaState | null {
  let best: GoaState | null = null;
  let score = -Infinity;
  for (const c of legal(s, seat)) {
    if (c.type === 'discardCard') continue;
    let next = after(s, c, seat);
    if (!next) continue;
    // Recruiting pays colonists before the colony is chosen: judge it with the colony in place.
    if (next.pending.at(-1)?.kind === 'colonyTile' && next.pending.at(-1)?.seat === seat) next = bestStep(next, seat) ?? next;
    const v = evaluate(next, seat);
    if (v > score) [best, score] = [next, v];
  }
  return best;
}

/** Resolve the seat's open choices, each step the best-scoring one. */
export function finishGreedily(s: GoaState, seat: Seat, depth = 10): GoaState {
  for (let i = 0; i < depth && s.pending.at(-1)?.seat === seat && s.status === 'playing'; i++) {
    const best = bestStep(s, seat);
    if (!best) break;
    s = best;
  }
  return s;
}

/** The commands worth a look in a turn or a choice: discarding only helps under the hand limit, which the expedition choice handles. */
export const worthALook = (s: GoaState, c: GoaCommand) => c.type !== 'discardCard' || s.pending.at(-1)?.kind === 'expedition';

/** Each option's value after one step and the greedy finish of the choices it opens. */
export function lookaheadValues(world: GoaState, seat: Seat, options: readonly GoaCommand[]): number[] {
  return options.map((c) => {
    if (!worthALook(world, c)) return -Infinity;
    const next = after(world, c, seat);
    if (!next) return -Infinity;
    return evaluate(finishGreedily(next, seat), seat) + (c.type === 'endTurn' ? -0.01 : 0);
  });
}

function bestByLookahead(world: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const values = lookaheadValues(world, seat, options);
  let best = 0;
  for (let i = 1; i < options.length; i++) if (values[i]! > values[best]!) best = i;
  return options[best]!;
}

/**
 * What taking a lot for nothing adds to the seat's position, in VP. Valued in a copy of the
 * world between auctions, so that finishing the choices the lot opens runs nothing else on.
 */
export function lotValue(world: GoaState, seat: Seat, tile: string | null): number {
  const calm: GoaState = { ...world, stage: 'markers', markers: [], auction: null };
  const before = evaluate(calm, seat);
  const got = finishGreedily(withLot(calm, seat, tile), seat);
  // The flag also makes its holder the first to act and to place markers.
  return evaluate(got, seat) - before + (tile === null ? 0.3 : 0);
}

/** The most ducats worth paying for `value` VP; ducats paid to another seat count for more, since they help a rival. */
export function maxPrice(s: GoaState, seat: Seat, value: number, toRival: boolean): number {
  const d = s.seats[seat]!.ducats;
  const w = Math.min(1, actionsLeft(s, seat) / 9);
  const weight = toRival ? 1 + 0.5 / (s.players - 1) : 1;
  let x = 0;
  while (x < d && (ducatWorth(d, w) - ducatWorth(d - x - 1, w)) * weight <= value) x++;
  return x;
}

function bid(state: GoaState, world: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const pass = options.find((o) => o.type === 'pass')!;
  // A seat that cannot outbid is asked all the same, with nothing to weigh.
  if (!options.some((o) => o.type === 'bid')) return pass;
  const a = state.auction!;
  const lot = a.lot === 'flag' ? null : tileAt(state, a.lot);
  const value = lotValue(world, seat, lot);
  const price = a.high + 1;
  const bidOf = (amount: number) => options.find((o) => o.type === 'bid' && o.amount === amount);
  if (seat === a.auctioneer) {
    // Outbidding pays the bank and forgoes the high bid the auctioneer would otherwise receive.
    const d = state.seats[seat]!.ducats;
    const w = Math.min(1, actionsLeft(state, seat) / 9);
    const cost = ducatWorth(d + a.high, w) - ducatWorth(d - price, w);
    return value > cost ? (bidOf(price) ?? pass) : pass;
  }
  const most = maxPrice(state, seat, value, true);
  if (most < price) return pass;
  // Each seat bids once: enough to keep the others and the auctioneer out, not the whole worth.
  const share = state.players === 2 ? 0.55 : 0.7;
  return bidOf(Math.min(most, Math.max(price, Math.round(most * share)))) ?? pass;
}

function place(state: GoaState, world: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  const memo = new Map<string, number>();
  const at = (pos: Pos) => {
    const tile = tileAt(state, pos);
    if (!tile) return 0;
    if (!memo.has(tile)) memo.set(tile, lotValue(world, seat, tile));
    return memo.get(tile)!;
  };
  const near = (pos: Pos) =>
    [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => ({ r: pos.r + dr, c: pos.c + dc }))).reduce((n, q) => n + Math.max(0, at(q)), 0);
  const value = (c: GoaCommand) => (c.type === 'placeFlag' ? near(c) : c.type === 'placeMarker' ? at(c) : 0);
  let best = options[0]!;
  let score = -Infinity;
  for (const c of options) {
    const v = value(c);
    if (v > score) [best, score] = [c, v];
  }
  return best;
}

/** The heuristic's choice; `world` is the seat's re-drawn copy of the state it looks ahead in. */
export function heuristicChoice(state: GoaState, world: GoaState, seat: Seat, options: readonly GoaCommand[]): GoaCommand {
  if (state.pending.length === 0) {
    if (state.stage === 'auctions') return bid(state, world, seat, options);
    if (state.stage === 'markers') return place(state, world, seat, options);
    if (state.stage === 'extra' && !state.extraTurn) return options.find((o) => o.type === 'extraAction') ?? options[0]!;
  }
  return bestByLookahead(world, seat, options);
}

export const heuristicBot: Bot<GoaState, GoaCommand> = {
  name: 'heuristic',
  choose(state, seat, options, rng: Rng) {
    if (options.length === 1) return options[0]!;
    return heuristicChoice(state, determinize(state, seat, rng), seat, options);
  },
};
