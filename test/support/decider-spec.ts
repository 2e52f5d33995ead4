/**
 * Given events / when command / then events — the decider specification style (after Emmett's
 * DeciderSpecification). `given` folds events into a state with the module's own `evolve`;
 * `when` runs one command through the real parse → decide path; `then…` asserts on the result.
 */
import { expect } from 'vitest';
import type { AnyGameModule, RejectionCode, Seat, Tagged } from '../../domain/engine/contract';
import { execute, fold } from '../../domain/engine/projector';

export interface WhenResult<S, E> {
  /** Assert the command was accepted; returns the events and the state after them. */
  accepted(): { events: E[]; state: S };
  /** Assert the command was accepted and produced exactly these events (in order). */
  then(expected: readonly E[]): { events: E[]; state: S };
  /** Assert the command was accepted and produced events matching these partial shapes, in order, as a subsequence. */
  thenIncludes(expected: readonly Partial<E>[]): { events: E[]; state: S };
  /** Assert the command was rejected with this code (and a message matching `message`, if given). */
  thenRejects(code: RejectionCode, message?: RegExp): void;
}

export function spec<S, E extends Tagged>(game: AnyGameModule) {
  return {
    given(events: readonly E[], from?: S) {
      const state = fold<S, E>(game, events, from);
      const when = (seat: Seat, command: unknown): WhenResult<S, E> => {
        const result = execute<S, E>(game, state, command, seat);
        const accepted = () => {
          if (!result.ok) throw new Error(`expected acceptance, got ${result.rejection.code}: ${result.rejection.message}`);
          return { events: result.events, state: result.state };
        };
        return {
          accepted,
          // biome-ignore lint/suspicious/noThenProperty: given / when / then, as in Emmett's DeciderSpecification (never awaited)
          then(expected) {
            const r = accepted();
            expect(r.events).toEqual(expected);
            return r;
          },
          thenIncludes(expected) {
            const r = accepted();
            let i = 0;
            for (const e of r.events) if (i < expected.length && matches(e, expected[i]!)) i++;
            if (i < expected.length) expect(r.events).toContainEqual(expect.objectContaining(expected[i] as object));
            return r;
          },
          thenRejects(code, message) {
            if (result.ok) throw new Error(`expected ${code}, but the command was accepted: ${JSON.stringify(result.events)}`);
            expect(result.rejection.code).toBe(code);
            if (message) expect(result.rejection.message).toMatch(message);
          },
        };
      };
      return { state, when };
    },
  };
}

function matches(actual: object, expected: object): boolean {
  try {
    expect(actual).toMatchObject(expected);
    return true;
  } catch {
    return false;
  }
}
