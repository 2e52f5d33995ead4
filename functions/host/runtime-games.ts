/** The games part of the process's runtime (see runtime.ts): the event store and the host on it. */
import { randomBytes, randomInt } from 'node:crypto';
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { EventStore } from '../adapters/store/event-store';
import { DynamoHiddenGameStore } from '../adapters/store/hidden-games';
import { DynamoListingStore } from '../adapters/store/listings';
import { LiveListingStore } from '../adapters/store/live-listings';
import { createHost, type Host } from './host';
import { getRuntime, now, singleProcess } from './runtime';

let games: { store: EventStore; host: Host } | undefined;

export function getGames(): { store: EventStore; host: Host } {
  if (!games) {
    const { tableName, redriveAfterMs } = config();
    const single = singleProcess();
    const store = new EventStore(dynamo(), tableName, { groupCommits: single, redriveAfterMs });
    const { records, schedule } = getRuntime();
    const host = createHost({
      store,
      records,
      schedule,
      now,
      // 12 random bytes: unguessable, short enough for an invite link.
      newGameId: () => randomBytes(12).toString('base64url'),
      newSeed: () => randomInt(0, 2 ** 31),
      soleWriter: single,
      presenceWindowMs: single ? 50 : 0,
      // The local runtime serves every socket: it keeps who watches the lobby in memory, as it does connections.
      lobby: {
        listings: single ? new LiveListingStore(dynamo(), tableName) : new DynamoListingStore(dynamo(), tableName),
        hidden: new DynamoHiddenGameStore(dynamo(), tableName),
      },
    });
    games = { store, host };
  }
  return games;
}
