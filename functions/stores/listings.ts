/**
 * The public lobby: one listing per open listed game, written as of a game version (a late
 * write of an older version cannot bring back a game that has started), and the connections
 * watching the lobby, by the game they filter on.
 */
import type { OpenGame } from '../core/protocol/frames';
import type { GameRecord } from '../core/record';
import type { Connection } from './connections';

/** The filter of a watch on every game. */
export const ALL_GAMES = '*';

export interface LobbyWatcher {
  connectionId: string;
  filter: string;
}

export interface ListingStore {
  /**
   * Put the game's listing as of this record (or delete it once the game left the lobby), on
   * condition that neither this version nor a later one was written. Returns false when
   * nothing was written: the request's follow-up and the stream write each version, the first
   * one's write stands.
   */
  write(record: GameRecord, ratings: ReadonlyMap<string, number>): Promise<boolean>;
  /** Players' displayed ratings in a game (their rating ordinals; a player without one is left out). */
  ratings(game: string, playerIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * One page of open listed games (of one game, if given), by game then oldest first, after the
   * listing at position `after`; and the position the next page starts after (its last listing's,
   * null after the last page). Positions are the store's own; the host seals them in the cursors
   * it hands out (core/list-cursor.ts). BAD_REQUEST for a position not within this filter's list.
   */
  page(game: string | undefined, limit: number, after?: string): Promise<{ games: OpenGame[]; after: string | null }>;
  /** Quick play's candidates: open listings of the game with this match key (core/lobby.ts matchKey), oldest first, a few at most. */
  candidates(game: string, match: string): Promise<OpenGame[]>;
  /**
   * Watch the lobby (`filter`: a game, or ALL_GAMES); nothing for a connection that is gone. A
   * previous watch of the connection with another filter is replaced.
   */
  watch(c: Connection, filter: string): Promise<void>;
  /** Stop a connection's lobby watch, if it has one (`openGames` with `watch: false`, $disconnect). */
  unwatch(connectionId: string): Promise<void>;
  /**
   * The connections to tell of changes to games of these kinds: the watchers of each kind, then
   * those of every game (each filter read once, however many games of a kind changed).
   */
  watchers(...games: string[]): Promise<LobbyWatcher[]>;
  /** Forget one watch (its connection is gone). */
  dropWatcher(w: LobbyWatcher): Promise<void>;
}
