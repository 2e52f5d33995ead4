/**
 * The stores of a process that serves every socket itself (the local runtime on DynamoDB Local):
 * its connections and who watches the lobby in memory, its commits of many games grouped in one
 * transaction with their index entries. They replace the app's own parts (AppDeps.replacing), so
 * no Lambda function carries them.
 */
import { MemoryConnectionStore } from '../functions/adapters/memory/connections';
import { EventStore } from '../functions/adapters/store/event-store';
import { GroupWriter } from '../functions/adapters/store/group-commit';
import { LiveListingStore } from '../functions/adapters/store/live-listings';
import { LivePlayerGameStore } from '../functions/adapters/store/live-player-games';
import type { App, Part } from '../functions/app/app';
import { connectionStore } from '../functions/app/connections';
import { eventStore, listingStore, playerGameStore, storeWarnings } from '../functions/app/games';
import { dynamo, observer } from '../functions/app/outside';

export function soleWriterParts(): ReadonlyMap<Part<unknown>, Part<unknown>> {
  // Parts of their own, so each is built once per app.
  const connections = (_app: App) => new MemoryConnectionStore();
  const writer = (app: App) => new GroupWriter(app.get(dynamo), true);
  const table = (app: App) => app.deps.config.tableName;
  return new Map<Part<unknown>, Part<unknown>>([
    [connectionStore, (app) => app.get(connections)],
    [
      eventStore,
      (app) =>
        new EventStore(app.get(dynamo), table(app), {
          writer: app.get(writer),
          redriveAfterMs: app.deps.config.redriveAfterMs,
          warn: app.get(storeWarnings),
        }),
    ],
    [playerGameStore, (app) => new LivePlayerGameStore(app.get(dynamo), table(app), app.get(observer), app.get(writer))],
    [listingStore, (app) => new LiveListingStore(app.get(dynamo), table(app), app.get(connections))],
  ]);
}
