/**
 * The answers to `profile` and `leaderboard`: their page sizes here, their schemas in
 * server-frames.ts (with the other server frames), their types re-exported for the importers
 * of this module.
 */

/** `leaderboard` answers in pages of at most this many players. */
export const LEADERBOARD_PAGE_MAX = 100;
export const LEADERBOARD_PAGE_DEFAULT = 25;

export type {
  GameRatingSummary,
  LeaderboardEntry,
  LeaderboardFrame,
  ProfileFrame,
  RecentGame,
} from './server-frames';
