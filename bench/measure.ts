/** Timing helpers for benchmarks: warm up, then repeat until enough time has passed. */

export interface Timing {
  /** Mean time of one repetition in milliseconds. */
  meanMs: number;
  runs: number;
}

export function time(fn: () => void, opts: { minMs?: number; warmup?: number } = {}): Timing {
  const minMs = opts.minMs ?? 500;
  for (let i = 0; i < (opts.warmup ?? 3); i++) fn();
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs || runs < 3) {
    fn();
    runs++;
    elapsed = performance.now() - start;
  }
  return { meanMs: elapsed / runs, runs };
}

/** The `q` quantile of `samples` (nearest rank, as the pipeline's latencies). */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export const round = (x: number, digits = 3) => Number(x.toPrecision(digits));

/** `make(0)` … `make(count - 1)`, `batch` of them at a time; the results in order. */
export async function inBatches<T>(count: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += batch)
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => make(i + k)))));
  return out;
}
