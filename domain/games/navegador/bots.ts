/**
 * Navegador bots. `safe` plays for a seat whose time ran out: the next rondel field, nothing
 * spent, the action ended at once. `heuristic` looks one action ahead with the real rules: for
 * every rondel field it plays that action greedily to its end and scores the result, and within
 * an action it takes the step that scores best, or stops.
 */
import { lookahead, type Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import { DATA, PRIVILEGES } from './data';
import type { NavCommand } from './commands';
import { decide } from './decide';
import { evolveAll } from './evolve';
import { legal } from './legal';
import { achievements, bestKingColumn, columnVp, distance, shipsAtSea } from './rules';
import type { NavState } from './types';

export const safeBot: Bot<NavState, NavCommand> = {
  name: 'safe',
  choose(state, seat, options) {
    const moves = options.filter((c): c is Extract<NavCommand, { type: 'move' }> => c.type === 'move');
    if (moves.length) {
      const from = state.seats[seat]!.position;
      return from === null ? moves[0]! : moves.reduce((best, c) => (distance(from, c.field) < distance(from, best.field) ? c : best));
    }
    return options.find((c) => c.type === 'done') ?? options[0]!;
  },
};

/** An estimate of the seat's final VP: the score now, plus what cash, ships and workers still promise. */
export function evaluate(s: NavState, seat: Seat): number {
  const p = s.seats[seat]!;
  const king = bestKingColumn(p);
  const columns = PRIVILEGES.reduce((n, t) => n + columnVp(p, t, king), 0);
  const progress = s.turnsDone / (s.players * 40); // a rough share of the game already played
  const cashValue = p.cash / (progress < 0.7 ? 90 : 200);
  const colonyIncome = (1 - progress) * p.colonies.length * 1.5;
  const explorerChance = (1 - progress) * shipsAtSea(s, seat) * 0.8;
  const privilegeValue = PRIVILEGES.reduce((n, t) => n + (DATA.baseVp.value[t] > 2 ? 0.1 : 0) * achievements(p, t), 0);
  return p.workers + shipsAtSea(s, seat) + columns + cashValue + colonyIncome + explorerChance + privilegeValue;
}

const after = (s: NavState, c: NavCommand, seat: Seat) => lookahead({ decide, evolveAll }, s, c, seat);

/** Play the seat's current action to its end, each step the best-scoring one (or stop). */
function finishGreedily(s: NavState, seat: Seat, depth = 12): NavState {
  for (let i = 0; i < depth && s.pending?.seat === seat && s.status === 'playing'; i++) {
    const options = legal(s, seat);
    let best: NavState | null = null;
    let score = -Infinity;
    for (const c of options) {
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

export const heuristicBot: Bot<NavState, NavCommand> = {
  name: 'heuristic',
  choose(state, seat, options, rng) {
    let best: NavCommand[] = [];
    let score = -Infinity;
    for (const c of options) {
      let next = after(state, c, seat);
      if (!next) continue;
      // A rondel move (or the Navegador) is worth what its action can achieve.
      if (c.type === 'move' || c.type === 'useNavegador') next = finishGreedily(next, seat);
      const v = evaluate(next, seat) + (c.type === 'move' && state.seats[seat]!.position !== null ? -0.01 * distance(state.seats[seat]!.position!, c.field) : 0);
      if (v > score + 1e-9) [best, score] = [[c], v];
      else if (Math.abs(v - score) <= 1e-9) best.push(c);
    }
    return best.length ? best[rng.int(best.length)]! : options[0]!;
  },
};
