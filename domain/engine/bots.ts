/**
 * Bots and a driver that plays a whole game with them. Bots only choose among `legal`, and
 * their moves go through `execute` like anyone else's, so a bot can never cheat.
 */
import type { AnyGameModule, Decision, Outcome, Seat, Tagged } from './contract';
import { execute } from './projector';
import { Rng } from './rng';

// biome-ignore lint/suspicious/noExplicitAny: a bot of any game, as the registry holds them
export interface Bot<S = any, C extends Tagged = any> {
  readonly name: string;
  /** Pick one of `legal` (never empty). `rng` is the bot's own, separate from the game's. */
  choose(state: S, seat: Seat, legal: readonly C[], rng: Rng): C;
}

/**
 * A bot's one-step look-ahead: the state after a command, or null if it is refused. No parsing:
 * the command comes from `legal`.
 */
export function lookahead<S, C, E>(
  rules: { decide(state: S, command: C, seat: Seat): Decision<E>; evolveAll(state: S, events: Iterable<E>): S },
  state: S,
  command: C,
  seat: Seat,
): S | null {
  const d = rules.decide(state, command, seat);
  return d.ok ? rules.evolveAll(state, d.events) : null;
}

/** Picks uniformly among the legal commands. */
export const randomBot: Bot = {
  name: 'random',
  choose: (_state, _seat, legal, rng) => legal[rng.int(legal.length)]!,
};

export interface PlayedGame<S = unknown, E = unknown> {
  readonly state: S;
  readonly events: E[];
  readonly outcome: Outcome | null;
  /** Commands played. */
  readonly commands: number;
}

export interface PlayInput {
  readonly players: number;
  readonly seed: number;
  readonly options?: unknown;
  /** One bot per seat. */
  readonly bots: readonly Bot[];
  /** Safety net against a game that never ends; exceeding it throws. */
  readonly maxCommands?: number;
  /** Called after each accepted command (for logs and checks). */
  readonly onCommand?: (step: { seat: Seat; command: Tagged; events: readonly Tagged[]; state: unknown }) => void;
}

export function playGame<S, E extends Tagged>(game: AnyGameModule, input: PlayInput): PlayedGame<S, E> {
  const options = game.optionsSchema.parse(input.options ?? {});
  const events: E[] = game.setup({ players: input.players, options, seed: input.seed });
  let state: S = events.reduce<S>((s, e) => game.evolve(s, e), game.initialState());
  const rng = Rng.fromSeed(input.seed ^ 0x5bd1e995);
  const max = input.maxCommands ?? 100_000;
  let commands = 0;
  for (;;) {
    const active: Seat[] = game.activeSeats(state);
    if (active.length === 0) break;
    const seat = active[0]!;
    const legal = game.legal(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} is active but has no legal command`);
    const command = input.bots[seat]!.choose(state, seat, legal, rng);
    const result = execute<S, E>(game, state, command, seat);
    if (!result.ok) {
      throw new Error(`${game.id}: legal command ${JSON.stringify(command)} was rejected: ${result.rejection.message}`);
    }
    state = result.state;
    events.push(...result.events);
    input.onCommand?.({ seat, command, events: result.events, state });
    if (++commands > max) throw new Error(`${game.id}: no end after ${max} commands`);
  }
  return { state, events, outcome: game.outcome(state), commands };
}
