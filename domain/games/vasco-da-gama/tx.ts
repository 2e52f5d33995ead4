/** The transaction a Vasco da Gama decision builds (see engine/transaction.ts). */
import { Transaction } from '../../engine/transaction';
import { apply } from './evolve';
import type { VdgEvent } from './events';
import type { VdgState } from './types';

export class Tx extends Transaction<VdgState, VdgEvent> {
  constructor(state: VdgState) {
    super(state, apply);
  }
}
