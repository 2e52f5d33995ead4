/**
 * Calling a route's integration (the app's handler) as API Gateway does, within the integration
 * timeout. The handler is never cut off — in AWS too the function runs on after API Gateway gave
 * up — but a call that outlived the timeout is reported as timed out, at the instant it did, so
 * the client's error frame or 504 carries that time. Racing a sleeper instead would leave one
 * timer per request on the virtual clock.
 */
import type { VirtualClock } from '../clock';

export type Invoked<R> =
  | { ok: true; result: R }
  | { ok: false; why: 'timeout'; at: number }
  | { ok: false; why: 'error'; error: unknown; at: number };

export async function invoke<E, R>(
  clock: VirtualClock,
  handler: (event: E) => Promise<R>,
  event: E,
  timeoutMs: number,
): Promise<Invoked<R>> {
  const start = clock.now();
  let result: R;
  try {
    result = await handler(event);
  } catch (error) {
    if (clock.now() - start > timeoutMs) return { ok: false, why: 'timeout', at: start + timeoutMs };
    return { ok: false, why: 'error', error, at: clock.now() };
  }
  if (clock.now() - start > timeoutMs) return { ok: false, why: 'timeout', at: start + timeoutMs };
  return { ok: true, result };
}

/** An integration timeout within what API Gateway allows. */
export function checkedTimeout(ms: number, allowed: { min: number; max: number }): number {
  if (!(ms >= allowed.min && ms <= allowed.max))
    throw new RangeError(`the integration timeout must be ${allowed.min}–${allowed.max} ms (API Gateway's quota), got ${ms}`);
  return ms;
}
