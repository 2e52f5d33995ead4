/**
 * A finished game as the ratings read it — the facts of its finishing commit's head that
 * ratedTable reads, the game, and when it ended — made from its record. The sweep's fallback for a
 * game the ratings reactor never rated asks for it with this (host/rating-fallback.ts), so the
 * game is rated by the same rules, from the same facts, as its finishing commit would have been.
 */
import { ratedTable, type RatedTable } from './ratings';
import { outcomeOf, seatInfos, type GameRecord } from './record';
import type { CommitHead } from './triggers';

export type RatingAsk = Pick<
  CommitHead,
  'gameId' | 'game' | 'version' | 'status' | 'wasStatus' | 'seats' | 'absent' | 'outcome' | 'listed' | 'moves'
> & {
  /** When the game ended: its finishing commit's time, which the rating's history keeps. */
  at: string;
};

/** The ask for a finished game, as its finishing commit's head tells it (core/after-commit.ts commitHead); null while it is not finished. */
export function ratingAskOf(record: GameRecord): RatingAsk | null {
  if (record.status !== 'finished') return null;
  return {
    gameId: record.gameId,
    game: record.game,
    version: record.version,
    status: record.status,
    wasStatus: null,
    seats: seatInfos(record),
    absent: record.absent,
    outcome: JSON.stringify(outcomeOf(record)),
    ...(record.listed ? { listed: true } : {}),
    ...(record.moves ? { moves: [...record.moves] } : {}),
    at: record.updatedAt,
  };
}

/** What a finished game rates (ratedTable), or null: it is not finished, or rates nobody. */
export function ratedTableOf(record: GameRecord): RatedTable | null {
  const ask = ratingAskOf(record);
  return ask && ratedTable(ask);
}
