/**
 * Ratings: each person's rating per game (OpenSkill) with its history, their recent rated
 * games, each game's leaderboard, and the mark that a finished game was rated. The update of one
 * finished game is stored whole or not at all: once per game, and only over the ratings it was
 * computed from (a person whose other game was rated in between makes it a conflict, and the
 * caller reads and rates again).
 */
import type { RatingAsk } from '../core/rating-ask';
import type { PlayerRating, RatedSeat, SeatUpdate, StoredRating } from '../core/ratings';

export type ApplyResult = 'stored' | 'already' | 'conflict';

/** A finished game, as its rating update stores it. */
export interface RatedGame {
  gameId: string;
  game: string;
  /** When the game ended (its last commit's time): the same on every delivery. */
  at: string;
  seats: readonly RatedSeat[];
}

export interface HistoryPoint {
  at: string;
  gameId: string;
  rank: number;
  ordinal: number;
}

export interface GameRating extends PlayerRating {
  game: string;
  updatedAt: string;
  /** Oldest first, the latest HISTORY_POINTS. */
  history: HistoryPoint[];
}

/** How many rated games of one kind a profile's chart shows. */
export const HISTORY_POINTS = 50;

/** One rated game a player played: their rank, their rating before (null: their first) and after, and everyone at the table. */
export interface PlayedGame {
  gameId: string;
  game: string;
  at: string;
  seat: number;
  rank: number;
  won: boolean;
  before: number | null;
  after: number;
  /** Everyone at the table, in seat order, with their ranks. */
  table: { name: string; playerId: string; bot?: string; rank: number }[];
}

/** One entry of a leaderboard; `key`: its position (core/ratings.ts leaderKey), a page's `after`. */
export interface Leader {
  key: string;
  playerId: string;
  name: string;
  ordinal: number;
  games: number;
  wins: number;
}

export interface RatingStore {
  /** A registered player's name, or null when no player has this id. */
  playerName(playerId: string): Promise<string | null>;
  /** Whether the game's update was stored (read consistently). */
  isRated(gameId: string): Promise<boolean>;
  /**
   * Ask the ratings reactor to rate a finished game (the sweep's fallback, host/rating-fallback.ts):
   * a new item at `now` each time, which the table's stream hands the reactor as it hands it a
   * finishing commit.
   */
  askRating(ask: RatingAsk, now: Date): Promise<void>;
  /**
   * The people's current ratings in one game (null: not rated yet), read consistently, each
   * with its revision (0 for a rating stored without one).
   */
  current(game: string, playerIds: readonly string[]): Promise<Map<string, StoredRating | null>>;
  /**
   * Store one game's update whole: the mark that it was rated (only if absent: else 'already'),
   * each person's rating (only if unchanged since `before` was read: else 'conflict', nothing
   * stored), their history and recent game, their leaderboard entry moved.
   */
  apply(rated: RatedGame, updates: readonly SeatUpdate[]): Promise<ApplyResult>;
  /** A player's rating in each game they were rated in (by game), each with its latest history. */
  ratingsOf(playerId: string): Promise<GameRating[]>;
  /** A player's latest `limit` rated games, newest first. */
  recentGames(playerId: string, limit: number): Promise<PlayedGame[]>;
  /** Up to `limit` leaderboard entries, best first, after the entry with key `after`; and whether more follow. */
  leaders(game: string, limit: number, after?: string): Promise<{ entries: Leader[]; more: boolean }>;
}
