/**
 * A searching bot built on the real rules: determinized Monte Carlo search at the root.
 *
 * For each decision the bot samples, many times over, a world the seat cannot tell apart from
 * the real one (`determinize`: every hidden part — other seats' hands and money, face-down
 * stacks, the game's own generator — drawn again from what the seat can see), plays one of its
 * candidate moves there through `decide`/`evolve`, lets a cheap policy play the game on for a
 * few commands, and scores the result (the final outcome, or `evaluate` at the horizon). UCB1
 * spends the playouts on the promising moves; the most tried move is played.
 *
 * Pure like the rest of the domain: no clock. The work per decision is a number of playouts,
 * chosen per game so that a decision stays within its time budget on the target machine (the
 * bots bench measures it). Because the hidden parts are re-drawn from the bot's own generator,
 * two states that differ only in what the seat cannot see lead to the same decision.
 */
import type { Bot } from './bots';
import type { Decision, Outcome, Seat, Tagged } from './contract';
import { Rng } from './rng';

/** The parts of a game module the search plays with. */
export interface SearchRules<S, C, E> {
  decide(state: S, command: C, seat: Seat): Decision<E>;
  evolve(state: S, event: E): S;
  evolveAll?(state: S, events: Iterable<E>): S;
  legal(state: S, seat: Seat): C[];
  activeSeats(state: S): Seat[];
  outcome(state: S): Outcome | null;
}

export interface SearchSpec<S, C extends Tagged, E> {
  readonly name: string;
  readonly rules: SearchRules<S, C, E>;
  /**
   * A state `seat` cannot tell apart from `state`: every part hidden from it re-drawn from
   * `rng`, consistent with what it sees (a shuffle of the unseen pieces, a fresh generator
   * state). It must not copy any hidden value from `state`.
   */
  determinize(state: S, seat: Seat, rng: Rng): S;
  /** Each seat's expected final score in a state that is not over (rollouts stop at the horizon). */
  evaluate(state: S): readonly number[];
  /** The policy every seat follows during a rollout: cheap, and only ever one of `legal`. */
  readonly rollout: Bot<S, C>;
  /** The root moves worth searching (default: every legal one); each must be an entry of `legal`. */
  candidates?(state: S, seat: Seat, legal: readonly C[], rng: Rng): readonly C[];
  /**
   * Optional fast path for rollout steps: the state after a command the rollout took from
   * `legal`, the same as `decide` then `evolve` but free to skip checking it again (the default
   * is `decide` and `evolve`).
   */
  play?(state: S, command: C, seat: Seat): S;
  /** Playouts per decision. */
  readonly playouts: number;
  /** Commands a rollout plays before `evaluate` scores it. */
  readonly horizon: number;
  /**
   * Optional: ends a rollout before the horizon at a natural point to score (the end of a round),
   * given the state the search started from, the rollout's state and the commands it has played.
   */
  stopAt?(root: S, state: S, steps: number): boolean;
  /**
   * Optional: the most rollout commands one decision may play in all. The search stops starting
   * playouts once they are spent (after at least one per candidate), so the work per decision is
   * bounded even when some rollouts run long; `playouts` still caps their number.
   */
  readonly budget?: number;
  /** A lead in score that counts as almost certainly winning (sets how rewards saturate). */
  readonly scale: number;
  /**
   * Optional: the reward in [0, 1] of final or estimated scores for `seat` (default `reward`,
   * the lead over the best other seat; with many seats a game may prefer another measure).
   */
  reward?(scores: readonly number[], seat: Seat, winners?: readonly Seat[]): number;
  /** UCB1's exploration constant (default √2 / 2). */
  readonly exploration?: number;
  /**
   * Play every candidate in the same sampled world with the same rollout generator, world after
   * world (common random numbers), instead of UCB1 with a world per playout; the best mean wins.
   * For games where moves differ by less than worlds do: the differences are then measured in
   * like conditions. Default false.
   */
  readonly paired?: boolean;
  /**
   * With `paired`: the first candidate is the default (say, the heuristic's choice), and another
   * is played instead only if its advantage, world by world, is this many standard errors above
   * zero. Keeps near-ties, which are mostly noise, from moving the bot off a sound default.
   */
  readonly confidence?: number;
}

/** Statistics of one search, for tests and the bench. */
export interface SearchTrace<C> {
  readonly candidates: readonly C[];
  readonly visits: readonly number[];
  readonly meanReward: readonly number[];
  readonly chosen: number;
}

/** The reward of a result for `seat`, in [0, 1]: its lead over the best other seat, squashed. */
export function reward(scores: readonly number[], seat: Seat, scale: number, winners?: readonly Seat[]): number {
  let best = -Infinity;
  for (let s = 0; s < scores.length; s++) if (s !== seat && scores[s]! > best) best = scores[s]!;
  let margin = scores[seat]! - best;
  // A final outcome's tie-breaks decide ties in score: a tied winner is ahead, a tied loser behind.
  if (winners && margin === 0) margin = winners.includes(seat) ? 0.5 : -0.5;
  return 0.5 + 0.5 * Math.tanh(margin / scale);
}

function fold<S, E>(rules: SearchRules<S, unknown, E>, state: S, events: readonly E[]): S {
  return rules.evolveAll ? rules.evolveAll(state, events) : events.reduce((s, e) => rules.evolve(s, e), state);
}

/** One playout from `state` after `seat` plays `command`: the reward for `seat` (null if refused) and the commands played. */
function playout<S, C extends Tagged, E>(
  spec: SearchSpec<S, C, E>,
  root: S,
  state: S,
  seat: Seat,
  command: C,
  rng: Rng,
): { reward: number | null; steps: number } {
  const { rules } = spec;
  const first = rules.decide(state, command, seat);
  if (!first.ok) return { reward: null, steps: 0 };
  let s = fold(rules, state, first.events);
  let step = 0;
  for (; step < spec.horizon; step++) {
    if (spec.stopAt?.(root, s, step)) break;
    const active = rules.activeSeats(s);
    if (active.length === 0) break;
    const who = active[0]!;
    const legal = rules.legal(s, who);
    if (legal.length === 0) break;
    const command = spec.rollout.choose(s, who, legal, rng);
    if (spec.play) {
      s = spec.play(s, command, who);
      continue;
    }
    const d = rules.decide(s, command, who);
    if (!d.ok) break;
    s = fold(rules, s, d.events);
  }
  const outcome = rules.outcome(s);
  if (outcome) {
    const scores: number[] = [];
    for (const r of outcome.results) scores[r.seat] = r.score;
    return {
      reward: spec.reward ? spec.reward(scores, seat, outcome.winners) : reward(scores, seat, spec.scale, outcome.winners),
      steps: step,
    };
  }
  const estimated = spec.evaluate(s);
  return { reward: spec.reward ? spec.reward(estimated, seat) : reward(estimated, seat, spec.scale), steps: step };
}

/**
 * The paired search: every candidate is played in each sampled world with the same rollout
 * generator. With `confidence`, the first candidate is the default and another replaces it only
 * if its mean advantage over it, world by world, exceeds that many standard errors.
 */
function pairedSearch<S, C extends Tagged, E>(
  spec: SearchSpec<S, C, E>,
  state: S,
  seat: Seat,
  candidates: readonly C[],
  rng: Rng,
): SearchTrace<C> {
  const n = candidates.length;
  const visits = new Array<number>(n).fill(0);
  const total = new Array<number>(n).fill(0);
  // Advantage over the first candidate, world by world: its sum and sum of squares.
  const gain = new Array<number>(n).fill(0);
  const gain2 = new Array<number>(n).fill(0);
  const refused = new Array<boolean>(n).fill(false);
  let spent = 0;
  for (let used = 0; used < spec.playouts; ) {
    // A world at a time, so the budget is checked after whole worlds (at least one).
    if (spec.budget !== undefined && used > 0 && spent >= spec.budget) break;
    const live = candidates.flatMap((_, i) => (refused[i] ? [] : [i]));
    if (live.length === 0) break;
    const world = spec.determinize(state, seat, rng);
    const seed = rng.int(0x100000000);
    const rewards = new Array<number | null>(n).fill(null);
    for (const i of live) {
      const { reward: r, steps } = playout(spec, state, world, seat, candidates[i]!, new Rng(seed));
      spent += steps + 1;
      visits[i]!++;
      used++;
      if (r === null) refused[i] = true;
      else {
        total[i]! += r;
        rewards[i] = r;
      }
    }
    const base = rewards[0];
    if (base === null || base === undefined) continue;
    for (let i = 1; i < n; i++) {
      const r = rewards[i];
      if (r === null || r === undefined) continue;
      gain[i]! += r - base;
      gain2[i]! += (r - base) ** 2;
    }
  }
  const meanReward = total.map((w, i) => (visits[i] && !refused[i] ? w / visits[i]! : 0));
  let chosen = refused[0] ? -1 : 0;
  for (let i = 1; i < n; i++) {
    if (refused[i]) continue;
    const k = visits[i]!;
    if (spec.confidence !== undefined && !refused[0] && k > 1) {
      const mean = gain[i]! / k;
      const sd = Math.sqrt(Math.max(0, gain2[i]! / k - mean * mean) / (k - 1));
      if (mean <= spec.confidence * sd) continue;
    }
    if (chosen < 0 || meanReward[i]! > meanReward[chosen]!) chosen = i;
  }
  return { candidates, visits, meanReward, chosen: Math.max(0, chosen) };
}

/** Search one decision; the trace says how the playouts were spent. */
export function search<S, C extends Tagged, E>(
  spec: SearchSpec<S, C, E>,
  state: S,
  seat: Seat,
  legal: readonly C[],
  rng: Rng,
): SearchTrace<C> {
  const candidates = legal.length === 1 ? legal : (spec.candidates?.(state, seat, legal, rng) ?? legal);
  const n = candidates.length;
  const visits = new Array<number>(n).fill(0);
  const total = new Array<number>(n).fill(0);
  if (n > 1 && spec.paired) return pairedSearch(spec, state, seat, candidates, rng);
  if (n > 1) {
    const c = spec.exploration ?? Math.SQRT1_2;
    const refused = new Array<boolean>(n).fill(false);
    let spent = 0;
    for (let t = 0; t < spec.playouts; t++) {
      if (spec.budget !== undefined && t >= n && spent >= spec.budget) break;
      let pick = -1;
      if (t < n) pick = t;
      else {
        let best = -Infinity;
        const logT = Math.log(t);
        for (let i = 0; i < n; i++) {
          if (refused[i]) continue;
          const ucb = total[i]! / visits[i]! + c * Math.sqrt(logT / visits[i]!);
          if (ucb > best) {
            best = ucb;
            pick = i;
          }
        }
        if (pick < 0) break;
      }
      // Each playout in a world of its own: hidden parts drawn again from the seat's knowledge.
      const world = spec.determinize(state, seat, rng);
      const { reward: r, steps } = playout(spec, state, world, seat, candidates[pick]!, rng);
      spent += steps + 1;
      visits[pick]!++;
      if (r === null) {
        refused[pick] = true; // a move the sampled world refuses is not worth trying again
        continue;
      }
      total[pick]! += r;
    }
  }
  const meanReward = total.map((w, i) => (visits[i] ? w / visits[i]! : 0));
  let chosen = 0;
  for (let i = 1; i < n; i++) {
    if (visits[i]! > visits[chosen]! || (visits[i] === visits[chosen] && meanReward[i]! > meanReward[chosen]!)) chosen = i;
  }
  return { candidates, visits, meanReward, chosen };
}

/** The searching bot: `search` at every decision, its own generator seeded from the one it is given. */
export function searchBot<S, C extends Tagged, E>(spec: SearchSpec<S, C, E>): Bot<S, C> {
  return {
    name: spec.name,
    choose(state, seat, legal, rng) {
      if (legal.length === 1) return legal[0]!;
      const trace = search(spec, state, seat, legal, new Rng(rng.int(0x100000000)));
      return trace.candidates[trace.chosen]!;
    },
  };
}
