/**
 * The sweep runs as several invocations side by side, each over its own part of the due items'
 * shards (shard i belongs to part i mod `of`): the schedule invokes one per part, so the due work
 * of one minute is spread over `of` functions, each with the whole time budget, and no two read
 * the same shard. The local runtime's timer runs the whole sweep in one (WHOLE_SWEEP).
 */
import { ProtocolError } from './protocol/frames';

export interface SweepPart {
  /** Which part, from 0. */
  part: number;
  /** How many parts the shards are split into. */
  of: number;
}

export const WHOLE_SWEEP: SweepPart = { part: 0, of: 1 };

/** The shard indexes (of `shards`) that belong to a part. */
export function shardsIn(p: SweepPart, shards: number): number[] {
  return Array.from({ length: shards }, (_, i) => i).filter((i) => i % p.of === p.part);
}

/**
 * The part a scheduled invocation names (the schedule's input: `{ "part": 1, "of": 4 }`); an
 * event without one (an invocation by hand, an older schedule) sweeps everything. Anything else
 * is refused: a mistyped part must not silently leave shards unswept.
 */
export function sweepPartOf(event: unknown, maxParts: number): SweepPart {
  if (event === null || typeof event !== 'object' || !('part' in event || 'of' in event)) return WHOLE_SWEEP;
  const { part, of } = event as { part?: unknown; of?: unknown };
  if (
    !Number.isInteger(of) ||
    !Number.isInteger(part) ||
    (of as number) < 1 ||
    (of as number) > maxParts ||
    (part as number) < 0 ||
    (part as number) >= (of as number)
  )
    throw new ProtocolError(
      'BAD_REQUEST',
      `A sweep's part must be {"part": p, "of": n} with whole numbers 0 <= p < n <= ${maxParts}; got ${JSON.stringify({ part, of })}.`,
    );
  return { part: part as number, of: of as number };
}
