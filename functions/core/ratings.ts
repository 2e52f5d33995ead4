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

/** Ratings are stored with one decimal. */
export const shown = (ordinal: number): number => Math.round(ordinal * 10) / 10;

/**
 * The scale players read a rating on: a newcomer's 0 is 1,500 and each point of the conservative
 * estimate is 25, so the bots sit between about 1,700 (Random) and 2,500 (Strong) — the range
 * chess and Board Game Arena players know. Display only: ratings are stored and compared as ordinals.
 */
export const DISPLAY_BASE = 1500;
export const DISPLAY_PER_POINT = 25;
export const displayRating = (ordinal: number): number => Math.round(DISPLAY_BASE + DISPLAY_PER_POINT * ordinal);

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
 * Two rules keep a rating what a player's results against others say, not what they arrange
 * (two accounts of one person, or friends, handing each other wins):
 *
 * - Where: a game of two or more people changes ratings only when it was matched in the public
 *   lobby — created listed ("List publicly in the lobby") or by quick play, where anyone could
 *   take the seat. A private game (seats taken by invite link only) is a friendly game: rated
 *   for nobody. A person alone against bots is rated wherever they play (bots keep fixed ratings,
 *   so nothing can be handed over).
 * - Leaving early: a person who leaves a game before making MOVES_BEFORE_LEAVING moves of their
 *   own — resigns, or runs out of time and is still away when it ends — still has it counted
 *   against them (giving up counts as losing), but it changes nobody else's rating: a win over
 *   someone who never played is no result.
 *
 * Both read only what the finishing commit carries (its head: `listed`, the seats, the outcome's
 * resigned seats, the absent seats, `moves`), so rating stays one pure decision per commit.
 */
export const MOVES_BEFORE_LEAVING = 2;

/** Why a game does not change every person's rating: it is private (nobody's), or someone left it early (only theirs). */
export type UnratedReason = 'private' | 'leftEarly';

/** What the rules read, from a commit head or a record. */
export interface RatingFacts {
  /** Matched in the public lobby (listed, or quick play). */
  listed: boolean;
  /** Every seat: a bot has `bot`; an open seat (null) will be a person's. */
  seats: readonly ({ bot?: string } | null)[];
  /** The seats that left: resigned, and (once the game is over) still away after running out of time. */
  left: readonly number[];
  /** Per seat, the moves its player made; absent: not counted, and nobody counts as leaving early. */
  moves?: readonly number[];
}

/** The people's seats that left before making MOVES_BEFORE_LEAVING moves (none when moves were not counted). */
export function leftEarly(facts: RatingFacts): number[] {
  const { moves } = facts;
  if (!moves) return [];
  return [...new Set(facts.left)].filter((seat) => !facts.seats[seat]?.bot && (moves[seat] ?? 0) < MOVES_BEFORE_LEAVING);
}

/** Why the game does not change every person's rating, or null when it does (once it ends with a ranking). */
export function unratedReason(facts: RatingFacts): UnratedReason | null {
  const people = facts.seats.filter((s) => !s?.bot).length;
  if (people >= 2 && !facts.listed) return 'private';
  return leftEarly(facts).length ? 'leftEarly' : null;
}

/** A finished game as the update rates it: everyone at the table, and the people whose ratings change. */
export interface RatedTable {
  seats: RatedSeat[];
  /** The people whose ratings change (by player id): all of them, or only those who left early. */
  changes: string[];
}

/**
 * What a newly finished commit rates, or null when it rates nothing: not the commit that
 * finished the game, no ranking (ended by vote), fewer than two seats, or no person; one person
 * in two seats, which would rate them against themselves; or a private game (see the rules above).
 */
export function ratedTable(
  head: Pick<CommitHead, 'status' | 'wasStatus' | 'seats' | 'outcome' | 'listed' | 'moves'> & Partial<Pick<CommitHead, 'absent'>>,
): RatedTable | null {
  if (head.status !== 'finished' || head.wasStatus === 'finished' || !head.outcome) return null;
  const outcome = JSON.parse(head.outcome) as { results?: { seat: number; rank: number }[]; resigned?: number[] } | null;
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
  const facts: RatingFacts = {
    listed: head.listed === true,
    seats: head.seats,
    left: [...(outcome?.resigned ?? []), ...(head.absent ?? []).flatMap((away, seat) => (away ? [seat] : []))],
    ...(head.moves ? { moves: head.moves } : {}),
  };
  const reason = unratedReason(facts);
  if (reason === 'private') return null;
  const early = new Set(leftEarly(facts));
  return {
    seats: seats.sort((a, b) => a.seat - b.seat),
    changes: reason === 'leftEarly' ? seats.filter((s) => early.has(s.seat)).map((s) => s.playerId) : people,
  };
}

/** The seats a newly finished commit rates (everyone at the table), or null when it rates nothing (see ratedTable). */
export function ratedSeats(head: Parameters<typeof ratedTable>[0]): RatedSeat[] | null {
  return ratedTable(head)?.seats ?? null;
}

/** One person's rating in one game, as stored. */
export interface PlayerRating extends Skill {
  ordinal: number;
  games: number;
  wins: number;
}

/**
 * A person's rating as read for an update: its revision (the update is conditioned on it) and,
 * from a store that has one, its own note of where the person's leaderboard entry is, handed back
 * with the update (the rating arithmetic ignores it).
 */
export type StoredRating = PlayerRating & { rev: number; board?: string };

/** What one finished game does to one person's rating. */
export interface SeatUpdate {
  seat: RatedSeat;
  won: boolean;
  before: StoredRating | null;
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
