/**
 * Records for a runtime that is the only process serving its sockets (the local runtime): every
 * connection and subscription passes through it and none outlives it (a restart closes every
 * socket), so they are kept in memory only. "Who watches this game" and "is this player online"
 * — asked on every move — need no read, and a subscription needs no write. Players, settings
 * and the per-player game index still go to the table, as on the cloud path.
 */
import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { LRUCache } from 'lru-cache';
import { sharedWriter } from './group-commit';
import { LiveConnections } from './live-connections';
import { Records, type Connection, type IndexedGame, type Subscriber } from './records';

export class LiveRecords extends Records {
  /** gameId → the latest version this process indexed (the 10,000 most recent games). */
  private readonly indexed = new LRUCache<string, number>({ max: 10_000 });

  /** The players' index goes with the commits in flight (group-commit.ts): one disk sync for all. */
  protected override async conditionalPut(input: PutCommandInput): Promise<boolean> {
    const item = input.Item as { pk: string; sk: string };
    return (await sharedWriter(this.db).put(input, `${item.pk}|${item.sk}`)).stored;
  }

  /**
   * The request path indexes a game as soon as its seats or status change, and the stream's
   * reaction again as the guarantee. Here both run in this process: once one of them stored a
   * version, the other's put could only fail its condition — and, grouped, cancel the commits
   * sharing its transaction — so it is skipped.
   */
  override async indexGame(record: IndexedGame): Promise<void> {
    if ((this.indexed.get(record.gameId) ?? 0) >= record.version) return;
    await super.indexGame(record);
    if ((this.indexed.get(record.gameId) ?? 0) < record.version) this.indexed.set(record.gameId, record.version);
  }

  /** The sockets' connections and subscriptions: this process serves every one of them. */
  private readonly live = new LiveConnections();

  override async putConnection(c: Connection): Promise<void> {
    this.live.put(c);
  }

  override async getConnection(connectionId: string): Promise<(Connection & { games: string[]; watchesGames: boolean }) | null> {
    return this.live.get(connectionId);
  }

  override async watchGames(c: Connection): Promise<void> {
    this.live.setWatchesGames(c.connectionId, true);
  }

  override async gamesWatchers(playerId: string): Promise<string[]> {
    return this.live.gamesWatchers(playerId);
  }

  override async unwatchGames(_playerId: string, connectionId: string): Promise<void> {
    this.live.setWatchesGames(connectionId, false);
  }

  override async deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[] } | null> {
    return this.live.delete(connectionId);
  }

  override async connectionIdsOf(playerId: string): Promise<string[]> {
    return this.live.connectionIdsOf(playerId);
  }

  override async isOnline(playerId: string): Promise<boolean> {
    return this.live.isOnline(playerId);
  }

  /** Like the table's conditional update: a connection that is gone cannot subscribe. */
  override async subscribe(gameId: string, c: Connection, logDelta = false): Promise<void> {
    this.live.subscribe(gameId, c, logDelta);
  }

  override async subscribers(gameId: string): Promise<Subscriber[]> {
    return this.live.subscribers(gameId);
  }

  override async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    this.live.unsubscribe(gameId, connectionId);
  }
}
