/**
 * The records beside the games, as the runtime hands them out: one object for the stores that
 * live in the players' and connections' partitions — connections (connections.ts), players'
 * profiles and settings (players.ts), the players' index of games (player-games.ts) and game
 * quotas (quotas.ts). It only delegates; each store is also reachable on its own.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NotificationSettings, SettingsRecord } from '../../core/notification';
import type { HostRecords, Stores } from '../../stores';
import type { ClosedConnection, Connection, ConnectionState, ConnectionStore, Subscriber } from '../../stores/connections';
import type { GamesPage, IndexedGame, PlayerGameStore } from '../../stores/player-games';
import type { PlayerStore } from '../../stores/players';
import { DynamoConnectionStore } from './connections';
import { DynamoPlayerGameStore } from './player-games';
import { DynamoPlayerStore } from './players';
import { DynamoQuotaStore } from './quotas';

export class Records implements HostRecords, PlayerStore {
  /** The four stores it delegates to. */
  readonly stores: Pick<Stores, 'connections' | 'players' | 'playerGames' | 'quotas'>;

  /** `parts`: stores that replace the table's own (the local runtime's, live-records.ts). */
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    parts: { connections?: ConnectionStore; playerGames?: PlayerGameStore } = {},
  ) {
    this.stores = {
      connections: parts.connections ?? new DynamoConnectionStore(db, table),
      players: new DynamoPlayerStore(db, table, now),
      playerGames: parts.playerGames ?? new DynamoPlayerGameStore(db, table),
      quotas: new DynamoQuotaStore(db, table),
    };
  }

  putConnection(c: Connection): Promise<void> {
    return this.stores.connections.putConnection(c);
  }
  getConnection(connectionId: string): Promise<ConnectionState | null> {
    return this.stores.connections.getConnection(connectionId);
  }
  deleteConnection(connectionId: string): Promise<ClosedConnection | null> {
    return this.stores.connections.deleteConnection(connectionId);
  }
  isOnline(playerId: string): Promise<boolean> {
    return this.stores.connections.isOnline(playerId);
  }
  connectionIdsOf(playerId: string): Promise<string[]> {
    return this.stores.connections.connectionIdsOf(playerId);
  }
  subscribe(gameId: string, c: Connection, logDelta?: boolean): Promise<void> {
    return this.stores.connections.subscribe(gameId, c, logDelta);
  }
  subscribers(gameId: string): Promise<Subscriber[]> {
    return this.stores.connections.subscribers(gameId);
  }
  deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    return this.stores.connections.deleteSubscription(gameId, connectionId);
  }
  watchGames(c: Connection): Promise<void> {
    return this.stores.connections.watchGames(c);
  }
  gamesWatchers(playerId: string): Promise<string[]> {
    return this.stores.connections.gamesWatchers(playerId);
  }
  unwatchGames(playerId: string, connectionId: string): Promise<void> {
    return this.stores.connections.unwatchGames(playerId, connectionId);
  }

  putPlayer(playerId: string, name: string): Promise<void> {
    return this.stores.players.putPlayer(playerId, name);
  }
  playerName(playerId: string): Promise<string | null> {
    return this.stores.players.playerName(playerId);
  }
  getSettingsRecord(playerId: string, consistent?: boolean): Promise<SettingsRecord> {
    return this.stores.players.getSettingsRecord(playerId, consistent);
  }
  getSettings(playerId: string): Promise<NotificationSettings> {
    return this.stores.players.getSettings(playerId);
  }
  writeSettingsRecord(playerId: string, record: SettingsRecord): Promise<SettingsRecord | null> {
    return this.stores.players.writeSettingsRecord(playerId, record);
  }
  updateSettings(
    playerId: string,
    change: (r: SettingsRecord) => SettingsRecord | null,
  ): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
    return this.stores.players.updateSettings(playerId, change);
  }
  putSettings(playerId: string, settings: NotificationSettings): Promise<void> {
    return this.stores.players.putSettings(playerId, settings);
  }

  indexGame(record: IndexedGame): Promise<void> {
    return this.stores.playerGames.indexGame(record);
  }
  playerGames(playerId: string, page: { limit: number; cursor?: string }): Promise<GamesPage> {
    return this.stores.playerGames.playerGames(playerId, page);
  }

  countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string> {
    return this.stores.quotas.countNewGame(playerId, gameId, open, now, createId);
  }
}
