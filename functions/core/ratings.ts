/**
 * Ratings, the pure part without the rating library (so the message handler, which only reads
 * ratings, does not carry it): who a finished game rates, the bots' fixed ratings, and the
 * leaderboard's sort key. The update itself is in rate.ts.
 */
import type { CommitHead } from './triggers';

/** OpenSkill's rating: a belief about a player's skill, mean `mu` and uncertainty `sigma`. */
export interface Skill {
  mu: number;
  sigma: number;
}

/** A newcomer's rating (OpenSkill's default): shown as 0, since the shown rating is mu − 3 sigma. */
export const NEW_SKILL: Skill = { mu: 25, sigma: 25 / 3 };

/**
 * Bots never change rating and count in the people's updates at these. Standard (the
 * heuristic) is where a newcomer is assumed to start (mu 25). Strong won 96 % of two-player
 * Vasco da Gama games against Standard in the bench (100 seeds), which under the Plackett-Luce
 * model's scale (beta = 25/6, sigma 1 each) is a gap of about 19; Cautious and Random have no
 * measured pairing, so they sit where Standard would beat them four and nine times in ten.
 * The small sigma says these are known, so a game against a bot moves a person's rating by
 * what the result says about them alone.
 */
export const BOT_SKILLS: Readonly<Record<string, Skill>> = {
  strong: { mu: 44, sigma: 1 },
  heuristic: { mu: 25, sigma: 1 },
  safe: { mu: 17, sigma: 1 },
  random: { mu: 12, sigma: 1 },
};

export const botSkill = (bot: string): Skill => BOT_SKILLS[bot] ?? BOT_SKILLS.heuristic!;

/** The rating shown and sorted by: OpenSkill's ordinal, a rating the player very likely has at least. */
export const ordinalOf = (s: Skill): number => s.mu - 3 * s.sigma;

/** Ratings are shown with one decimal. */
export const shown = (ordinal: number): number => Math.round(ordinal * 10) / 10;

/** One seat of a finished game as the update sees it. */
export interface RatedSeat {
  seat: number;
  playerId: string;
  name: string;
  /** The bot in the seat (a fixed rating), if it is not a person. */
  bot?: string;
  rank: number;
}

/**
 * The seats a newly finished commit rates, or null when it rates nothing: not the commit that
 * finished the game, no ranking (ended by vote), fewer than two seats, or no person; or one
 * person in two seats, which would rate them against themselves.
 */
export function ratedSeats(head: Pick<CommitHead, 'status' | 'wasStatus' | 'seats' | 'outcome'>): RatedSeat[] | null {
  if (head.status !== 'finished' || head.wasStatus === 'finished' || !head.outcome) return null;
  const outcome = JSON.parse(head.outcome) as { results?: { seat: number; rank: number }[] } | null;
  const results = outcome?.results ?? [];
  if (results.length < 2) return null;
  const seats: RatedSeat[] = [];
  for (const r of results) {
    const s = head.seats[r.seat];
    if (!s) return null;
    seats.push({ seat: r.seat, playerId: s.playerId, name: s.name, ...(s.bot ? { bot: s.bot } : {}), rank: r.rank });
  }
  const people = seats.filter((s) => !s.bot).map((s) => s.playerId);
  if (people.length === 0 || new Set(people).size !== people.length) return null;
  return seats.sort((a, b) => a.seat - b.seat);
}

/** One person's rating in one game, as stored. */
export interface PlayerRating extends Skill {
  ordinal: number;
  games: number;
  wins: number;
}

/** What one finished game does to one person's rating. */
export interface SeatUpdate {
  seat: RatedSeat;
  won: boolean;
  before: (PlayerRating & { rev: number }) | null;
  after: PlayerRating;
}

/** Leaderboard keys hold ratings in this range (beyond it they sort as its ends). */
const LOWEST = -999;
const HIGHEST = 8999;

/**
 * The leaderboard's sort key: the rating shifted to be positive, in thousandths, zero-padded so
 * that keys sort as ratings do (read backwards: best first); the player id keeps keys unique.
 */
export function leaderKey(ordinal: number, playerId: string): string {
  const clamped = Math.min(HIGHEST, Math.max(LOWEST, ordinal));
  return `${String(Math.round((clamped - LOWEST) * 1000)).padStart(8, '0')}#${playerId}`;
}

/** Whether a string is shaped like a leaderboard key (a cursor names one). */
export const isLeaderKey = (key: string): boolean => /^\d{8}#[^#]{1,64}$/.test(key);
