/**
 * What the host needs of storage, as three interfaces: the event store (commits and snapshots of
 * games), the records beside the games (connections, subscriptions, watchers of a player's
 * games, the players' index, game quotas) and the schedule's due items (when the sweep must
 * look at a game). The host is written against these; they are implemented on DynamoDB
 * (EventStore, Records and LiveRecords, Schedule) and in memory (memory.ts, for fast tests of
 * hosting logic), and one behaviour suite runs against both.
 */
import type { GameSummary } from '../../core/protocol/frames';
import type { Commit, GameRecord } from '../../core/record';
import type { Connection, IndexedGame, Subscriber } from './records';
import type { DueClock } from './schedule';

export interface GameStore {
  /** How long an automatic seat may wait before the sweep re-drives it (see clockDueOf). */
  readonly redriveAfterMs: number;
  /**
   * Store a commit on condition that its version is free: false when another writer took it
   * (the caller lost a race, reloads and decides again). `after` and `before`: the record with
   * and without it, whose head the commit carries (status, seats, whose turn, due time; see
   * commitHead). `claimedUntil`: the storer plays the automatic move the commit leaves, and
   * claims it until then (the commit's own conditional write carries the claim).
   */
  append(commit: Commit, after: GameRecord, before: GameRecord | null, claimedUntil?: string): Promise<boolean>;
  /** The record of a game — the latest snapshot and the commits after it, or `base` and the commits after it — or null. */
  load(gameId: string, base?: GameRecord): Promise<GameRecord | null>;
  /** Every commit of a game, in version order. */
  commits(gameId: string): Promise<Commit[]>;
  /** Keep a snapshot of the record (keyed by its version: writing one twice is harmless). */
  saveSnapshot(record: GameRecord): Promise<void>;
}

export interface HostRecords {
  /** Record a new connection, or RATE_LIMITED when the player has CONNECTIONS_PER_PLAYER open. */
  putConnection(c: Connection): Promise<void>;
  getConnection(connectionId: string): Promise<(Connection & { games: string[]; watchesGames: boolean; watchesLobby?: boolean }) | null>;
  /** Forget a connection's subscriptions, its watch and its presence; its player and the games it watched, or null. */
  deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[]; watchesLobby?: boolean } | null>;
  /** Whether the player has a live connection. */
  isOnline(playerId: string): Promise<boolean>;
  /** Watch a game: refused for a connection that is gone, RATE_LIMITED beyond SUBSCRIPTIONS_PER_CONNECTION. */
  subscribe(gameId: string, c: Connection, logDelta?: boolean): Promise<void>;
  subscribers(gameId: string): Promise<Subscriber[]>;
  deleteSubscription(gameId: string, connectionId: string): Promise<void>;
  /** Watch the player's own games (nothing for a connection that is gone). */
  watchGames(c: Connection): Promise<void>;
  gamesWatchers(playerId: string): Promise<string[]>;
  unwatchGames(playerId: string, connectionId: string): Promise<void>;
  /** Index the game under each seated player; a version older than the indexed one changes nothing. */
  indexGame(record: IndexedGame): Promise<void>;
  /** One page of the player's games (in play first, then open, then finished) and the next page's cursor. */
  playerGames(playerId: string, page: { limit: number; cursor?: string }): Promise<{ games: GameSummary[]; next: string | null }>;
  /**
   * Count a game the player creates against GAMES_PER_HOUR and OPEN_GAMES, or RATE_LIMITED (nothing
   * counted). Answers the id of the game to create: `gameId`, or — for a `createId` counted before
   * (a createGame sent again) — the game counted then, counting nothing.
   */
  countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string>;
}

export interface HostSchedule {
  /**
   * When the sweep must look at a game (null: never), as of a version: a write for an older
   * version than the game's latest never replaces it; `unlessSet`: nothing if this version (or
   * a later one) set it already.
   */
  setClockDue(gameId: string, due: Date | null, version: number, options?: { unlessSet?: boolean }): Promise<void>;
  /** The due items at `now`, at most `limit` per shard. */
  dueClocks(now: Date, limit?: number): Promise<{ due: DueClock[]; readUnits: number }>;
  /** After the sweep handled a due item: remove it unless it is still the game's current one. */
  removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void>;
}
