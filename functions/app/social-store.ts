/** Follows, blocks, groups and vacations: their store alone, which the games' host asks about blocks (no bundle needs the services for that). */
import { DynamoSocialStore } from '../adapters/store/social';
import type { SocialStore } from '../stores/social';
import type { App } from './app';
import { dynamo } from './outside';

export function socialStore(app: App): SocialStore {
  return app.deps.stores?.social ?? new DynamoSocialStore(app.get(dynamo), app.deps.config.tableName);
}
