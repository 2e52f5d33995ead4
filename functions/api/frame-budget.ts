/**
 * A connection's frame budget in the cloud. The local runtime counts each socket's frames itself
 * (local/gateway.ts); on Lambda a connection's frames reach whichever instance is free, and the
 * stage's throttle is everyone's, so one client at a thousand frames a second would take it for
 * all. Each instance keeps a token bucket per connection it has seen (FRAMES_PER_SECOND,
 * FRAME_BURST): a frame over budget is refused (RATE_LIMITED) and counted on the connection's
 * item, which every instance shares; past REFUSED_FRAMES refusals the connection is closed.
 * A connection within its budget costs no write.
 */
import { LRUCache } from 'lru-cache';
import type { ProtocolError } from '../core/protocol/frames';
import { limit, rateLimited, TokenBucket } from '../adapters/limits';

/** What to do with a frame over budget: refuse it with `error`, and close the connection if `close`. */
export interface OverBudget {
  error: ProtocolError;
  close: boolean;
}

export class FrameBudget {
  /** One bucket per connection this instance has seen lately (a bucket is a few numbers). */
  private readonly buckets = new LRUCache<string, TokenBucket>({ max: 10_000 });

  constructor(
    /** Counts a refusal on the connection's item: ConnectionStore.strike. */
    private readonly strike: (connectionId: string) => Promise<number>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Null when the frame is within the connection's budget. */
  async check(connectionId: string): Promise<OverBudget | null> {
    let bucket = this.buckets.get(connectionId);
    if (!bucket) this.buckets.set(connectionId, (bucket = new TokenBucket(limit('FRAMES_PER_SECOND'), limit('FRAME_BURST'), this.now)));
    const turn = bucket.take();
    if (turn.ok) return null;
    const strikes = await this.strike(connectionId);
    return {
      error: rateLimited(
        `Too many frames: at most ${limit('FRAMES_PER_SECOND')} a second on one connection; this one was not handled.`,
        turn.retryAfterMs,
      ),
      close: strikes > limit('REFUSED_FRAMES'),
    };
  }
}
