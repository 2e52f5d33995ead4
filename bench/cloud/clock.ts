/**
 * The simulator's virtual clock: time passes only when the scheduler moves it to the next thing
 * that is due, so days of simulated play take minutes. Everything in the cloud models reads time
 * from here and waits on it (`sleep`); nothing reads the wall clock.
 */
export interface VirtualClock {
  /** Milliseconds since the epoch, virtually. */
  now(): number;
  /** Resolves once virtual time reaches now() + ms (at once for ms ≤ 0, after the current turn). */
  sleep(ms: number): Promise<void>;
}

interface Timer {
  at: number;
  seq: number;
  wake: () => void;
}

/**
 * A clock that jumps: `run()` wakes the earliest sleepers whenever nothing else can proceed (every
 * promise settled), until `until` or no sleeper is left. Sleepers due at one instant wake together,
 * in the order they slept; a binary heap keeps thousands of them cheap.
 */
export class SimClock implements VirtualClock {
  private time: number;
  private seq = 0;
  private readonly heap: Timer[] = [];

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake }));
  }

  /** How many sleepers wait. */
  get pending(): number {
    return this.heap.length;
  }

  /**
   * Move time forward, waking sleepers in order, until `until` (ms since the epoch; time then
   * stands at `until`, even with nobody asleep) or, without `until`, until no sleeper is left.
   * Time never goes back.
   */
  async run(until = Number.POSITIVE_INFINITY): Promise<void> {
    for (;;) {
      // Let everything runnable run first: time moves only when all is waiting.
      await settle();
      const next = this.heap[0];
      if (!next || next.at > until) {
        if (Number.isFinite(until)) this.time = Math.max(this.time, until);
        return;
      }
      this.time = Math.max(this.time, next.at);
      while (this.heap.length && this.heap[0]!.at <= this.time) this.pop().wake();
    }
  }

  private static before(a: Timer, b: Timer): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(t: Timer): void {
    const h = this.heap;
    h.push(t);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!SimClock.before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private pop(): Timer {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let m = i;
        if (l < h.length && SimClock.before(h[l]!, h[m]!)) m = l;
        if (r < h.length && SimClock.before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** Resolves after every microtask and immediate queued so far has run (a few turns of the event loop). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
