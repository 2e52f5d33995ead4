/**
 * A player's finished games left out of their `myGames` (`hideGame`): a flag on their index
 * item. The write puts the whole index entry as of the finished version too (in its status's
 * range, moved there if the index had not caught up: index-entries.ts), so the index's own later
 * write of that version (the stream's, conditioned on an older version) cannot put the item back
 * without the flag.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GameRecord } from '../../core/record';
import type { HiddenGameStore } from '../../stores/hidden-games';
import { IndexEntries } from './index-entries';

export class DynamoHiddenGameStore implements HiddenGameStore {
  private readonly entries: IndexEntries;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.entries = new IndexEntries(db, table);
  }

  /** Hide (or show again) a finished game in one player's list; a later version indexed stays (a finished game has none). */
  async set(playerId: string, seat: number, record: GameRecord, hidden: boolean): Promise<void> {
    await this.entries.place(
      playerId,
      { gameId: record.gameId, seat, status: record.status, version: record.version, ...(hidden ? { hidden: true } : {}) },
      'notNewer',
    );
  }
}
