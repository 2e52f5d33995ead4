/**
 * Log deltas (`subscribe` with `logDelta`): a state frame carries only the log lines that
 * changed since the version before it. The server finds where two records' logs part; a client
 * merges a delta frame into the state it holds. One definition for the server, the web client
 * and the test clients.
 */
import { LOG_KEEP, type StateFrame } from './frames';

/** The line number (over the whole game) where `after`'s log departs from `before`'s. */
export function logDeparture(before: { log: string[]; logBase?: number }, after: { log: string[]; logBase?: number }): number {
  const b = before.logBase ?? 0;
  const a = after.logBase ?? 0;
  const end = Math.min(b + before.log.length, a + after.log.length);
  let line = Math.max(a, b);
  while (line < end && before.log[line - b] === after.log[line - a]) line++;
  return line;
}

/**
 * The full state a delta frame stands for, given the state held before it; null when it does
 * not apply (another version held, or lines missing in between): subscribe again. A full frame
 * is returned as it is.
 */
export function mergeLog(held: StateFrame | undefined, frame: StateFrame): StateFrame | null {
  if (frame.logAfter === undefined) return frame;
  if (!held || held.version !== frame.logAfter || frame.logStart < held.logStart || frame.logStart > held.logStart + held.log.length)
    return null;
  const log = [...held.log.slice(0, frame.logStart - held.logStart), ...frame.log];
  const dropped = Math.max(0, log.length - LOG_KEEP);
  const { logAfter: _, ...full } = frame;
  return { ...full, log: log.slice(dropped), logStart: held.logStart + dropped };
}
