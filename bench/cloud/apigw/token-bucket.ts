/**
 * API Gateway's throttles are token buckets ("Throttle API requests for better throughput",
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-request-throttling.html):
 * `burstLimit` is the bucket's capacity, `rateLimit` the tokens a second that refill it, and a request
 * takes one token or is refused with 429. This one reads the virtual clock, so a throttle
 * recovers only as simulated time passes.
 */
import type { VirtualClock } from '../clock';

/** A throttle as the stack spells it (infra/production.ts; ThrottlingRateLimit, ThrottlingBurstLimit in the template). */
export interface Throttle {
  /** Tokens added a second (steady requests a second). */
  rateLimit: number;
  /** The bucket's capacity (requests at one instant); 0 refuses everything. */
  burstLimit: number;
}

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly clock: VirtualClock,
    readonly limits: Throttle,
  ) {
    if (!(limits.rateLimit >= 0 && limits.burstLimit >= 0))
      throw new RangeError(`a throttle needs rateLimit ≥ 0 and burstLimit ≥ 0, got ${JSON.stringify(limits)}`);
    // A stage starts with a full bucket, as a quiet API has one.
    this.tokens = limits.burstLimit;
    this.last = clock.now();
  }

  /** Tokens in the bucket now (fractional while it refills). */
  available(): number {
    const now = this.clock.now();
    this.tokens = Math.min(this.limits.burstLimit, this.tokens + ((now - this.last) * this.limits.rateLimit) / 1000);
    this.last = now;
    return this.tokens;
  }

  /** Take one token if there is one. */
  take(): boolean {
    if (this.available() < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is there (0 if one is now; Infinity if the rate is 0). */
  waitMs(): number {
    const missing = 1 - this.available();
    if (missing <= 0) return 0;
    return this.limits.rateLimit > 0 ? Math.ceil((missing * 1000) / this.limits.rateLimit) : Number.POSITIVE_INFINITY;
  }
}

/**
 * One token from each bucket, or none: the first bucket without one is returned and nothing is
 * taken (a request refused by its route's throttle does not also spend the account's token).
 */
export function takeAll(buckets: readonly TokenBucket[]): TokenBucket | null {
  const empty = buckets.find((b) => b.available() < 1);
  if (empty) return empty;
  for (const b of buckets) b.take();
  return null;
}
