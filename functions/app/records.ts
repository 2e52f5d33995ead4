/** The records every handler reads (players, settings, connections, the games index) and the schedule of due items. */
import { LiveRecords } from '../adapters/store/live-records';
import { Records } from '../adapters/store/records';
import { Schedule } from '../adapters/store/schedule';
import type { App } from './app';
import { dynamo } from './outside';

/** A sole writer (the local runtime) serves every socket: it keeps who is connected in memory. */
export function records(app: App): Records {
  const Kind = app.deps.config.soleWriter ? LiveRecords : Records;
  return new Kind(app.get(dynamo), app.deps.config.tableName, app.deps.now);
}

export function schedule(app: App): Schedule {
  return new Schedule(app.get(dynamo), app.deps.config.tableName);
}
