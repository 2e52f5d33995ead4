/** A player's finished games left out of their `myGames` (`hideGame`), kept with the players' index of games. */
import type { GameRecord } from '../core/record';

export interface HiddenGameStore {
  /**
   * Hide (or show again) a finished game in one player's list, the player sitting at `seat`.
   * The index entry is written as of the record's version too, so the index's own later write
   * of that version cannot bring the game back; a later version indexed already stays as it is.
   */
  set(playerId: string, seat: number, record: GameRecord, hidden: boolean): Promise<void>;
}
