/** Who is connected: the connection store and the cache of connections' players. */
import { LRUCache } from 'lru-cache';
import { FrameBudget } from '../api/frame-budget';
import { DynamoConnectionStore } from '../adapters/store/connections';
import type { Connection, ConnectionStore } from '../stores/connections';
import type { App } from './app';
import { dynamo } from './outside';

/** The table's connections (a sole writer keeps its own in memory: local/sole-writer.ts). */
export function connectionStore(app: App): ConnectionStore {
  return app.deps.stores?.connections ?? new DynamoConnectionStore(app.get(dynamo), app.deps.config.tableName);
}

/** connectionId → its player: a connection's player never changes, so it is kept once read (the most recent 10,000). */
/** The frame budget of connections in the cloud, or null where the runtime counts each socket's frames itself (the sole writer: local/gateway.ts). */
export function frameBudget(app: App): FrameBudget | null {
  if (app.deps.config.soleWriter) return null;
  const store = app.get(connectionStore);
  return new FrameBudget((connectionId) => store.strike(connectionId));
}

export function connectionCache(_app: App): LRUCache<string, Connection> {
  return new LRUCache({ max: 10_000 });
}
