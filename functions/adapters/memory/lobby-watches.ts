/**
 * The connections watching the lobby, held in one process's memory: one watch per connection,
 * by the game it filters on (ALL_GAMES: every game). The memory store's lobby and the local
 * runtime's (store/live-listings.ts) keep them so. With a connection store, a watch is marked on
 * its connection, as the table marks the connection's item: a connection that is gone gets none,
 * and its deletion says whether it had one.
 */
import type { Connection } from '../../stores/connections';
import { ALL_GAMES, type LobbyWatcher } from '../../stores/listings';
import type { MemoryConnectionStore } from './connections';
import { compareKeys } from './order';

export class MemoryLobbyWatches {
  /** connectionId → filter */
  private readonly watches = new Map<string, string>();

  constructor(private readonly connections?: MemoryConnectionStore) {}

  watch(c: Connection, filter: string): void {
    if (this.connections && !this.connections.markLobbyWatch(c.connectionId, filter)) return; // the connection is gone already
    this.watches.set(c.connectionId, filter);
  }

  unwatch(connectionId: string): void {
    this.connections?.markLobbyWatch(connectionId, undefined);
    this.watches.delete(connectionId);
  }

  /** The watchers of each of these games, then those of every game, each by connection id (the table's order). */
  watchers(...games: string[]): LobbyWatcher[] {
    return [...new Set(games), ALL_GAMES].flatMap((filter) =>
      [...this.watches]
        .filter(([, f]) => f === filter)
        .map(([connectionId]) => ({ connectionId, filter }))
        .sort((a, b) => compareKeys(a.connectionId, b.connectionId)),
    );
  }

  dropWatcher(w: LobbyWatcher): void {
    if (this.watches.get(w.connectionId) === w.filter) this.watches.delete(w.connectionId);
  }
}
