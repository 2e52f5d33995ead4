/**
 * What a `decide` builds: the events of one decision, with the state they lead to kept up to
 * date. The state is copied once, then each event is applied to the copy in place (the game's
 * own `apply`), so code that reads the state must read what it needs before emitting.
 */
import { deepCopy } from './copy';

export class Transaction<S, E> {
  readonly events: E[] = [];
  readonly state: S;

  constructor(
    state: S,
    private readonly applyEvent: (state: S, event: E) => void,
  ) {
    this.state = deepCopy(state);
  }

  emit(event: E): void {
    this.events.push(event);
    this.applyEvent(this.state, event);
  }
}
