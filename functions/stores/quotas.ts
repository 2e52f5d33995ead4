/** What a player may create: games per hour, and games waiting for players. */

export interface QuotaStore {
  /**
   * Count a game the player is creating against GAMES_PER_HOUR and, if it will wait for
   * players (`open`), OPEN_GAMES; RATE_LIMITED beyond either, and nothing is counted. The open
   * games are checked against their games' latest commits only when the list is full (a game
   * that started no longer counts). Answers the id of the game to create: `gameId`, or — for a
   * `createId` counted before (a createGame sent again) — the game counted then, counting nothing.
   */
  countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string>;
}
