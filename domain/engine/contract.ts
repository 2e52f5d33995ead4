/**
 * The game-module contract: every game on Caravela is one object of type `GameModule`.
 *
 * A module is a decider (Chassaing's decide / evolve / initial state) plus what a server needs
 * around it: who may move, what each seat may see, every command it would accept, and the result.
 * Everything here is pure: no I/O, no clock, no `Math.random`. Randomness comes from the seeded
 * generator in `rng.ts`; its outcomes are written into events, so `evolve` never rolls dice.
 */
import type * as z from 'zod';

export type Seat = number;

/** Every command and event is a plain JSON object tagged by `type`. */
export interface Tagged {
  readonly type: string;
}

/** Codes shared with the wire protocol (docs/protocol.md); the game uses the ones about moves. */
export type RejectionCode = 'BAD_REQUEST' | 'ILLEGAL' | 'NOT_YOUR_TURN' | 'GAME_OVER';

export interface Rejection {
  readonly code: RejectionCode;
  /** A sentence a person can act on. */
  readonly message: string;
}

export type Decision<E> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly rejection: Rejection };

export interface SeatResult {
  readonly seat: Seat;
  readonly score: number;
  /** 1 is best; tied seats share a rank. */
  readonly rank: number;
  /** Game-specific details (score breakdown, tie-break values). */
  readonly details?: Readonly<Record<string, number>>;
}

export interface Outcome {
  readonly results: readonly SeatResult[];
  readonly winners: readonly Seat[];
}

export interface SetupOptions<O> {
  readonly players: number;
  readonly options: O;
  /** Any 32-bit integer; the server picks it at random, tests pick it on purpose. */
  readonly seed: number;
}

export interface GameModule<S, C extends Tagged, E extends Tagged, V = unknown, O = unknown> {
  /** Stable identifier used on the wire, e.g. "vasco-da-gama". */
  readonly id: string;
  readonly title: string;
  /** Stored with every game; a game is always replayed with the rules version it started with. */
  readonly rulesVersion: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Game-specific creation options (may be an empty object schema). */
  readonly optionsSchema: z.ZodType<O>;
  /** Parses and normalises one command; commands equal after parsing are the same command. */
  readonly commandSchema: z.ZodType<C>;

  /** The state before any event (the decider's initial state). */
  initialState(): S;
  /** The events that start a new game; all setup randomness is drawn here. */
  setup(input: SetupOptions<O>): E[];
  /** Accept a command from a seat (with the events it causes) or reject it with a reason. */
  decide(state: S, command: C, seat: Seat): Decision<E>;
  /** One fold step. Never throws for an event that `setup` or `decide` produced. */
  evolve(state: S, event: E): S;
  /** Optional fast path: the same as folding `evolve` over the events, with fewer copies. */
  evolveAll?(state: S, events: Iterable<E>): S;
  /** What a seat (or a spectator, `null`) may see. Hidden information is removed. */
  view(state: S, seat: Seat | null): V;
  /**
   * Optional: the view's fields that are the same in every state of a rules version (notes on
   * the numbers, labels): a client that has them from the rules module asks for lean frames,
   * which leave them out.
   */
  readonly staticView?: readonly (keyof V & string)[];
  /** Every command `decide` accepts from this seat right now, exactly. */
  legal(state: S, seat: Seat): C[];
  /** Seats the game is waiting for. Empty once the game is over. */
  activeSeats(state: S): Seat[];
  /** Final scores and ranking, or null while the game goes on. */
  outcome(state: S): Outcome | null;
  /**
   * Optional: each seat's points if the game ended now, counted from what every seat may see (so
   * a public estimate where the end scores something hidden; the game's `pointsNote` says what
   * it leaves out). Shown beside every name while the game goes on.
   */
  standings?(state: S): readonly number[];
  /** One log line for an event, with seat names filled in; '' for a bookkeeping event the log leaves out. */
  describe(event: E, names: readonly string[]): string;
  /**
   * Optional: whether a seat may take back a command that produced these events — true only if
   * they revealed nothing that was hidden before (no draw, no face-down tile turned). Without
   * it, nothing can be taken back.
   */
  canUndo?(events: readonly E[]): boolean;
}

/** A module with its type parameters erased, for registries and generic tools. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds modules of every game; each is used with its own types
export type AnyGameModule = GameModule<any, any, any, any, any>;

/** An outcome from ranked results: the winners are the seats ranked 1. */
export const rankedOutcome = (results: readonly SeatResult[]): Outcome => ({
  results,
  winners: results.filter((r) => r.rank === 1).map((r) => r.seat),
});

/** The outcome of a game one seat wins (score 1, the others 0 and ranked 2), or a draw (null: everyone ranked 1). */
export const winnerOutcome = (seats: number, winner: Seat | null): Outcome =>
  rankedOutcome(
    Array.from({ length: seats }, (_, seat) => ({
      seat,
      score: winner === seat ? 1 : 0,
      rank: winner === null || winner === seat ? 1 : 2,
    })),
  );

export const accept = <E>(events: readonly E[]): Decision<E> => ({ ok: true, events });
export const reject = <E>(code: RejectionCode, message: string): Decision<E> => ({
  ok: false,
  rejection: { code, message },
});
