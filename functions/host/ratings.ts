/**
 * Rates a finished game once: read the marker and the people's ratings, compute the update
 * (core/rate.ts), store it whole (stores/ratings.ts). When the update loses to another game of
 * the same person (their rating changed since it was read), read and rate again; when it finds
 * the game rated already (a redelivered or concurrent end), stop. Which games count, and for
 * whom (a private game for nobody; a game someone left early only for them): core/ratings.ts.
 */
import { rateGame } from '../core/rate';
import { ratedTable } from '../core/ratings';
import type { RatingAsk } from '../core/rating-ask';
import type { RatingStore } from '../stores/ratings';
import { METRICS } from '../observe/metric-names';
import type { Observer } from '../observe/observer';

/** Attempts before the stream is left to deliver the record again. */
const ATTEMPTS = 8;

export type RateOutcome = 'rated' | 'already' | 'unrated';

export class Ratings {
  constructor(
    private readonly store: RatingStore,
    private readonly observer: Pick<Observer, 'count'>,
  ) {}

  /**
   * React to one stored commit (at its time `at`), or to the sweep's ask for a game nobody rated
   * (as much of its finishing commit's head as rating reads): rate the game if it finished it.
   */
  async onCommit(head: Omit<RatingAsk, 'at'>, at: string): Promise<RateOutcome> {
    const table = ratedTable(head);
    if (!table) return 'unrated';
    const { seats, changes } = table;
    // Every person's rating is read (the update rates each seat against the others as they
    // stand), though only `changes` are stored: those who left early, when someone did.
    const people = seats.filter((s) => !s.bot).map((s) => s.playerId);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // Concurrent updates of one person take turns: after a lost race, wait a little (with jitter).
      if (attempt) await new Promise((r) => setTimeout(r, Math.random() * 25 * attempt));
      if (await this.store.isRated(head.gameId)) return 'already';
      const before = await this.store.current(head.game, people);
      const updates = rateGame(seats, before).filter((u) => changes.includes(u.seat.playerId));
      const result = await this.store.apply({ gameId: head.gameId, game: head.game, at, seats }, updates);
      if (result === 'stored') return 'rated';
      if (result === 'already') return 'already';
      this.observer.count(METRICS.retries);
    }
    throw new Error(`rating ${head.gameId} kept conflicting with other updates; the stream delivers it again`);
  }
}
