/**
 * The projector: folds a game's events into its state, and takes and restores snapshots so a
 * long game need not be replayed from its first event on every load.
 */
import type { AnyGameModule, Decision, Rejection, Seat, Tagged } from './contract';

/** Fold events into a state, starting from the module's initial state or a given one. */
export function fold<S, E extends Tagged>(
  game: { initialState(): S; evolve(state: S, event: E): S; evolveAll?(state: S, events: Iterable<E>): S },
  events: Iterable<E>,
  from?: S,
): S {
  let state = from ?? game.initialState();
  if (game.evolveAll) return game.evolveAll(state, events);
  for (const event of events) state = game.evolve(state, event);
  return state;
}

/**
 * The format of the snapshot envelope below. A reader upcasts older formats before using one
 * (the hosted games' snapshots: functions/adapters/store/snapshot.ts, where formats 0 and 1,
 * records stored bare, are described).
 */
export const SNAPSHOT_FORMAT = 2;

export interface Snapshot<S = unknown> {
  readonly format: number;
  readonly game: string;
  /** The rules the state was computed with: a state is only ever used with those rules. */
  readonly rulesVersion: string;
  /** How many events (or commits; the caller decides the unit) the state includes. */
  readonly version: number;
  readonly state: S;
}

/** States are plain JSON by contract, so a snapshot is a deep copy that survives storage. */
export function takeSnapshot<S>(game: AnyGameModule, state: S, version: number): Snapshot<S> {
  return { format: SNAPSHOT_FORMAT, game: game.id, rulesVersion: game.rulesVersion, version, state: structuredClone(state) };
}

/** Whether a snapshot was taken with this game's rules (a state from other rules must be folded again, not used). */
export function sameRules(snapshot: Pick<Snapshot, 'game' | 'rulesVersion'>, game: Pick<AnyGameModule, 'id' | 'rulesVersion'>): boolean {
  return snapshot.game === game.id && snapshot.rulesVersion === game.rulesVersion;
}

/** Rebuild a state from a snapshot and the events stored after it. */
export function restore<S, E extends Tagged>(game: AnyGameModule, snapshot: Snapshot<S>, tail: Iterable<E>): S {
  if (!sameRules(snapshot, game)) {
    throw new Error(`snapshot of ${snapshot.game}@${snapshot.rulesVersion} cannot be restored with ${game.id}@${game.rulesVersion}`);
  }
  return fold(game, tail, structuredClone(snapshot.state) as S);
}

/**
 * The single path from a raw command to new state, used by the server, bots and tests:
 * parse (normalising the command), decide, then evolve each event.
 */
export function execute<S, E extends Tagged>(
  game: AnyGameModule,
  state: S,
  rawCommand: unknown,
  seat: Seat,
): { ok: true; events: E[]; state: S } | { ok: false; rejection: Rejection } {
  const parsed = game.commandSchema.safeParse(rawCommand);
  if (!parsed.success) {
    return { ok: false, rejection: { code: 'BAD_REQUEST', message: describeZodError(parsed.error) } };
  }
  const decision = game.decide(state, parsed.data, seat) as Decision<E>;
  if (!decision.ok) return decision;
  const events = [...decision.events];
  return { ok: true, events, state: fold(game, events, state) };
}

/** One readable sentence out of a zod error. */
export function describeZodError(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  what = 'command',
): string {
  const issue = error.issues[0];
  if (!issue) return `The ${what} is not valid.`;
  const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return `The ${what} is not valid (${where}${issue.message}).`;
}
