/**
 * Navegador bots. `safe` plays for a seat whose time ran out: the quick rules of policy.ts (the
 * free rondel field whose action is worth most, played out by simple sums). `heuristic` looks
 * one action ahead with the real rules: for every rondel move it plays the action to its end,
 * each step the one whose result `estimate` values most, and takes the move that ends best.
 * It looks ahead in a world whose face-down colony stacks are dealt from what it may see.
 */
import type { Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import type { NavCommand } from './commands';
import { after } from './decide';
import { estimate } from './estimate';
import { publicWorld } from './hidden';
import { legal } from './flow';
import { quickBot, quickChoice } from './policy';
import { distance, moveCost } from './rules';
import type { NavState } from './types';

export const safeBot: Bot<NavState, NavCommand> = { ...quickBot, name: 'safe' };

/**
 * The step within an action whose result is worth most, and that result (sailing follows the
 * quick rules: its steps pay off only together).
 */
function bestStep(s: NavState, seat: Seat, options: readonly NavCommand[]): { command: NavCommand; next: NavState | null } {
  if (s.pending?.kind === 'sailing' || s.pending?.kind === 'payShips') return { command: quickChoice(s, seat, options), next: null };
  let best = { command: options[0]!, next: null as NavState | null };
  let score = -Infinity;
  // A trade is tried with all its units only (fewer rarely pay, and each try costs a copy).
  const most = new Map<string, number>();
  for (const c of options) if (c.type === 'trade') most.set(c.good + c.mode, Math.max(most.get(c.good + c.mode) ?? 0, c.units));
  for (const c of options) {
    if (c.type === 'trade' && c.units < most.get(c.good + c.mode)!) continue;
    const next = after(s, c, seat);
    const v = estimate(next, seat);
    if (v > score + 1e-9) [best, score] = [{ command: c, next }, v];
  }
  return best;
}

/** Play the seat's current action to its end. */
export function finishAction(s: NavState, seat: Seat): NavState {
  for (let i = 0; i < 16 && s.pending?.seat === seat && s.status === 'playing'; i++) {
    const step = bestStep(s, seat, legal(s, seat));
    s = step.next ?? after(s, step.command, seat);
  }
  return s;
}

/** Every turn option (rondel move or the Navegador) scored by where its action ends. */
export function rankMoves(state: NavState, seat: Seat, options: readonly NavCommand[]): { command: NavCommand; value: number }[] {
  const world = publicWorld(state);
  const from = state.seats[seat]!.position;
  const out: { command: NavCommand; value: number }[] = [];
  let navegador: NavState | null = null;
  for (const c of options) {
    // Moves paying three ships or more are (nearly) never worth it, and each costs a look-ahead.
    if (c.type === 'move' && moveCost(from, c.field) > 2) continue;
    const end = finishAction(after(world, c, seat), seat);
    if (c.type === 'useNavegador') navegador = end;
    // A ship paid for the rondel also costs the turn that builds it again.
    else
      out.push({
        command: c,
        value: estimate(end, seat) - (c.type === 'move' && from !== null ? 0.01 * distance(from, c.field) + moveCost(from, c.field) : 0),
      });
  }
  out.sort((a, b) => b.value - a.value);
  // The Navegador's sailing comes on top of a rondel move: count the best move's gain with it.
  const nav = options.find((c) => c.type === 'useNavegador');
  if (nav && navegador && out.length) out.push({ command: nav, value: estimate(navegador, seat) + out[0]!.value - estimate(world, seat) });
  return out.sort((a, b) => b.value - a.value);
}

/** The heuristic's choice (deterministic; it reads nothing hidden). */
export function heuristicChoice(state: NavState, seat: Seat, options: readonly NavCommand[]): NavCommand {
  if (options.length === 1) return options[0]!;
  // Within an action nothing hidden is looked at (sailing steps follow the quick rules).
  if (state.pending) return bestStep(state, seat, options).command;
  return rankMoves(state, seat, options)[0]?.command ?? options[0]!;
}

export const heuristicBot: Bot<NavState, NavCommand> = {
  name: 'heuristic',
  choose: (state, seat, options) => heuristicChoice(state, seat, options),
};
