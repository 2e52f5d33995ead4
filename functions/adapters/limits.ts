/**
 * What one player or one connection may use, and the sentences that say so. Every limit can be
 * changed by the operator through the environment (`LIMIT_…`), read when it is checked.
 *
 * Frames per second and queued frames are counted by the local runtime per socket; in the
 * cloud API Gateway's stage throttling plays that part. The limits on what creates data —
 * connections, games, subscriptions — are kept in the table with conditional writes on items
 * the action writes anyway, so they hold across Lambda instances without a write per frame.
 */
import type { ChatLimits } from '../core/chat';
import { ProtocolError } from '../core/protocol/frames';
import { limit, waitSentence } from './limit-values';

export { limit, type LimitName } from './limit-values';

/** A RATE_LIMITED refusal that says how long to wait. */
export function rateLimited(what: string, retryAfterMs: number): ProtocolError {
  return new ProtocolError('RATE_LIMITED', waitSentence(what, retryAfterMs), retryAfterMs);
}

export const tooManyConnections = (max: number): ProtocolError =>
  new ProtocolError(
    'RATE_LIMITED',
    `You have ${max} connections open already (tabs or devices); close one, or wait a minute after closing, and connect again.`,
  );

export const tooManySubscriptions = (max: number): ProtocolError =>
  new ProtocolError('RATE_LIMITED', `One connection may watch at most ${max} games at once; reconnect to watch others.`);

/** The chat limits now (core/chat.ts countChat). */
export const chatLimits = (): ChatLimits => ({
  perWindow: limit('CHAT_MESSAGES_PER_WINDOW'),
  windowMs: limit('CHAT_WINDOW_SECONDS') * 1000,
  perDay: limit('CHAT_MESSAGES_PER_DAY'),
});

/**
 * A token bucket: `rate` tokens a second up to `burst`. `take` spends one, or says how many
 * milliseconds until one is there.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): { ok: true } | { ok: false; retryAfterMs: number } {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: ((1 - this.tokens) * 1000) / this.rate };
  }
}
