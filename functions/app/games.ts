/** The games: the event store and the host on it (write path, commands, reactions, broadcasts, lobby). */
import { EventStore } from '../adapters/store/event-store';
import { HiddenGames } from '../adapters/store/hidden-games';
import { Listings, LiveListings } from '../adapters/store/listings';
import { createHost, type Host } from '../host/host';
import type { App } from './app';
import { dynamo } from './outside';
import { records, schedule } from './records';

/** A sole writer groups the commits of many games in one transaction (group-commit.ts). */
export function eventStore(app: App): EventStore {
  const { soleWriter, redriveAfterMs, tableName } = app.deps.config;
  return new EventStore(app.get(dynamo), tableName, { groupCommits: soleWriter, redriveAfterMs });
}

/** A sole writer keeps who watches the lobby in memory, as it does connections. */
export function listings(app: App): Listings {
  const Kind = app.deps.config.soleWriter ? LiveListings : Listings;
  return new Kind(app.get(dynamo), app.deps.config.tableName);
}

export function hiddenGames(app: App): HiddenGames {
  return new HiddenGames(app.get(dynamo), app.deps.config.tableName);
}

export function host(app: App): Host {
  const { config, now, ids } = app.deps;
  return createHost({
    store: app.get(eventStore),
    records: app.get(records),
    schedule: app.get(schedule),
    now,
    newGameId: ids.gameId,
    newSeed: ids.seed,
    soleWriter: config.soleWriter,
    // A sole writer hears every subscription itself: presence changes within 50 ms go out as one frame.
    presenceWindowMs: config.soleWriter ? 50 : 0,
    lobby: { listings: app.get(listings), hidden: app.get(hiddenGames) },
  });
}
