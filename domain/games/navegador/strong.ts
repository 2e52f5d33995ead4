/**
 * The strong Navegador bot: determinized Monte Carlo search with the real rules. At the start
 * of a turn it tries the heuristic's best few rondel moves (and the Navegador) in worlds whose
 * face-down colony stacks are dealt again from what it sees, lets every seat play on with the
 * quick rules for a few rounds, and scores the result by `estimate`. Within an action it plays
 * the heuristic's step.
 */
import type { Bot } from '../../engine/bots';
import { searchBot, type SearchSpec } from '../../engine/search';
import { heuristicBot, heuristicChoice, rankMoves } from './bots';
import type { NavCommand } from './commands';
import { decide } from './decide';
import { estimates } from './estimate';
import type { NavEvent } from './events';
import { evolve, evolveAll } from './evolve';
import { determinize } from './hidden';
import { activeSeats, legal } from './legal';
import { quickBot } from './policy';
import type { NavState } from './types';
import { navegador } from './index';

/** Tunable knobs of the search (the registered bot uses the defaults). */
export interface StrongOptions {
  /** Playouts per decision. */
  playouts?: number;
  /** Rounds of play after the move, before `estimate` scores the position. */
  rounds?: number;
  /** Rondel moves searched (the heuristic's best). */
  width?: number;
  /** The policy of the playouts. */
  rollout?: 'heuristic' | 'quick';
}

export function strongSpec(opts: StrongOptions = {}): SearchSpec<NavState, NavCommand, NavEvent> {
  const rounds = opts.rounds ?? 2;
  const width = opts.width ?? 4;
  return {
    name: 'strong',
    rules: { decide, evolve, evolveAll, legal, activeSeats, outcome: navegador.outcome },
    determinize: (state, _seat, rng) => determinize(state, rng),
    evaluate: estimates,
    rollout: opts.rollout === 'quick' ? quickBot : heuristicBot,
    candidates(state, seat, options) {
      if (state.pending) return [heuristicChoice(state, seat, options)];
      return rankMoves(state, seat, options)
        .slice(0, width)
        .map((r) => r.command);
    },
    playouts: opts.playouts ?? 160,
    horizon: rounds * 5 * 20,
    // Scored when the seat is about to move again, `rounds` rounds on.
    until: (root, state) => state.turnsDone >= root.turnsDone + rounds * root.players,
    scale: 8,
  };
}

export const strongBot = (opts: StrongOptions = {}): Bot<NavState, NavCommand> => searchBot(strongSpec(opts));
