/**
 * Collects the events of one decision while keeping the state they lead to up to date. The
 * state is copied once, then each event is applied to the copy in place: code that reads the
 * state must read what it needs before emitting.
 */
import { deepCopy } from '../../engine/copy';
import { apply } from './evolve';
import type { VdgEvent } from './events';
import type { VdgState } from './types';

export class Tx {
  readonly events: VdgEvent[] = [];
  readonly state: VdgState;

  constructor(state: VdgState) {
    this.state = deepCopy(state);
  }

  emit(event: VdgEvent): void {
    this.events.push(event);
    apply(this.state, event);
  }
}
