/**
 * A request the table turned away for a moment — a partition over its per-second limit after
 * the SDK's own retries, or transactions on one item at once (a thousand players entering one
 * tournament in the same second) — is answered RATE_LIMITED with a wait, not INTERNAL: the
 * client sends it again (the web client does so for waits up to 5 s), and the waits are spread
 * so the retries do not arrive together.
 */
import { ProtocolError } from '../core/protocol/frames';

const THROTTLED: readonly string[] = ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded'];
const TRANSIENT_REASONS: readonly string[] = ['ThrottlingError', 'TransactionConflict', 'ProvisionedThroughputExceeded'];

export function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (THROTTLED.includes(error.name)) return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (
    error.name === 'TransactionCanceledException' && !!reasons?.some((r) => r.Code !== undefined && TRANSIENT_REASONS.includes(r.Code))
  );
}

/** The answer to a busy table: wait 1–4 s, spread by the request's own key (no randomness needed). */
export function busyRefusal(key: string): ProtocolError {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  const waitMs = 1000 + (hash % 3000);
  return new ProtocolError('RATE_LIMITED', 'The server is busy this second; your request was not taken. Trying again in a moment.', waitMs);
}
