/** Lower (or lift) a limit of functions/adapters/limits.ts for one test; `restoreLimits` (in afterEach) puts them back. */
import type { LimitName } from '../../functions/adapters/limits';

const saved = new Map<string, string | undefined>();

export function setLimit(name: LimitName, value: number): void {
  const key = `LIMIT_${name}`;
  if (!saved.has(key)) saved.set(key, process.env[key]);
  process.env[key] = String(value);
}

export function restoreLimits(): void {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  saved.clear();
}
