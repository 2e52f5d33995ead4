/**
 * `evolve` and `evolveAll` for a game that applies events in place (its `apply`, also what a
 * `Transaction` uses): the state is copied once, then every event is applied to the copy.
 */
import { deepCopy } from './copy';

export function evolverOf<S, E>(apply: (state: S, event: E) => void) {
  return {
    evolve(state: S, event: E): S {
      const s = deepCopy(state);
      apply(s, event);
      return s;
    },
    evolveAll(state: S, events: Iterable<E>): S {
      const s = deepCopy(state);
      for (const e of events) apply(s, e);
      return s;
    },
  };
}
