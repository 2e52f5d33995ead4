/**
 * The games: the event store, the schedule, the players' index and quotas, the lobby's stores,
 * and the host on them (write path, commands, reactions, broadcasts, lobby).
 */
import { DynamoHiddenGameStore } from '../adapters/store/hidden-games';
import { DynamoListingStore } from '../adapters/store/listings';
import { DynamoGameCompactor } from '../adapters/store/compactor';
import { EventStore } from '../adapters/store/event-store';
import { DynamoPlayerGameStore } from '../adapters/store/player-games';
import { DynamoQuotaStore } from '../adapters/store/quotas';
import { DynamoScheduleStore } from '../adapters/store/schedule';
import { createHost, type Host } from '../host/host';
import { hostRecords, type HostRecords } from '../stores';
import type { GameCompactor, GameStore } from '../stores/games';
import type { HiddenGameStore } from '../stores/hidden-games';
import type { ListingStore } from '../stores/listings';
import type { PlayerGameStore } from '../stores/player-games';
import type { QuotaStore } from '../stores/quotas';
import type { ScheduleStore } from '../stores/schedule';
import type { App } from './app';
import { connectionStore } from './connections';
import { cursors } from './keys';
import { dynamo, observer } from './outside';
import { socialStore } from './social-store';

/** The game store's warnings, into the app's log. */
export function storeWarnings(app: App): (message: string, fields: Record<string, unknown>) => void {
  const { log } = app.get(observer);
  return (message, fields) => log.warn(message, fields);
}

/** The table's event store (a sole writer groups the commits of many games: local/sole-writer.ts). */
export function eventStore(app: App): GameStore {
  const { stores, config } = app.deps;
  if (stores) return stores.games;
  return new EventStore(app.get(dynamo), config.tableName, { redriveAfterMs: config.redriveAfterMs, warn: app.get(storeWarnings) });
}

/** The compaction of finished games: the sweep's alone (app/notify.ts), so no other bundle carries it. */
export function gameCompactor(app: App): GameCompactor {
  return app.deps.stores?.compactor ?? new DynamoGameCompactor(app.get(dynamo), app.deps.config.tableName);
}

export function scheduleStore(app: App): ScheduleStore {
  return app.deps.stores?.schedule ?? new DynamoScheduleStore(app.get(dynamo), app.deps.config.tableName);
}

export function playerGameStore(app: App): PlayerGameStore {
  return app.deps.stores?.playerGames ?? new DynamoPlayerGameStore(app.get(dynamo), app.deps.config.tableName, app.get(observer));
}

export function quotaStore(app: App): QuotaStore {
  return app.deps.stores?.quotas ?? new DynamoQuotaStore(app.get(dynamo), app.deps.config.tableName);
}

export function listingStore(app: App): ListingStore {
  return app.deps.stores?.listings ?? new DynamoListingStore(app.get(dynamo), app.deps.config.tableName);
}

export function hiddenGameStore(app: App): HiddenGameStore {
  return app.deps.stores?.hidden ?? new DynamoHiddenGameStore(app.get(dynamo), app.deps.config.tableName);
}

/** What the host keeps beside the games: connections, the players' index, quotas. */
export function records(app: App): HostRecords {
  return hostRecords({ connections: app.get(connectionStore), playerGames: app.get(playerGameStore), quotas: app.get(quotaStore) });
}

export function host(app: App): Host {
  const { config, now, ids } = app.deps;
  return createHost({
    store: app.get(eventStore),
    records: app.get(records),
    schedule: app.get(scheduleStore),
    now,
    newGameId: ids.gameId,
    newSeed: ids.seed,
    soleWriter: config.soleWriter,
    // A sole writer hears every subscription itself: presence changes within 50 ms go out as one frame.
    presenceWindowMs: config.soleWriter ? 50 : 0,
    sleep: app.deps.sleep,
    observer: app.get(observer),
    lobby: { listings: app.get(listingStore), hidden: app.get(hiddenGameStore), cursors: app.get(cursors) },
    barriers: (playerId) => app.get(socialStore).barriers(playerId),
  });
}
