/** Collects the events of one decision while keeping the state they lead to up to date. */
import { evolve } from './evolve';
import type { VdgEvent } from './events';
import type { VdgState } from './types';

export class Tx {
  readonly events: VdgEvent[] = [];

  constructor(public state: VdgState) {}

  emit(event: VdgEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}
