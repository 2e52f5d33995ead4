/** Ratings as read (profiles, leaderboards, the lobby's ratings); the reactor that writes them is in rater.ts. */
import { DynamoRatingStore } from '../adapters/store/ratings';
import type { RatingStore } from '../stores/ratings';
import type { App } from './app';
import { dynamo } from './outside';

export function ratingStore(app: App): RatingStore {
  return app.deps.stores?.ratings ?? new DynamoRatingStore(app.get(dynamo), app.deps.config.tableName);
}
