/**
 * The players' index of games: each game under each seated player, with its status, so that
 * `myGames` pages a player's games; whose turn it is comes from each game's latest commit.
 */
import type { GameSummary } from '../core/protocol/frames';
import { isBotPlayer } from '../core/bot-ids';
import type { Segment } from '../core/games-cursor';
import type { GameStatus } from '../core/record';

/** What the players' game index needs of a commit: a game record, or a commit's head from the stream. */
export interface IndexedGame {
  gameId: string;
  seats: readonly ({ playerId: string } | null)[];
  status: GameStatus;
  version: number;
  /** The status before this version, when known (a commit's head): a change moves the entries at once. */
  wasStatus?: GameStatus | null;
}

/**
 * The seats a game is indexed under: its people's. Nobody lists a bot's games, and every game
 * with a bot in the same seat would write into that bot's one partition (PLAYER#bot:…), the
 * creation rate of all bot games on one key.
 */
export function indexedSeats(record: IndexedGame): { playerId: string; seat: number }[] {
  return record.seats.flatMap((s, seat) => (s && !isBotPlayer(s.playerId) ? [{ playerId: s.playerId, seat }] : []));
}

/** One page of a player's games, and the cursor of the next (null after the last). */
export interface GamesPage {
  games: GameSummary[];
  next: string | null;
}

export interface PlayerGameStore {
  /**
   * Index the game under each seated player, with its status: written when seats or the status
   * change — creation, joins, start, end — never on a move. A write holds only if no later
   * version of the game was indexed (writes from different processes may land out of order).
   */
  indexGame(record: IndexedGame): Promise<void>;
  /**
   * One page of the player's games and the cursor of the next; BAD_REQUEST for a cursor this
   * store did not give for this player. Games the player hid are left out. With `part`, the
   * games of that part alone (the digest reads the games in play), paged the same way.
   *
   * Order: the games in play first — every game that can be waiting for the player is among
   * them — then the open ones (waiting for players), then the finished; within each part an
   * order that never changes (by gameId), so paging neither repeats nor skips a game whose
   * status stays put. Each page is sorted for showing: your turn first, then by part, then most
   * recently changed. A page stays below GAMES_PAGE_BYTES, so it may hold fewer than `limit`.
   * An index entry whose status the game's latest commit contradicts (a lost write) is shown
   * as the commit says, and corrected. A page reads the index entries it shows and one more,
   * however many games the player has in other parts or on later pages.
   */
  playerGames(playerId: string, page: { limit: number; cursor?: string; part?: Segment }): Promise<GamesPage>;
}
