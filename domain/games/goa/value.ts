/**
 * What a position is worth to a seat, in victory points expected at the end: its score now plus
 * what its resources, development rows, cards and tiles still promise in the actions it has left.
 * Each progress step pays exactly 1 VP per spice-and-ship pair (row VP 0-1-3-6-10 for steps of
 * 1–4 pairs), so a pair that fits a coming step is worth a little under 1 VP, less the fewer
 * actions are left to spend it in. Reads only the seat's own part of the state.
 */
import type { Seat } from '../../engine/contract';
import { CARDS, COLUMNS, DATA } from './data';
import { emptyFields, handLimit, lastRow, spotsOf, totalSpices } from './rules';
import { plan } from './plan';
import { scoreOf } from './scoring';
import type { GoaPlayer, GoaState } from './types';

const ROUNDS = DATA.rounds.value;
const rowVp = DATA.rowVp.value;

/** Rounds still to play, this one included (8 in all). */
export const roundsLeft = (s: GoaState): number => (s.part === 'A' ? ROUNDS : 0) + ROUNDS - s.round + 1;

/** The seat's action turns still to come: the rest of this round's three, the later rounds', its additional action cards. */
export function actionsLeft(s: GoaState, seat: Seat): number {
  const p = s.seats[seat]!;
  let now = 0;
  if (s.stage === 'markers' || s.stage === 'auctions') now = 3;
  else if (s.stage === 'actions') {
    const order = (x: Seat) => (x - s.flag + s.players) % s.players;
    const doneThisSet = order(seat) < order(s.turn) || (seat === s.turn && s.acted);
    now = 3 - (s.actionSet - 1) - (doneThisSet ? 1 : 0);
  } else if (s.stage === 'extra' && s.extraTurn && s.turn === seat && !s.acted) now = 1;
  const later = roundsLeft(s) - 1;
  // About one additional action card comes in every other round (the flag, tiles, all-rows bonuses).
  return now + 3 * later + p.extraActions + 0.5 * later;
}

/** What more ducats buy: tiles at auction early on, only the most-money bonus at the end. */
export function ducatWorth(ducats: number, w: number): number {
  const spend = 0.11 * Math.min(ducats, 12) + 0.05 * Math.max(0, Math.min(ducats, 25) - 12) + 0.01 * Math.max(0, ducats - 25);
  return w * spend + 0.02 * ducats;
}

/** A kept tile not yet used (or usable again next round), in VP. */
function tileWorth(_s: GoaState, p: GoaPlayer, t: GoaPlayer['tiles'][number], uses: number, w: number): number {
  switch (t.kind) {
    case 'ship':
      return 0.4 * uses;
    case 'colonist':
      return 0.25 * uses;
    case 'spice':
      return 0.45 * uses;
    case 'ducats':
      return 0.4 * uses;
    case 'duty':
      return t.used ? 0 : DATA.dutyVp.value * Math.min(1, totalSpices(p) / DATA.dutySpices.value) * (0.4 + 0.6 * w);
    case 'viceKing': {
      const best = Math.max(0, ...COLUMNS.filter((c) => p.rows[c] < lastRow).map((c) => rowVp[p.rows[c] + 1]! - rowVp[p.rows[c]]!));
      return best;
    }
    case 'extraHarvest':
      return 1.2 * w;
    case 'resupply':
    case 'espionage':
    case 'swap':
      return 1 * w;
    default:
      return 0;
  }
}

/** An expedition card's effect, in VP (its symbol counts in the score). */
function cardWorth(p: GoaPlayer, id: string): number {
  switch (CARDS[id]!.effect) {
    case 'ships':
      return 0.8;
    case 'spices':
      return emptyFields(p) > 0 ? 0.8 : 0.3;
    case 'progressShips':
    case 'progressSpices':
    case 'progressDucats':
      return 0.8;
    default:
      return 0.5;
  }
}

/** Plan VP are not yet made: rivals take tiles, cards run out. */
const PLAN_SHARE = 0.85;
/** An action the plan finds no use for still brings ducats or a card. */
const IDLE_ACTION = 0.45;

/** The seat's expected final VP. */
export function evaluate(s: GoaState, seat: Seat): number {
  const p = s.seats[seat]!;
  if (s.status === 'over') {
    const f = s.final?.find((x) => x.seat === seat);
    return (f?.total ?? 0) + p.ducats * 0.001;
  }
  const actions = actionsLeft(s, seat);
  // Resources fade as the actions to spend them run out.
  const w = Math.min(1, actions / 9);
  const rounds = roundsLeft(s);
  const future = plan(p, actions, IDLE_ACTION / PLAN_SHARE);
  let v = scoreOf(p, seat, false).total + PLAN_SHARE * future.vp + IDLE_ACTION * future.idleWeight;
  // Fields of many spices: later harvests feed steps the plan cannot reach yet.
  const fields = new Map<string, number>();
  for (const x of spotsOf(p)) fields.set(x.spice, (fields.get(x.spice) ?? 0) + x.fields);
  const lasting = Math.min(1, (rounds - 1) / 4);
  for (const f of fields.values()) v += lasting * (0.5 + 0.25 * Math.min(2, f - 1));
  // A little for what the plan leaves over (a Duty, a sale, a later step).
  v += w * (0.08 * totalSpices(p) + 0.03 * p.ships + 0.05 * p.colonists);
  v += ducatWorth(p.ducats, w);
  const kept = Math.min(p.hand.length, handLimit(p));
  v += w * p.hand.slice(0, kept).reduce((k, id) => k + cardWorth(p, id), 0);
  for (const t of p.tiles) {
    const round = t.kind === 'ship' || t.kind === 'colonist' || t.kind === 'spice' || t.kind === 'ducats';
    const uses = round ? rounds - (t.used ? 1 : 0) : 1;
    v += tileWorth(s, p, t, uses, w);
  }
  return v;
}
