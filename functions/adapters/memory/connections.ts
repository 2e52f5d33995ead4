/**
 * Connections and what they watch, held in one process's memory, with the table's rules: a
 * player has at most CONNECTIONS_PER_PLAYER, a connection watches at most
 * SUBSCRIPTIONS_PER_CONNECTION games, a connection that is gone can neither subscribe nor watch.
 * Connections do not expire here: they end with their socket (the local runtime keeps its
 * sockets' here, functions/app/connections.ts: none outlives the process) or their test. The lobby's watches
 * (MemoryListingStore) are marked on the connection, as the table marks its item.
 */
import type {
  ClosedConnection,
  Connection,
  ConnectionState,
  ConnectionStore,
  SubscribeOptions,
  Subscriber,
  Watch,
} from '../../stores/connections';
import { limit, tooManyConnections, tooManySubscriptions } from '../limits';

interface LiveConnection {
  connection: Connection;
  games: Set<string>;
  watchesGames: boolean;
  /** The filter of its lobby watch, if it has one. */
  lobbyWatch?: string;
  strikes?: number;
}

export class MemoryConnectionStore implements ConnectionStore {
  /** connectionId → the connection and what it watches */
  private readonly connections = new Map<string, LiveConnection>();
  /** gameId → connectionId → subscriber */
  private readonly watchers = new Map<string, Map<string, Subscriber>>();
  /** playerId → live connectionIds */
  private readonly online = new Map<string, Set<string>>();

  async putConnection(c: Connection, watch?: Watch): Promise<void> {
    const max = limit('CONNECTIONS_PER_PLAYER');
    if ((this.online.get(c.playerId)?.size ?? 0) >= max) throw tooManyConnections(max);
    this.connections.set(c.connectionId, { connection: { ...c }, games: new Set(), watchesGames: false });
    const ids = this.online.get(c.playerId) ?? new Set<string>();
    this.online.set(c.playerId, ids.add(c.connectionId));
    if (watch) await this.subscribe(watch.gameId, c, watch);
  }

  async getConnection(connectionId: string): Promise<ConnectionState | null> {
    const live = this.connections.get(connectionId);
    if (!live) return null;
    return { ...live.connection, games: [...live.games], watchesGames: live.watchesGames, watchesLobby: live.lobbyWatch !== undefined };
  }

  async deleteConnection(connectionId: string): Promise<ClosedConnection | null> {
    const live = this.connections.get(connectionId);
    if (!live) return null;
    const games = [...live.games];
    for (const gameId of games) await this.deleteSubscription(gameId, connectionId);
    this.connections.delete(connectionId);
    const ids = this.online.get(live.connection.playerId);
    if (ids?.delete(connectionId) && ids.size === 0) this.online.delete(live.connection.playerId);
    return { playerId: live.connection.playerId, games, watchesLobby: live.lobbyWatch !== undefined };
  }

  async strike(connectionId: string): Promise<number> {
    const live = this.connections.get(connectionId);
    if (!live) return 0;
    live.strikes = (live.strikes ?? 0) + 1;
    return live.strikes;
  }

  async isOnline(playerId: string): Promise<boolean> {
    return (this.online.get(playerId)?.size ?? 0) > 0;
  }

  async connectionIdsOf(playerId: string): Promise<string[]> {
    return [...(this.online.get(playerId) ?? [])];
  }

  async subscribe(gameId: string, c: Connection, { logDelta = false, lean = false }: SubscribeOptions = {}): Promise<void> {
    const live = this.connections.get(c.connectionId);
    if (!live) throw new Error(`connection ${c.connectionId} is gone`);
    const max = limit('SUBSCRIPTIONS_PER_CONNECTION');
    if (live.games.size >= max && !live.games.has(gameId)) throw tooManySubscriptions(max);
    live.games.add(gameId);
    const game = this.watchers.get(gameId) ?? new Map<string, Subscriber>();
    this.watchers.set(
      gameId,
      game.set(c.connectionId, { connectionId: c.connectionId, playerId: c.playerId, logDelta, ...(lean ? { lean: true as const } : {}) }),
    );
  }

  async subscribers(gameId: string): Promise<Subscriber[]> {
    return [...(this.watchers.get(gameId)?.values() ?? [])].map((s) => ({ ...s }));
  }

  async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    this.connections.get(connectionId)?.games.delete(gameId);
    const game = this.watchers.get(gameId);
    if (game?.delete(connectionId) && game.size === 0) this.watchers.delete(gameId);
  }

  async watchGames(c: Connection): Promise<void> {
    const live = this.connections.get(c.connectionId);
    if (live) live.watchesGames = true;
  }

  async gamesWatchers(playerId: string): Promise<string[]> {
    return [...(this.online.get(playerId) ?? [])].filter((id) => this.connections.get(id)?.watchesGames);
  }

  async unwatchGames(_playerId: string, connectionId: string): Promise<void> {
    const live = this.connections.get(connectionId);
    if (live) live.watchesGames = false;
  }

  /**
   * Mark (or, with undefined, clear) the connection's lobby watch: the filter it had before, or
   * null when the connection is gone (then nothing is marked).
   */
  markLobbyWatch(connectionId: string, filter: string | undefined): { previous: string | undefined } | null {
    const live = this.connections.get(connectionId);
    if (!live) return null;
    const previous = live.lobbyWatch;
    if (filter === undefined) delete live.lobbyWatch;
    else live.lobbyWatch = filter;
    return { previous };
  }
}
