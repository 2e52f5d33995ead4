/**
 * Connections and subscriptions held in one process's memory, with the table's rules (a player
 * has at most CONNECTIONS_PER_PLAYER, a connection watches at most SUBSCRIPTIONS_PER_CONNECTION
 * games, a connection that is gone cannot subscribe). The local runtime keeps its sockets' here
 * (live-records.ts: it is the only process serving them), and so do the in-memory records of the
 * hosting unit tests (memory.ts).
 */
import { limit } from '../limits';
import { type Connection, type Subscriber, tooManyConnections, tooManySubscriptions } from './records';

interface LiveConnection {
  connection: Connection;
  games: Set<string>;
  watchesGames: boolean;
}

export class LiveConnections {
  /** connectionId → the connection and the games it watches */
  private readonly connections = new Map<string, LiveConnection>();
  /** gameId → connectionId → subscriber */
  private readonly watchers = new Map<string, Map<string, Subscriber>>();
  /** playerId → live connectionIds */
  private readonly online = new Map<string, Set<string>>();

  put(c: Connection): void {
    const max = limit('CONNECTIONS_PER_PLAYER');
    if ((this.online.get(c.playerId)?.size ?? 0) >= max) throw tooManyConnections(max);
    this.connections.set(c.connectionId, { connection: { ...c }, games: new Set(), watchesGames: false });
    const ids = this.online.get(c.playerId) ?? new Set<string>();
    this.online.set(c.playerId, ids.add(c.connectionId));
  }

  get(connectionId: string): (Connection & { games: string[]; watchesGames: boolean }) | null {
    const live = this.connections.get(connectionId);
    return live ? { ...live.connection, games: [...live.games], watchesGames: live.watchesGames } : null;
  }

  /** Forget the connection and its subscriptions: its player and the games it watched, or null. */
  delete(connectionId: string): { playerId: string; games: string[] } | null {
    const live = this.connections.get(connectionId);
    if (!live) return null;
    const games = [...live.games];
    for (const gameId of games) this.unsubscribe(gameId, connectionId);
    this.connections.delete(connectionId);
    const ids = this.online.get(live.connection.playerId);
    if (ids?.delete(connectionId) && ids.size === 0) this.online.delete(live.connection.playerId);
    return { playerId: live.connection.playerId, games };
  }

  connectionIdsOf(playerId: string): string[] {
    return [...(this.online.get(playerId) ?? [])];
  }

  isOnline(playerId: string): boolean {
    return (this.online.get(playerId)?.size ?? 0) > 0;
  }

  subscribe(gameId: string, c: Connection, logDelta: boolean): void {
    const live = this.connections.get(c.connectionId);
    if (!live) throw new Error(`connection ${c.connectionId} is gone`);
    const max = limit('SUBSCRIPTIONS_PER_CONNECTION');
    if (live.games.size >= max && !live.games.has(gameId)) throw tooManySubscriptions(max);
    live.games.add(gameId);
    const game = this.watchers.get(gameId) ?? new Map<string, Subscriber>();
    this.watchers.set(gameId, game.set(c.connectionId, { connectionId: c.connectionId, playerId: c.playerId, logDelta }));
  }

  subscribers(gameId: string): Subscriber[] {
    return [...(this.watchers.get(gameId)?.values() ?? [])];
  }

  unsubscribe(gameId: string, connectionId: string): void {
    this.connections.get(connectionId)?.games.delete(gameId);
    const game = this.watchers.get(gameId);
    if (game?.delete(connectionId) && game.size === 0) this.watchers.delete(gameId);
  }

  /** Watch (or stop watching) the player's own games; nothing for a connection that is gone. */
  setWatchesGames(connectionId: string, watches: boolean): void {
    const live = this.connections.get(connectionId);
    if (live) live.watchesGames = watches;
  }

  gamesWatchers(playerId: string): string[] {
    return this.connectionIdsOf(playerId).filter((id) => this.connections.get(id)?.watchesGames);
  }
}
