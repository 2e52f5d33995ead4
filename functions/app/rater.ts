/** The ratings reactor (the Bots function's ratings part), apart from ratings.ts: only the Bots function carries the rating library. */
import { Ratings } from '../host/ratings';
import type { App } from './app';
import { observer } from './outside';
import { ratingStore } from './ratings';

export function rater(app: App): Ratings {
  return new Ratings(app.get(ratingStore), app.get(observer));
}
