/** Players' profiles and notification settings. */
import { DynamoPlayerStore } from '../adapters/store/players';
import type { PlayerStore } from '../stores/players';
import type { App } from './app';
import { dynamo } from './outside';

export function playerStore(app: App): PlayerStore {
  const { stores, config, now } = app.deps;
  return stores?.players ?? new DynamoPlayerStore(app.get(dynamo), config.tableName, now);
}
