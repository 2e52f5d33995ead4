/**
 * Every store the backend keeps data in, each an interface of its own (one file each, named for
 * what it holds), written against domain values — never table names, keys or items. They are
 * implemented on DynamoDB (functions/adapters/store/, built by the app: functions/app/stores.ts) and in memory
 * (functions/adapters/memory/, `memoryStores`), and one behaviour suite per store runs against
 * both (test/support/contracts/).
 *
 * `Stores` bundles one of each, under short names:
 * - games: the event store — commits and snapshots (GameStore)
 * - compactor: finished games' commits into their archive, for the sweep (GameCompactor)
 * - connections: live connections, their subscriptions, watches and presence (ConnectionStore)
 * - players: profiles and notification settings (PlayerStore)
 * - playerGames: the players' index of games, paged as `myGames` (PlayerGameStore)
 * - quotas: games created per hour, games waiting for players (QuotaStore)
 * - schedule: when the sweep must look at a game (ScheduleStore)
 * - notifications: notifications held by quiet hours, delivery claims (NotificationStore)
 * - accounts: devices, passkeys, sign-in addresses, one-use codes and challenges (AccountStore)
 * - chat: games' chat messages and writers' rates (ChatStore)
 * - listings: the public lobby and who watches it (ListingStore)
 * - hidden: finished games players left out of their list (HiddenGameStore)
 * - ratings: ratings, their history, recent games, leaderboards (RatingStore)
 * - digests: email digests due and sent (DigestStore)
 * - tournaments: tournaments, their entrants, rounds and results (TournamentStore)
 * - social: follows, blocks, groups and vacations (SocialStore)
 */
import type { AccountStore } from './accounts';
import type { ChatStore } from './chat';
import type { ConnectionStore } from './connections';
import type { DigestStore } from './digests';
import type { GameCompactor, GameStore } from './games';
import type { HiddenGameStore } from './hidden-games';
import type { ListingStore } from './listings';
import type { NotificationStore } from './notifications';
import type { PlayerGameStore } from './player-games';
import type { PlayerStore } from './players';
import type { QuotaStore } from './quotas';
import type { RatingStore } from './ratings';
import type { ScheduleStore } from './schedule';
import type { SocialStore } from './social';
import type { TournamentStore } from './tournaments';

export interface Stores {
  games: GameStore;
  compactor: GameCompactor;
  connections: ConnectionStore;
  players: PlayerStore;
  playerGames: PlayerGameStore;
  quotas: QuotaStore;
  schedule: ScheduleStore;
  notifications: NotificationStore;
  accounts: AccountStore;
  chat: ChatStore;
  listings: ListingStore;
  hidden: HiddenGameStore;
  ratings: RatingStore;
  digests: DigestStore;
  tournaments: TournamentStore;
  social: SocialStore;
}

/** What the host's Commands, Reactions and Broadcast take as their records: connections, the players' index, quotas. */
export type HostRecords = ConnectionStore & PlayerGameStore & QuotaStore;

/** The host's name for the schedule. */
export type HostSchedule = ScheduleStore;

/** The host's records as one object, from the three stores that hold them (which may be one object already). */
export function hostRecords(stores: Pick<Stores, 'connections' | 'playerGames' | 'quotas'>): HostRecords {
  const { connections: c, playerGames: g, quotas: q } = stores;
  return {
    putConnection: (connection, watch) => c.putConnection(connection, watch),
    getConnection: (connectionId) => c.getConnection(connectionId),
    deleteConnection: (connectionId) => c.deleteConnection(connectionId),
    isOnline: (playerId) => c.isOnline(playerId),
    connectionIdsOf: (playerId) => c.connectionIdsOf(playerId),
    subscribe: (gameId, connection, options) => c.subscribe(gameId, connection, options),
    subscribers: (gameId) => c.subscribers(gameId),
    deleteSubscription: (gameId, connectionId) => c.deleteSubscription(gameId, connectionId),
    watchGames: (connection) => c.watchGames(connection),
    gamesWatchers: (playerId) => c.gamesWatchers(playerId),
    unwatchGames: (playerId, connectionId) => c.unwatchGames(playerId, connectionId),
    strike: (connectionId) => c.strike(connectionId),
    indexGame: (record) => g.indexGame(record),
    playerGames: (playerId, page) => g.playerGames(playerId, page),
    countNewGame: (playerId, gameId, open, now, createId) => q.countNewGame(playerId, gameId, open, now, createId),
  };
}

export type { AccountStore, Challenge, Counted, Device, DeviceCode, EmailAccount, NewDevice, NewPasskey, Passkey } from './accounts';
export type { ChatPage, ChatStore, StoredChatMessage } from './chat';
export type { ClosedConnection, Connection, ConnectionState, ConnectionStore, Subscriber } from './connections';
export type { DigestState, DigestStore, DueDigest } from './digests';
export type { GameStore } from './games';
export type { HiddenGameStore } from './hidden-games';
export type { ListingStore, LobbyWatcher } from './listings';
export type { Claim, HeldNotification, NotificationStore } from './notifications';
export type { GamesPage, IndexedGame, PlayerGameStore } from './player-games';
export type { PlayerStore } from './players';
export type { QuotaStore } from './quotas';
export type { ApplyResult, GameRating, HistoryPoint, Leader, PlayedGame, RatedGame, RatingStore } from './ratings';
export type { DueClock, ScheduleStore } from './schedule';
export type { Tournament, TournamentEntrant, TournamentRound, TournamentStore } from './tournaments';
export type { Group, SocialStore, Tie, Vacation } from './social';
