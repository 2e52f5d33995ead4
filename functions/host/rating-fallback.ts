/**
 * The last resort for ratings: a finished game that rates someone is due for the sweep an hour
 * after it ended (core/clock-due.ts RATE_CHECK_AFTER_MS). If its ratings reactor's records were
 * lost (an outage past the stream's retention, a batch given up), the game is unrated then, and
 * the sweep's check asks the reactor to rate it — an item the stream hands the reactor like a
 * finishing commit (a filter of the Bots function's mapping), so the function that carries the
 * rating library rates it, by the same code, exactly once (the RATED marker). The ask's record
 * may be lost too, so the game is looked at again an hour later, until it is rated.
 */
import { ratingAskOf } from '../core/rating-ask';
import { ratedTable } from '../core/ratings';
import type { GameRecord } from '../core/record';
import { RATE_CHECK_AFTER_MS } from '../core/clock-due';
import type { RatingStore } from '../stores/ratings';
import { METRICS } from '../observe/metric-names';
import type { Observer } from '../observe/observer';

export interface RatingFallbackDeps {
  ratings: Pick<RatingStore, 'isRated' | 'askRating'>;
  observer: Pick<Observer, 'count' | 'log'>;
  now: () => Date;
}

export class RatingFallback {
  constructor(private readonly deps: RatingFallbackDeps) {}

  /** A finished game the sweep found due: when to look at it again (null: never — it is rated, or rates nobody). */
  async check(record: GameRecord): Promise<Date | null> {
    const ask = ratingAskOf(record);
    if (!ask || !ratedTable(ask)) return null;
    const { ratings, observer, now } = this.deps;
    if (await ratings.isRated(record.gameId)) return null;
    observer.log.warn('a finished game was never rated: the ratings reactor is asked again', { gameId: record.gameId });
    observer.count(METRICS.ratingsAsked);
    await ratings.askRating(ask, now());
    return new Date(now().getTime() + RATE_CHECK_AFTER_MS);
  }
}
