/**
 * Every store in memory (functions/stores/), with the DynamoDB ones' semantics — conditional
 * writes, idempotence, limits, order and paging — and no DynamoDB: for fast tests, and a local
 * server that needs no Java. What the table shares between stores is shared here too: the
 * players' index and the quotas read the games' heads from the event store; chat, accounts,
 * ratings and digests read names, mutes and sign-ups from the players' store; the lobby reads
 * ratings from the rating store and marks its watches on the connections.
 *
 * What the table does by itself is left out: connections and subscriptions do not expire (they
 * end with their socket or test). Given a `stream`, stored commits, chat messages and asks (for sign-in links, for ratings) go to it as
 * to the table's stream; without, a test hands the stored commit items (`MemoryEventStore.items`)
 * to the reactions as the stream would.
 */
import { hostRecords, type HostRecords, type Stores } from '../../stores';
import { MemoryAccountStore } from './accounts';
import { MemoryChatStore } from './chat';
import { MemoryConnectionStore } from './connections';
import { MemoryDigestStore } from './digests';
import { MemoryEventStore } from './games';
import { MemoryHiddenGameStore } from './hidden-games';
import { MemoryListingStore } from './listings';
import { MemoryNotificationStore } from './notifications';
import { MemoryPlayerGameStore } from './player-games';
import { MemoryPlayerStore } from './players';
import { MemoryQuotaStore } from './quotas';
import { MemoryRatingStore } from './ratings';
import { MemoryScheduleStore } from './schedule';
import type { MemoryStream } from './stream';
import { MemoryTournamentStore } from './tournaments';
import { MemorySocialStore } from './social';

/** The memory stores, by their own classes (tests reach what only memory offers, e.g. the commit items). */
export interface MemoryStores extends Stores {
  games: MemoryEventStore;
  compactor: MemoryEventStore;
  connections: MemoryConnectionStore;
  players: MemoryPlayerStore;
  playerGames: MemoryPlayerGameStore;
  quotas: MemoryQuotaStore;
  schedule: MemoryScheduleStore;
  notifications: MemoryNotificationStore;
  accounts: MemoryAccountStore;
  chat: MemoryChatStore;
  listings: MemoryListingStore;
  hidden: MemoryHiddenGameStore;
  ratings: MemoryRatingStore;
  digests: MemoryDigestStore;
  tournaments: MemoryTournamentStore;
  social: MemorySocialStore;
}

/**
 * One full set of memory stores, wired together. `now`: the clock of players' creation times
 * and settings changes (as the DynamoDB records take it); `redriveAfterMs`: see GameStore.
 */
export function memoryStores(options: { now?: () => Date; redriveAfterMs?: number; stream?: MemoryStream } = {}): MemoryStores {
  const games = new MemoryEventStore(options.redriveAfterMs, options.stream);
  const connections = new MemoryConnectionStore();
  const players = new MemoryPlayerStore(options.now);
  const playerGames = new MemoryPlayerGameStore(games);
  const ratings = new MemoryRatingStore(players, options.stream);
  return {
    games,
    compactor: games,
    connections,
    players,
    playerGames,
    quotas: new MemoryQuotaStore(games),
    schedule: new MemoryScheduleStore(),
    notifications: new MemoryNotificationStore(),
    accounts: new MemoryAccountStore(players, options.stream),
    chat: new MemoryChatStore(players, options.stream),
    listings: new MemoryListingStore(connections, ratings),
    hidden: new MemoryHiddenGameStore(playerGames),
    ratings,
    digests: new MemoryDigestStore(players),
    tournaments: new MemoryTournamentStore(),
    social: new MemorySocialStore(players),
  };
}

/** The host's storage as createHost takes it (store, records, schedule), from one set of memory stores (`stores`). */
export function memoryStorage(options: { redriveAfterMs?: number } = {}): {
  store: MemoryEventStore;
  records: HostRecords;
  schedule: MemoryScheduleStore;
  stores: MemoryStores;
} {
  const stores = memoryStores(options);
  return { store: stores.games, records: hostRecords(stores), schedule: stores.schedule, stores };
}
