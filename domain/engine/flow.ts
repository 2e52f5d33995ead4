/**
 * A game's flow as a table of steps: one entry per kind of moment the game can wait in, and
 * everything about that moment in its entry (as Rally the Troops keeps `states.x = { inactive,
 * prompt(), action() }`):
 *
 * - `active`: the seats the step waits for;
 * - `prompt`: what it waits for, in words ("place an action disc");
 * - `options`: every command the acting seat may send, exactly;
 * - `settle`: how the step ends by itself when nobody has a choice (a forced move, the end of a
 *   round), emitting its events.
 *
 * `flow.at(state)` says which step the game is in, with the data that step needs, typed by its
 * kind (the pending choice, the number being called…), so a step reads narrowed data instead of
 * asserting that a field is set. From the table the engine derives, once for every game:
 * `activeSeats`, `legal`, `waitingFor`, the checks before deciding (`admit`: one legality
 * mechanism, with one set of rejection sentences), `decide` itself (`decider`) and the run of
 * automatic steps after a command (`settle`). A new kind of choice is one new entry.
 */
import { accept, type Decision, type Rejection, reject, type Seat, type Tagged } from './contract';
import { deepEqual } from './copy';
import { Transaction } from './transaction';

/** Where a step's events go: the state so far (updated as each event is emitted), and `emit`. */
export interface Emitter<S, E> {
  readonly state: S;
  emit(event: E): void;
}

export interface Step<S, C, E, At> {
  /** The seats this step waits for (none: the step settles by itself). */
  active(state: S, at: At): readonly Seat[];
  /** What the game waits for, as a player reads it after "waiting for Blue to …" or "you must …". */
  prompt(state: S, at: At): string;
  /**
   * Every command `seat` (one of `active`) may send in this step, exactly. `only` is a hint:
   * the caller needs commands of that type alone, so a step may skip building the others.
   */
  options(state: S, at: At, seat: Seat, only?: string): C[];
  /**
   * Run the step on by itself when no choice is left: emit its events and return true. Return
   * false (or leave `settle` out) while a seat has a choice to make.
   */
  settle?(tx: Emitter<S, E>, at: At): boolean;
}

/** The step a game is in: a `kind` naming its entry in the table, with the data the entry reads. */
export interface At {
  readonly kind: string;
}

/** A step table: for each kind of `At`, its step, which reads that kind's data. */
export type Steps<S, C, E, A extends At> = { readonly [K in A['kind']]: Step<S, C, E, Extract<A, { kind: K }>> };

export interface Flow<S, C extends Tagged, E, A extends At> {
  /** The step the game is in now. */
  at(state: S): A;
  readonly steps: Steps<S, C, E, A>;
  /** Whether the game is over (nothing is legal any more). */
  over(state: S): boolean;
  /** How many seats the game has. */
  seats(state: S): number;
  /** A seat as players call it in sentences ("Blue", "X"). */
  seatName(state: S, seat: Seat): string;
  /** Commands a seat may send whatever the step, also out of turn (launching a ship at any time). */
  anytime?(state: S, seat: Seat): C[];
  /**
   * The types of command a seat may send whoever is to act (those `anytime` lists when it can):
   * one of these is refused for what is wrong with it, never as out of turn — even when the seat
   * has none to send right now.
   */
  readonly outOfTurn?: readonly C['type'][];
  /**
   * Why a command that is not legal now is refused, as a sentence a player can act on; null
   * when the general sentence ("Now you must …, allowed now: …") says it best. `allowed`: the
   * types of the seat's legal commands.
   */
  explain?(state: S, command: C, seat: Seat, allowed: ReadonlySet<string>): string | null;
}

/** The step `flow` is in, with its table entry, typed together. */
function current<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, state: S): { step: Step<S, C, E, A>; at: A } {
  const at = flow.at(state);
  return { step: flow.steps[at.kind as A['kind']] as unknown as Step<S, C, E, A>, at };
}

/** The seats the game waits for. Empty once it is over. */
export function activeSeats<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, state: S): Seat[] {
  if (flow.over(state)) return [];
  const { step, at } = current(flow, state);
  return [...step.active(state, at)];
}

/** Every command `seat` may send now, exactly: the step's options if it is to act, and those it may send at any time. */
export function legal<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, state: S, seat: Seat, only?: string): C[] {
  if (flow.over(state) || seat < 0 || seat >= flow.seats(state)) return [];
  const { step, at } = current(flow, state);
  const out = step.active(state, at).includes(seat) ? step.options(state, at, seat, only) : [];
  if (flow.anytime) out.push(...flow.anytime(state, seat));
  return only ? out.filter((c) => c.type === only) : out;
}

/** What the game waits for, in words. */
export function waitingFor<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, state: S): string {
  if (flow.over(state)) return 'nothing: the game is over';
  const { step, at } = current(flow, state);
  return step.prompt(state, at);
}

/**
 * The checks before deciding, the same for every game: the game is on, the seat exists, and the
 * command is one of the seat's legal ones. Null when the command may be decided; else the
 * rejection: GAME_OVER, BAD_REQUEST, NOT_YOUR_TURN ("waiting for Blue to …") or ILLEGAL (the
 * game's reason, or what the seat must do now, with the kinds of command allowed).
 */
export function admit<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, state: S, command: C, seat: Seat): Rejection | null {
  if (flow.over(state)) return { code: 'GAME_OVER', message: 'The game is over.' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= flow.seats(state)) {
    return { code: 'BAD_REQUEST', message: `There is no seat ${seat} in this game.` };
  }
  if (legal(flow, state, seat, command.type).some((c) => deepEqual(c, command))) return null;
  const { step, at } = current(flow, state);
  const active = step.active(state, at);
  const prompt = step.prompt(state, at);
  const anytime = flow.outOfTurn?.includes(command.type) || (flow.anytime?.(state, seat).some((c) => c.type === command.type) ?? false);
  if (!active.includes(seat) && !anytime) {
    if (active.length === 0) return { code: 'NOT_YOUR_TURN', message: 'No one can act right now.' };
    const who = active.map((s) => flow.seatName(state, s)).join(', ');
    return { code: 'NOT_YOUR_TURN', message: `It is not your turn: waiting for ${who} to ${prompt}.` };
  }
  const allowed = new Set(legal(flow, state, seat).map((c) => c.type));
  const reason = flow.explain?.(state, command, seat, allowed) ?? `Now you must ${prompt}`;
  const list = allowed.size ? ` (allowed now: ${[...allowed].join(', ')})` : '';
  return { code: 'ILLEGAL', message: `${reason.replace(/\.$/, '')}${list}.` };
}

/** Most steps one `settle` may run before the flow is taken to be looping (a bug in a table). */
const MAX_SETTLE_STEPS = 100_000;

/** Run every step that needs no decision, until some seat has a choice or the game is over. */
export function settle<S, C extends Tagged, E, A extends At>(flow: Flow<S, C, E, A>, tx: Emitter<S, E>): void {
  for (let steps = 0; steps < MAX_SETTLE_STEPS; steps++) {
    if (flow.over(tx.state)) return;
    const { step, at } = current(flow, tx.state);
    if (!step.settle?.(tx, at)) return;
  }
  throw new Error(`the flow did not settle within ${MAX_SETTLE_STEPS} steps at ${flow.at(tx.state).kind}`);
}

/**
 * A game's `decide` from its flow: admit the command, perform it (the game's own events for
 * it), then settle. `apply` applies one event to a state in place (the game's evolve step).
 */
export function decider<S, C extends Tagged, E, A extends At>(
  flow: Flow<S, C, E, A>,
  apply: (state: S, event: E) => void,
  perform: (tx: Emitter<S, E>, command: C, seat: Seat) => void,
): (state: S, command: C, seat: Seat) => Decision<E> {
  return (state, command, seat) => {
    const refused = admit(flow, state, command, seat);
    if (refused) return reject(refused.code, refused.message);
    const tx = new Transaction<S, E>(state, apply);
    perform(tx, command, seat);
    settle(flow, tx);
    return accept(tx.events);
  };
}
