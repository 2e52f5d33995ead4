/**
 * The rating update of one finished game, with OpenSkill (Weng-Lin, Plackett-Luce model): every
 * seat is its own team, ranked as the game ranked it (ties share a rank). Bots take part at their
 * fixed ratings and keep them; each person gets a new rating, a game more and, if ranked first,
 * a win. Pure: the same game and the same ratings before always give the same ratings after.
 */
import { ordinal, rate } from 'openskill';
import { botSkill, NEW_SKILL, type RatedSeat, type SeatUpdate, type StoredRating } from './ratings';

/** `before`: each person's stored rating (by player id), absent for their first rated game of this kind. */
export function rateGame(seats: readonly RatedSeat[], before: ReadonlyMap<string, StoredRating | null>): SeatUpdate[] {
  const skills = seats.map((s) => (s.bot ? botSkill(s.bot) : (before.get(s.playerId) ?? NEW_SKILL)));
  const after = rate(
    skills.map((k) => [{ mu: k.mu, sigma: k.sigma }]),
    { rank: seats.map((s) => s.rank) },
  );
  return seats.flatMap((seat, i) => {
    if (seat.bot) return [];
    const previous = before.get(seat.playerId) ?? null;
    const won = seat.rank === 1;
    const { mu, sigma } = after[i]![0]!;
    return [
      {
        seat,
        won,
        before: previous,
        after: {
          mu,
          sigma,
          ordinal: ordinal({ mu, sigma }),
          games: (previous?.games ?? 0) + 1,
          wins: (previous?.wins ?? 0) + (won ? 1 : 0),
        },
      },
    ];
  });
}
