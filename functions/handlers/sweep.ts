/** The clock sweep, on a schedule: time-outs, reminders, re-drives, held notifications, digests (host/sweep.ts). */
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { sweep as sweepPart } from '../app/sweep';
import { CLOCK_SHARDS } from '../adapters/store/keys';
import { sweepPartOf } from '../core/sweep-part';
import type { SweepResult } from '../host/sweep';
import { observed } from '../observe/observed';

export type { SweepResult };

/** The schedule's event names the part of the shards this invocation sweeps (core/sweep-part.ts); none: all of them. */
export function sweep(app: App) {
  const run = app.get(sweepPart);
  return observed(app.get(observer), 'sweep', (event?: unknown): Promise<SweepResult> => run.run(sweepPartOf(event, CLOCK_SHARDS)));
}
