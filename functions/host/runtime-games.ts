/** The games part of the process's runtime (see runtime.ts): the event store and the host on it. */
import { randomBytes, randomInt } from 'node:crypto';
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { EventStore } from '../adapters/store/event-store';
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
    });
    games = { store, host };
  }
  return games;
}
