/** The clock sweep, on a schedule: time-outs, reminders, re-drives, held notifications, digests (host/sweep.ts). */
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { sweep as sweepPart } from '../app/sweep';
import type { SweepResult } from '../host/sweep';
import { observed } from '../observe/observed';

export type { SweepResult };

export function sweep(app: App) {
  const run = app.get(sweepPart);
  return observed(app.get(observer), 'sweep', (): Promise<SweepResult> => run.run());
}
