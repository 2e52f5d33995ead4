/** Players' hidden games in memory: a flag on their entries in the players' index, as on the table. */
import type { GameRecord } from '../../core/record';
import type { HiddenGameStore } from '../../stores/hidden-games';
import type { MemoryPlayerGameStore } from './player-games';

export class MemoryHiddenGameStore implements HiddenGameStore {
  constructor(private readonly index: MemoryPlayerGameStore) {}

  async set(playerId: string, seat: number, record: GameRecord, hidden: boolean): Promise<void> {
    this.index.setHidden(playerId, seat, record, hidden);
  }
}
