/**
 * Who is connected: the connection store and the cache of connections' players. A sole writer
 * (the local runtime) serves every socket, so it keeps its connections in memory only.
 */
import { LRUCache } from 'lru-cache';
import { MemoryConnectionStore } from '../adapters/memory/connections';
import { DynamoConnectionStore } from '../adapters/store/connections';
import type { Connection, ConnectionStore } from '../stores/connections';
import type { App } from './app';
import { dynamo } from './outside';

/** A sole writer's connections, in memory: none outlives the process (a restart closes every socket). */
export function liveConnections(_app: App): MemoryConnectionStore {
  return new MemoryConnectionStore();
}

export function connectionStore(app: App): ConnectionStore {
  const { stores, config } = app.deps;
  if (stores) return stores.connections;
  return config.soleWriter ? app.get(liveConnections) : new DynamoConnectionStore(app.get(dynamo), config.tableName);
}

/** connectionId → its player: a connection's player never changes, so it is kept once read (the most recent 10,000). */
export function connectionCache(_app: App): LRUCache<string, Connection> {
  return new LRUCache({ max: 10_000 });
}
