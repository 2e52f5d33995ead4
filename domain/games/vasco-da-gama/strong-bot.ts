/**
 * The strong bot for Vasco da Gama: determinized Monte Carlo search with the real rules.
 *
 * The root moves are the heuristic's best few; each playout re-draws the hidden parts (hidden.ts),
 * plays the move through `decide`/`evolve`, lets the heuristic play every seat to the end of the
 * round (its Phase 3 scored, so the round's actions have paid off) and scores the position with
 * the heuristic's estimate of each seat's final Victory Points.
 */
import type { Seat } from '../../engine/contract';
import type { Rng } from '../../engine/rng';
import { searchBot, type SearchSpec } from '../../engine/search';
import { evaluate, heuristicBot, rankCommands } from './bot';
import type { VdgCommand } from './commands';
import type { VdgEvent } from './events';
import { redrawHidden } from './hidden';
import { vascoDaGama } from './index';
import type { VdgState } from './types';

export interface StrongOptions {
  /** Playouts per decision at most. */
  playouts: number;
  /** Rollout commands per decision at most (bounds the work when rollouts run long). */
  budget: number;
  /** Root moves searched: the heuristic's best this many. */
  width: number;
}

/**
 * Calibrated with the bots bench: 700 rollout commands (the heuristic choosing, `decide` and
 * `evolve` each step) keep a decision's p90 near 120 ms of CPU, well inside the 0.3 s budget.
 */
export const strongDefaults: StrongOptions = { playouts: 64, budget: 700, width: 5 };

/** The rollout has reached a point worth scoring: a later round (this one's Phase 3 done) or the end. */
const stopAt = (root: VdgState, s: VdgState): boolean => s.round > root.round || s.phase === 'over';

export function strongSpec(o: StrongOptions = strongDefaults): SearchSpec<VdgState, VdgCommand, VdgEvent> {
  return {
    name: 'strong',
    rules: vascoDaGama,
    determinize: (state: VdgState, _seat: Seat, rng: Rng) => redrawHidden(state, rng),
    evaluate: (s) => s.seats.map((_, seat) => evaluate(s, seat)),
    rollout: heuristicBot,
    candidates: (state, seat, legal) =>
      rankCommands(state, seat, legal)
        .slice(0, o.width)
        .map((r) => r.command),
    playouts: o.playouts,
    budget: o.budget,
    horizon: 400,
    stopAt,
    scale: 6,
  };
}

export const makeStrongBot = (o: StrongOptions = strongDefaults) => searchBot(strongSpec(o));

export const strongBot = makeStrongBot();
