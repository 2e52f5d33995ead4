/**
 * The strong Goa bot: determinized Monte Carlo search (engine/search.ts) with the real rules.
 * Every playout runs in a world re-drawn from what the seat sees (determinize.ts); the root moves
 * are the heuristic's best few; a quick policy (rollout.ts) plays on for a while, and the
 * position is scored by each seat's expected final VP (value.ts).
 */
import type { Seat } from '../../engine/contract';
import type { Rng } from '../../engine/rng';
import { searchBot, type SearchSpec } from '../../engine/search';
import { heuristicChoice, lotValue, lookaheadValues, maxPrice } from './bots';
import type { GoaCommand } from './commands';
import { playLegal } from './flow';
import { determinize } from './determinize';
import type { GoaEvent } from './events';
import { goa } from './index';
import { quickBot } from './rollout';
import { tileAt } from './rules';
import type { GoaState } from './types';
import { evaluate } from './value';

export interface StrongOptions {
  playouts: number;
  horizon: number;
  /** Root moves searched in a turn or a choice. */
  width: number;
  scale: number;
  /** Decisions searched (the heuristic takes the others). */
  search: readonly ('markers' | 'auctions' | 'turns')[];
  paired: boolean;
  /** Standard errors by which a move must beat the heuristic's choice to replace it. */
  confidence: number;
}

export const STRONG: StrongOptions = {
  playouts: 150,
  horizon: 40,
  width: 6,
  scale: 12,
  search: ['markers', 'auctions', 'turns'],
  paired: true,
  confidence: 1,
};

/** Bids worth searching: passing, the lowest bid, and shares of the most the lot is worth. */
function bidCandidates(s: GoaState, world: GoaState, seat: Seat, legal: readonly GoaCommand[]): GoaCommand[] {
  const a = s.auction!;
  const value = lotValue(world, seat, a.lot === 'flag' ? null : tileAt(s, a.lot));
  const most = maxPrice(s, seat, Math.max(0, value), seat !== a.auctioneer);
  const amounts = new Set([a.high + 1, Math.round(most * 0.4), Math.round(most * 0.6), Math.round(most * 0.8), most]);
  return legal.filter((c) => c.type === 'pass' || (c.type === 'bid' && amounts.has(c.amount)));
}

/** The best `width` options by the heuristic's look-ahead in a re-drawn world. */
function topByLookahead(world: GoaState, seat: Seat, legal: readonly GoaCommand[], width: number): GoaCommand[] {
  const values = lookaheadValues(world, seat, legal);
  return legal
    .map((c, i) => ({ c, v: values[i]! }))
    .filter((x) => x.v > -Infinity)
    .sort((x, y) => y.v - x.v)
    .slice(0, width)
    .map((x) => x.c);
}

/** The root moves: the heuristic's choice first (the default the others must beat), then its runners-up. */
function candidates(s: GoaState, seat: Seat, legal: readonly GoaCommand[], rng: Rng, o: StrongOptions): readonly GoaCommand[] {
  const kind = s.pending.length === 0 && (s.stage === 'markers' || s.stage === 'auctions') ? s.stage : 'turns';
  // A seat that cannot outbid is asked all the same: it passes (discarding is no answer to a bid).
  if (kind === 'auctions' && !legal.some((c) => c.type === 'bid')) return legal.filter((c) => c.type === 'pass');
  const world = determinize(s, seat, rng);
  if (kind === 'turns') {
    const top = topByLookahead(world, seat, legal, o.width);
    return o.search.includes('turns') ? top : top.slice(0, 1);
  }
  const first = heuristicChoice(s, world, seat, legal);
  if (!o.search.includes(kind)) return [first];
  const others = kind === 'auctions' ? bidCandidates(s, world, seat, legal) : markerCandidates(s, world, seat, legal, o.width + 2);
  return [first, ...others.filter((c) => c !== first)];
}

/** Markers by the lot under them, the flag by the best lot beside it. */
function markerCandidates(s: GoaState, world: GoaState, seat: Seat, legal: readonly GoaCommand[], width: number): GoaCommand[] {
  const memo = new Map<string, number>();
  const at = (r: number, c: number) => {
    const tile = tileAt(s, { r, c });
    if (!tile) return 0;
    if (!memo.has(tile)) memo.set(tile, lotValue(world, seat, tile));
    return memo.get(tile)!;
  };
  const value = (c: GoaCommand) =>
    c.type === 'placeMarker'
      ? at(c.r, c.c)
      : c.type === 'placeFlag'
        ? Math.max(at(c.r - 1, c.c), at(c.r + 1, c.c), at(c.r, c.c - 1), at(c.r, c.c + 1))
        : -Infinity;
  const scored = legal.map((c) => ({ c, v: value(c) })).filter((x) => x.v > -Infinity);
  return scored
    .sort((x, y) => y.v - x.v)
    .slice(0, width)
    .map((x) => x.c);
}

export function strongSpec(options: Partial<StrongOptions> = {}): SearchSpec<GoaState, GoaCommand, GoaEvent> {
  const o = { ...STRONG, ...options };
  return {
    name: 'strong',
    rules: goa,
    determinize,
    evaluate: (s) => s.seats.map((_, seat) => evaluate(s, seat)),
    rollout: quickBot,
    play: playLegal,
    candidates: (s, seat, legal, rng) => candidates(s, seat, legal, rng, o),
    playouts: o.playouts,
    horizon: o.horizon,
    scale: o.scale,
    paired: o.paired,
    confidence: o.confidence,
  };
}

export const strongBot = searchBot(strongSpec());
