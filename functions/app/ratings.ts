/** Ratings as read (profiles, leaderboards, the lobby's ratings); the reactor that writes them is in rater.ts. */
import { RatingStore } from '../adapters/store/ratings';
import type { App } from './app';
import { dynamo } from './outside';

export function ratingStore(app: App): RatingStore {
  return new RatingStore(app.get(dynamo), app.deps.config.tableName);
}
