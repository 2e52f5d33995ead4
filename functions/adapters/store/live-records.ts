/**
 * Records for a runtime that is the only process serving its sockets (the local runtime): every
 * connection and subscription passes through it and none outlives it (a restart closes every
 * socket), so they are kept in memory only. "Who watches this game" and "is this player online"
 * — asked on every move — need no read, and a subscription needs no write. Players, settings
 * and the per-player game index still go to the table, as on the cloud path.
 */
import { limit } from '../limits';
import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { LRUCache } from 'lru-cache';
import { sharedWriter } from './group-commit';
import { Records, tooManyConnections, tooManySubscriptions, type Connection, type IndexedGame, type Subscriber } from './records';

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

  /** connectionId → the connection and the games it watches */
  private readonly connections = new Map<string, { connection: Connection; games: Set<string>; watchesGames: boolean }>();
  /** gameId → connectionId → subscriber */
  private readonly watchers = new Map<string, Map<string, Subscriber>>();
  /** playerId → live connectionIds */
  private readonly online = new Map<string, Set<string>>();

  override async putConnection(c: Connection): Promise<void> {
    const max = limit('CONNECTIONS_PER_PLAYER');
    if ((this.online.get(c.playerId)?.size ?? 0) >= max) throw tooManyConnections(max);
    this.connections.set(c.connectionId, { connection: { ...c }, games: new Set(), watchesGames: false });
    const ids = this.online.get(c.playerId) ?? new Set<string>();
    this.online.set(c.playerId, ids.add(c.connectionId));
  }

  override async getConnection(connectionId: string): Promise<(Connection & { games: string[]; watchesGames: boolean }) | null> {
    const live = this.connections.get(connectionId);
    return live ? { ...live.connection, games: [...live.games], watchesGames: live.watchesGames } : null;
  }

  override async watchGames(c: Connection): Promise<void> {
    const live = this.connections.get(c.connectionId);
    if (live) live.watchesGames = true;
  }

  override async gamesWatchers(playerId: string): Promise<string[]> {
    return [...(this.online.get(playerId) ?? [])].filter((id) => this.connections.get(id)?.watchesGames);
  }

  override async unwatchGames(_playerId: string, connectionId: string): Promise<void> {
    const live = this.connections.get(connectionId);
    if (live) live.watchesGames = false;
  }

  override async deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[] } | null> {
    const live = this.connections.get(connectionId);
    if (!live) return null;
    const games = [...live.games];
    for (const gameId of games) await this.deleteSubscription(gameId, connectionId);
    this.connections.delete(connectionId);
    const ids = this.online.get(live.connection.playerId);
    if (ids?.delete(connectionId) && ids.size === 0) this.online.delete(live.connection.playerId);
    return { playerId: live.connection.playerId, games };
  }

  override async connectionIdsOf(playerId: string): Promise<string[]> {
    return [...(this.online.get(playerId) ?? [])];
  }

  override async isOnline(playerId: string): Promise<boolean> {
    return (this.online.get(playerId)?.size ?? 0) > 0;
  }

  /** Like the table's conditional update: a connection that is gone cannot subscribe. */
  override async subscribe(gameId: string, c: Connection, logDelta = false): Promise<void> {
    const live = this.connections.get(c.connectionId);
    if (!live) throw new Error(`connection ${c.connectionId} is gone`);
    const max = limit('SUBSCRIPTIONS_PER_CONNECTION');
    if (live.games.size >= max && !live.games.has(gameId)) throw tooManySubscriptions(max);
    live.games.add(gameId);
    const game = this.watchers.get(gameId) ?? new Map<string, Subscriber>();
    this.watchers.set(gameId, game.set(c.connectionId, { connectionId: c.connectionId, playerId: c.playerId, logDelta }));
  }

  override async subscribers(gameId: string): Promise<Subscriber[]> {
    return [...(this.watchers.get(gameId)?.values() ?? [])];
  }

  override async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    this.connections.get(connectionId)?.games.delete(gameId);
    const game = this.watchers.get(gameId);
    if (game?.delete(connectionId) && game.size === 0) this.watchers.delete(gameId);
  }
}
