/** The answers to `profile` and `leaderboard` (see frames.ts, which lists them among the server frames). */

/** `leaderboard` answers in pages of at most this many players. */
export const LEADERBOARD_PAGE_MAX = 100;
export const LEADERBOARD_PAGE_DEFAULT = 25;

/** A rating as shown: OpenSkill's ordinal (mu − 3 sigma), one decimal. */
export interface GameRatingSummary {
  game: string;
  rating: number;
  games: number;
  wins: number;
  updatedAt: string;
  /** The rating after each of the latest rated games of this kind, oldest first. */
  history: { at: string; gameId: string; rank: number; rating: number }[];
}

export interface RecentGame {
  gameId: string;
  game: string;
  /** When it ended. */
  at: string;
  rank: number;
  won: boolean;
  /** The player's rating before (null: their first rated game of this kind) and after it. */
  ratingBefore: number | null;
  ratingAfter: number;
  /** Everyone at the table, in seat order. */
  players: { playerId: string; name: string; bot?: string; rank: number }[];
}

/** Answers `profile`: only what every player may see (names, results, ratings). */
export interface ProfileFrame {
  type: 'profile';
  requestId?: string;
  playerId: string;
  name: string;
  /** Rated games (finished with a ranking), over every kind of game. */
  gamesPlayed: number;
  wins: number;
  ratings: GameRatingSummary[];
  recent: RecentGame[];
}

export interface LeaderboardEntry {
  /** 1 for the best; by position (players with equal ratings get successive ranks). */
  rank: number;
  playerId: string;
  name: string;
  rating: number;
  games: number;
  wins: number;
}

/** Answers `leaderboard`: one page, best first; `next` the cursor of the page after it, null after the last. */
export interface LeaderboardFrame {
  type: 'leaderboard';
  requestId?: string;
  game: string;
  entries: LeaderboardEntry[];
  next: string | null;
}
