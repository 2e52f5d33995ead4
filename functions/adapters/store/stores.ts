/**
 * Every store on one DynamoDB table, wired as a process uses them: as Lambda does (each
 * instance one of many, everything in the table), or — `singleProcess` — as the local runtime
 * does, the only process serving its sockets and writing its commits: connections and lobby
 * watches in memory, commits and the players' index written in groups (group-commit.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Stores } from '../../stores';
import { MemoryConnectionStore } from '../memory/connections';
import { DynamoAccountStore } from './accounts';
import { DynamoChatStore } from './chat';
import { DynamoConnectionStore } from './connections';
import { DynamoDigestStore } from './digests';
import { EventStore } from './event-store';
import { DynamoHiddenGameStore } from './hidden-games';
import { DynamoListingStore } from './listings';
import { LiveListingStore } from './live-listings';
import { LivePlayerGameStore } from './live-records';
import { DynamoNotificationStore } from './notifications';
import { DynamoPlayerGameStore } from './player-games';
import { DynamoPlayerStore } from './players';
import { DynamoQuotaStore } from './quotas';
import { DynamoRatingStore } from './ratings';
import { DynamoScheduleStore } from './schedule';

export interface DynamoStoresOptions {
  /** The clock of players' creation times and settings changes. */
  now?: () => Date;
  /** See GameStore.redriveAfterMs. */
  redriveAfterMs?: number;
  /** This process is the only one serving its sockets and writing its commits (the local runtime). */
  singleProcess?: boolean;
}

export function dynamoStores(db: DynamoDBDocumentClient, table: string, options: DynamoStoresOptions = {}): Stores {
  // The single process's own connections, in memory (null: in the table).
  const live = options.singleProcess ? new MemoryConnectionStore() : null;
  return {
    games: new EventStore(db, table, { groupCommits: live !== null, redriveAfterMs: options.redriveAfterMs }),
    connections: live ?? new DynamoConnectionStore(db, table),
    players: new DynamoPlayerStore(db, table, options.now),
    playerGames: live ? new LivePlayerGameStore(db, table) : new DynamoPlayerGameStore(db, table),
    quotas: new DynamoQuotaStore(db, table),
    schedule: new DynamoScheduleStore(db, table),
    notifications: new DynamoNotificationStore(db, table),
    accounts: new DynamoAccountStore(db, table),
    chat: new DynamoChatStore(db, table),
    listings: live ? new LiveListingStore(db, table, live) : new DynamoListingStore(db, table),
    hidden: new DynamoHiddenGameStore(db, table),
    ratings: new DynamoRatingStore(db, table),
    digests: new DynamoDigestStore(db, table),
  };
}
