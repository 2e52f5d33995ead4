/**
 * The lobby for a process that serves every socket itself (the local runtime): the listings in
 * the table, the watches in memory, as its connections are (in the process's connection store,
 * where a watch is marked on its connection, so a connection's deletion says whether it had one).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Connection } from '../../stores/connections';
import type { LobbyWatcher } from '../../stores/listings';
import type { MemoryConnectionStore } from '../memory/connections';
import { MemoryLobbyWatches } from '../memory/lobby-watches';
import { DynamoListingStore } from './listings';

export class LiveListingStore extends DynamoListingStore {
  private readonly watches: MemoryLobbyWatches;

  constructor(db: DynamoDBDocumentClient, table: string, connections: MemoryConnectionStore) {
    super(db, table);
    this.watches = new MemoryLobbyWatches(connections);
  }

  override async watch(c: Connection, filter: string): Promise<void> {
    this.watches.watch(c, filter);
  }

  override async unwatch(connectionId: string): Promise<void> {
    this.watches.unwatch(connectionId);
  }

  override async watchers(...games: string[]): Promise<LobbyWatcher[]> {
    return this.watches.watchers(...games);
  }

  override async dropWatcher(w: LobbyWatcher): Promise<void> {
    this.watches.dropWatcher(w);
  }
}
