/** Accounts: players' sessions (tokens of players and devices) and the cache of connections' players. */
import { LRUCache } from 'lru-cache';
import { AccountStore } from '../adapters/store/accounts';
import type { Connection } from '../adapters/store/records';
import { Sessions } from '../host/sessions';
import type { App } from './app';
import { signingKeys } from './keys';
import { dynamo } from './outside';

export function accountStore(app: App): AccountStore {
  return new AccountStore(app.get(dynamo), app.deps.config.tableName);
}

export function sessions(app: App): Sessions {
  return new Sessions(app.get(accountStore), app.deps.now, app.get(signingKeys));
}

/** connectionId → its player: a connection's player never changes, so it is kept once read (the most recent 10,000). */
export function connectionCache(_app: App): LRUCache<string, Connection> {
  return new LRUCache({ max: 10_000 });
}
