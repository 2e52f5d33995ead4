/**
 * The shape of Goa's steps (flow.ts holds the table). A step is the engine's (who acts, what it
 * waits for, its exact options, how it settles by itself) plus `perform`: the events of one of
 * its own options, so that everything about a moment of the game sits in one entry.
 */
import type { Seat } from '../../engine/contract';
import type { Emitter, Step } from '../../engine/flow';
import type { GoaCommand } from './commands';
import type { GoaEvent } from './events';
import type { Auction, GoaPlayer, GoaState, Pending } from './types';

export type Tx = Emitter<GoaState, GoaEvent>;

/**
 * Where the game waits: a pending choice (the top of the stack, itself: its kind names its step),
 * or a stage of the round with the data its step reads.
 */
export type GoaAt =
  | Pending
  /** Before the game is set up: nothing to do. */
  | { kind: 'setup' }
  | { kind: 'flag'; seat: Seat }
  | { kind: 'marker'; seat: Seat; number: number }
  /** Every marker placed, or an auction just closed: the next lot goes up by itself. */
  | { kind: 'lot' }
  /** `bidder` is undefined once every seat has had its say. */
  | { kind: 'auction'; auction: Auction; bidder: Seat | undefined }
  /** An action turn, or an additional action being taken. */
  | { kind: 'turn'; seat: Seat; p: GoaPlayer }
  /** The additional actions: whether to take one. */
  | { kind: 'extra'; seat: Seat; p: GoaPlayer };

export type AtOf<K extends GoaAt['kind']> = Extract<GoaAt, { kind: K }>;

export interface GoaStep<A extends GoaAt> extends Step<GoaState, GoaCommand, GoaEvent, A> {
  /** The events of `command`, one of this step's options for `seat` (already checked). */
  perform(tx: Tx, at: A, command: GoaCommand, seat: Seat): void;
}

/** Steps for some kinds of `GoaAt`, each reading its kind's data. */
export type GoaSteps<K extends GoaAt['kind']> = { readonly [k in K]: GoaStep<AtOf<k>> };

/** A command a step does not offer: `decide` never lets one through, so reaching this is a bug. */
export function unexpected(at: GoaAt, command: GoaCommand): never {
  throw new Error(`goa: ${command.type} is no option of ${at.kind}`);
}

export const start = (tx: Tx, pending: Pending) => tx.emit({ type: 'PendingStarted', pending });
export const end = (tx: Tx, seat: Seat) => tx.emit({ type: 'PendingEnded', seat });
export const update = (tx: Tx, pending: Pending) => tx.emit({ type: 'PendingUpdated', pending });
