/**
 * The ratings part of the process's runtime (see runtime.ts): the rating store. The reactor on it
 * (host/ratings.ts, with the rating library) is built by the ratings handler alone, so the
 * message handler's profile and leaderboard reads do not carry that library.
 */
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { DynamoRatingStore } from '../adapters/store/ratings';
import type { RatingStore } from '../stores/ratings';

let store: RatingStore | undefined;

export function getRatingStore(): RatingStore {
  store ??= new DynamoRatingStore(dynamo(), config().tableName);
  return store;
}
