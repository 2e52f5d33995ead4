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
 * A clock that jumps: `run()` wakes the earliest sleeper whenever nothing else can proceed (every
 * promise settled), until `until` or no sleeper is left. Ties wake in the order they slept.
 */
export class SimClock implements VirtualClock {
  private time: number;
  private seq = 0;
  private readonly timers: Timer[] = [];

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake });
    });
  }

  /** How many sleepers wait. */
  get pending(): number {
    return this.timers.length;
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
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (!next || next.at > until) {
        if (Number.isFinite(until)) this.time = Math.max(this.time, until);
        return;
      }
      this.timers.shift();
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
  }
}

/** Resolves after every microtask and immediate queued so far has run (a few turns of the event loop). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
