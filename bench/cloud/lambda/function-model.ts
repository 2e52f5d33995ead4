/**
 * One Lambda function on the virtual clock: its instances (cold starts, warm reuse, reaping),
 * its concurrency (reserved, or its share of the account's), its timeout, its CPU speed at its
 * memory size, injected instance kills, and what it would be billed. The handler is generic,
 * `(event, context) => Promise<result>`; each instance builds its own (a container's init), so
 * what a handler keeps in memory lives and dies with its instance.
 */
import { Rng } from '../../../domain/engine/rng';
import type { VirtualClock } from '../clock';
import type { LambdaAccount } from './account';
import { cpuSlowdown } from './cpu';
import { type InvocationDeath, LambdaKilledError, LambdaThrottledError, type ThrottleReason } from './errors';
import { Invocation, type IoPoint, type LambdaContext, outsideInvocation } from './invocation';
import { ASYNC_LIMITS, LAMBDA_LIMITS } from './limits';

export type LambdaHandler<E, R> = (event: E, context: LambdaContext) => Promise<R>;

export interface LambdaFunctionOptions<E, R> {
  /** The stack's name for it (Http, Notify, …); unique in the account. */
  name: string;
  account: LambdaAccount;
  /** One handler shared by every instance … */
  handler?: LambdaHandler<E, R>;
  /** … or one built per instance, at its cold start (module load, createApp). */
  init?: () => LambdaHandler<E, R> | Promise<LambdaHandler<E, R>>;
  /** 128–10,240 MB ("Lambda quotas"); 128 by default. */
  memoryMB?: number;
  /** At most 900 s ("Lambda quotas"); 3 s by default. */
  timeoutSeconds?: number;
  /** Caps the function and sets that much of the account's concurrency aside for it. */
  reservedConcurrency?: number;
  /**
   * Virtual ms a new instance takes before its first handler call (the INIT phase). Not
   * published; 250 ms by default, about a small Node.js bundle at 512 MB (infra/bundles.ts
   * measures the import share of the real bundles).
   */
  initMs?: number;
  /** Idle time after which an instance is gone. Not published (minutes); 10 minutes by default. */
  idleReapMs?: number;
  /** Retries of a failed asynchronous invocation, 0–2 ("Asynchronous invocation"); 2 by default. */
  asyncRetryAttempts?: number;
  /** How long an asynchronous event may wait in Lambda's queue, 60 s–6 h; 6 h by default. */
  maximumEventAgeSeconds?: number;
  /** Seed of the injected faults. */
  seed?: number;
}

export type InvocationOutcome = 'success' | 'error' | 'timeout' | 'killed' | 'throttled';

/** What one invocation did, as Lambda's REPORT line and metrics would show it. */
export interface InvocationReport<R> {
  functionName: string;
  /** None for a throttled call: nothing ran. */
  requestId: string | undefined;
  outcome: InvocationOutcome;
  result?: R;
  /** The handler's error, the throttle, the timeout or the kill. */
  error?: unknown;
  coldStart: boolean;
  /** Virtual times: asked for, and answered. */
  requestedAt: number;
  endedAt: number;
  /** Virtual ms of the init phase (cold starts), and of the handler. */
  initMs: number;
  durationMs: number;
  /**
   * Init and handler, rounded up to the millisecond: Lambda bills the INIT phase of on-demand
   * functions too since 1 August 2025 (AWS Compute Blog, "AWS Lambda standardizes billing for INIT phase").
   */
  billedMs: number;
  /** Real CPU ms measured in the handler (durationMs includes it at the function's speed). */
  cpuMs: number;
}

export interface LambdaMetrics {
  /** Invocations that ran (throttled ones are not invocations, as in CloudWatch). */
  invocations: number;
  coldStarts: number;
  throttles: number;
  /** Handler errors (its own exceptions); timeouts and kills are counted apart. */
  errors: number;
  timeouts: number;
  kills: number;
  peakConcurrency: number;
  durationMs: number;
  billedMs: number;
  gbSeconds: number;
  /** Asynchronous events given up on (retries spent or too old). */
  asyncDropped: number;
}

export interface AsyncInvocationResult<R> {
  delivered: boolean;
  /** Invocations that ran (throttled attempts not counted). */
  attempts: number;
  /** The last attempt's report. */
  report: InvocationReport<R>;
}

/**
 * Kill the instance at a request boundary (just before a request goes out, just after its answer
 * came back): a probability per boundary (so twice per request), or a rule.
 */
export type KillRule = number | ((point: IoPoint) => boolean);

interface Instance<E, R> {
  handler: LambdaHandler<E, R>;
  idleSince: number;
}

export class LambdaFunctionModel<E, R> {
  readonly name: string;
  readonly memoryMB: number;
  readonly timeoutSeconds: number;
  readonly reservedConcurrency: number | undefined;
  readonly initMs: number;
  readonly idleReapMs: number;
  readonly asyncRetryAttempts: number;
  readonly maximumEventAgeSeconds: number;
  readonly metrics: LambdaMetrics = {
    invocations: 0,
    coldStarts: 0,
    throttles: 0,
    errors: 0,
    timeouts: 0,
    kills: 0,
    peakConcurrency: 0,
    durationMs: 0,
    billedMs: 0,
    gbSeconds: 0,
    asyncDropped: 0,
  };
  readonly account: LambdaAccount;
  private readonly clock: VirtualClock;
  private readonly build: () => LambdaHandler<E, R> | Promise<LambdaHandler<E, R>>;
  private readonly slowdown: number;
  private readonly rng: Rng;
  /** Warm instances, least recently used first (reuse takes the last: the rest age out). */
  private readonly idle: Instance<E, R>[] = [];
  /** When recent instances were started, oldest first (the scaling window). */
  private readonly starts: number[] = [];
  private readonly running = new Set<Invocation>();
  private busy = 0;
  private requests = 0;
  private killRule: KillRule | null = null;
  private watchUntil: number | undefined;

  constructor(options: LambdaFunctionOptions<E, R>) {
    this.name = options.name;
    this.account = options.account;
    this.clock = options.account.clock;
    const { handler, init } = options;
    if (!handler === !init) throw new Error(`${options.name}: give either handler or init`);
    this.build = init ?? (() => handler!);
    this.memoryMB = options.memoryMB ?? LAMBDA_LIMITS.minMemoryMB;
    if (!Number.isInteger(this.memoryMB) || this.memoryMB < LAMBDA_LIMITS.minMemoryMB || this.memoryMB > LAMBDA_LIMITS.maxMemoryMB)
      throw new RangeError(
        `${this.name}: memory must be ${LAMBDA_LIMITS.minMemoryMB}–${LAMBDA_LIMITS.maxMemoryMB} MB, got ${this.memoryMB}`,
      );
    this.timeoutSeconds = options.timeoutSeconds ?? LAMBDA_LIMITS.defaultTimeoutSeconds;
    if (!(this.timeoutSeconds > 0 && this.timeoutSeconds <= LAMBDA_LIMITS.maxTimeoutSeconds))
      throw new RangeError(`${this.name}: timeout must be within 1–${LAMBDA_LIMITS.maxTimeoutSeconds} s, got ${this.timeoutSeconds}`);
    this.asyncRetryAttempts = options.asyncRetryAttempts ?? ASYNC_LIMITS.maxRetryAttempts;
    if (
      !Number.isInteger(this.asyncRetryAttempts) ||
      this.asyncRetryAttempts < 0 ||
      this.asyncRetryAttempts > ASYNC_LIMITS.maxRetryAttempts
    )
      throw new RangeError(`${this.name}: asynchronous retries must be 0–${ASYNC_LIMITS.maxRetryAttempts}, got ${this.asyncRetryAttempts}`);
    this.maximumEventAgeSeconds = options.maximumEventAgeSeconds ?? ASYNC_LIMITS.maxEventAgeSeconds;
    if (this.maximumEventAgeSeconds < ASYNC_LIMITS.minEventAgeSeconds || this.maximumEventAgeSeconds > ASYNC_LIMITS.maxEventAgeSeconds)
      throw new RangeError(`${this.name}: maximum event age must be 60 s–6 h, got ${this.maximumEventAgeSeconds}`);
    this.reservedConcurrency = options.reservedConcurrency;
    this.initMs = options.initMs ?? 250;
    this.idleReapMs = options.idleReapMs ?? 10 * 60_000;
    this.slowdown = cpuSlowdown(this.memoryMB, LAMBDA_LIMITS.oneVcpuMemoryMB) * this.account.cpuScale;
    this.rng = Rng.fromSeed(options.seed ?? 0);
    this.account.register(this.name, this.reservedConcurrency);
  }

  /** Invocations running now. */
  get concurrency(): number {
    return this.busy;
  }

  /** Warm instances waiting (after reaping the expired ones). */
  get warmInstances(): number {
    this.reap();
    return this.idle.length;
  }

  /** Virtual ms per real ms of handler CPU at this memory size. */
  get cpuSlowdown(): number {
    return this.slowdown;
  }

  /**
   * Kill instances under their invocations at request boundaries: with a probability per
   * boundary (seeded), or where `rule` says; null stops the killing.
   */
  kill(rule: KillRule | null): void {
    this.killRule = rule;
  }

  /** Synchronous invocation: the handler's result, or the error the caller would get. */
  async invoke(event: E): Promise<R> {
    const report = await this.execute(event);
    if (report.outcome !== 'success') throw report.error;
    return report.result as R;
  }

  /** One invocation, reported whatever happened (never throws for throttles, errors, timeouts or kills). */
  async execute(event: E): Promise<InvocationReport<R>> {
    const requestedAt = this.clock.now();
    this.reap();
    const refused = this.account.acquire(this.name);
    if (refused) return this.throttled(refused, requestedAt);
    let instance = this.idle.pop();
    const coldStart = !instance;
    if (coldStart && !this.mayScale()) {
      this.account.release(this.name);
      return this.throttled('FunctionInvocationRateLimitExceeded', requestedAt);
    }
    this.busy++;
    this.metrics.invocations++;
    this.metrics.peakConcurrency = Math.max(this.metrics.peakConcurrency, this.busy);
    const requestId = `${this.name}-${++this.requests}`;
    try {
      if (!instance) {
        this.metrics.coldStarts++;
        this.starts.push(requestedAt);
        try {
          const handler = await outsideInvocation(() => this.build());
          await outsideInvocation(() => this.clock.sleep(this.initMs));
          instance = { handler, idleSince: 0 };
        } catch (error) {
          // A failed init: the caller gets the error; the instance never existed.
          this.metrics.errors++;
          return this.report({ requestId, outcome: 'error', error, coldStart, requestedAt, initMs: this.clock.now() - requestedAt });
        }
      }
      return await this.run(instance, event, requestId, coldStart, requestedAt);
    } finally {
      this.busy--;
      this.account.release(this.name);
    }
  }

  /**
   * Asynchronous invocation ("Asynchronous invocation"): Lambda queues the event; throttles go
   * back to the queue (1 s, doubling to 5 min), failures are retried (1 min, then 2 min), until
   * the retries are spent or the event is older than the maximum event age.
   */
  async invokeAsync(event: E): Promise<AsyncInvocationResult<R>> {
    const queuedAt = this.clock.now();
    const maxAgeMs = this.maximumEventAgeSeconds * 1000;
    let throttleDelay: number = ASYNC_LIMITS.throttleRetryFirstMs;
    let attempts = 0;
    for (;;) {
      const report = await this.execute(event);
      if (report.outcome === 'success') return { delivered: true, attempts: attempts + 1, report };
      let delay: number;
      if (report.outcome === 'throttled') {
        delay = throttleDelay;
        throttleDelay = Math.min(2 * throttleDelay, ASYNC_LIMITS.throttleRetryMaxMs);
      } else {
        attempts++;
        if (attempts > this.asyncRetryAttempts) return this.dropped(attempts, report);
        delay = ASYNC_LIMITS.retryDelaysMs[attempts - 1]!;
      }
      if (this.clock.now() + delay - queuedAt > maxAgeMs) return this.dropped(attempts, report);
      await outsideInvocation(() => this.clock.sleep(delay));
    }
  }

  private dropped(attempts: number, report: InvocationReport<R>): AsyncInvocationResult<R> {
    this.metrics.asyncDropped++;
    return { delivered: false, attempts, report };
  }

  private async run(
    instance: Instance<E, R>,
    event: E,
    requestId: string,
    coldStart: boolean,
    requestedAt: number,
  ): Promise<InvocationReport<R>> {
    const initMs = coldStart ? this.clock.now() - requestedAt : 0;
    let answer: (death: InvocationDeath) => void = () => {};
    const died = new Promise<InvocationDeath>((resolve) => (answer = resolve));
    const invocation = new Invocation({
      functionName: this.name,
      requestId,
      memoryMB: this.memoryMB,
      timeoutSeconds: this.timeoutSeconds,
      clock: this.clock,
      cpu: this.account.cpu,
      slowdown: this.slowdown,
      fault: (point) => this.strikes(point),
      onDeath: (death) => answer(death),
    });
    this.running.add(invocation);
    this.watch(invocation.deadline);
    type Ended = { ok: true; result: R } | { ok: false; error: unknown } | { death: InvocationDeath };
    const handled = (async (): Promise<Ended> => {
      let ended: Ended;
      try {
        ended = { ok: true, result: await invocation.enter(() => instance.handler(event, invocation.context)) };
      } catch (error) {
        ended = { ok: false, error };
      }
      await invocation.complete(); // throws the death if the invocation died meanwhile
      return ended;
    })().catch((death: InvocationDeath) => ({ death }));
    // Whichever comes first: the handler's answer, or its death (a watchdog kills it at its deadline).
    const ended = await Promise.race([handled, died.then((death): Ended => ({ death }))]);
    this.running.delete(invocation);
    const base = { requestId, coldStart, requestedAt, initMs, startedAt: invocation.startedAt, cpuMs: invocation.cpuMs };
    if ('death' in ended) {
      // Lambda resets the environment after a timeout or a crash: the instance is gone.
      const timedOut = !(ended.death instanceof LambdaKilledError);
      if (timedOut) this.metrics.timeouts++;
      else this.metrics.kills++;
      return this.report({ ...base, outcome: timedOut ? 'timeout' : 'killed', error: ended.death });
    }
    instance.idleSince = this.clock.now();
    this.idle.push(instance);
    if (!ended.ok) {
      this.metrics.errors++;
      return this.report({ ...base, outcome: 'error', error: ended.error });
    }
    return this.report({ ...base, outcome: 'success', result: ended.result });
  }

  private report(r: {
    requestId: string;
    outcome: InvocationOutcome;
    result?: R;
    error?: unknown;
    coldStart: boolean;
    requestedAt: number;
    initMs: number;
    startedAt?: number;
    cpuMs?: number;
  }): InvocationReport<R> {
    const endedAt = this.clock.now();
    const durationMs = r.startedAt === undefined ? 0 : endedAt - r.startedAt;
    const billedMs = Math.ceil(r.initMs + durationMs);
    this.metrics.durationMs += durationMs;
    this.metrics.billedMs += billedMs;
    this.metrics.gbSeconds += (billedMs / 1000) * (this.memoryMB / 1024);
    return {
      functionName: this.name,
      requestId: r.requestId,
      outcome: r.outcome,
      ...(r.outcome === 'success' ? { result: r.result as R } : { error: r.error }),
      coldStart: r.coldStart,
      requestedAt: r.requestedAt,
      endedAt,
      initMs: r.initMs,
      durationMs,
      billedMs,
      cpuMs: r.cpuMs ?? 0,
    };
  }

  private throttled(reason: ThrottleReason, requestedAt: number): InvocationReport<R> {
    this.metrics.throttles++;
    return {
      functionName: this.name,
      requestId: undefined,
      outcome: 'throttled',
      error: new LambdaThrottledError(this.name, reason),
      coldStart: false,
      requestedAt,
      endedAt: requestedAt,
      initMs: 0,
      durationMs: 0,
      billedMs: 0,
      cpuMs: 0,
    };
  }

  /** Whether one more instance may start now ("Lambda scaling behavior": 1,000 per 10 s per function). */
  private mayScale(): boolean {
    const since = this.clock.now() - this.account.scalingWindowMs;
    let expired = 0;
    while (expired < this.starts.length && this.starts[expired]! <= since) expired++;
    this.starts.splice(0, expired);
    return this.starts.length < this.account.scalingInstances;
  }

  /** Drop the instances idle for longer than the reap time (they are oldest first). */
  private reap(): void {
    const cutoff = this.clock.now() - this.idleReapMs;
    let expired = 0;
    while (expired < this.idle.length && this.idle[expired]!.idleSince <= cutoff) expired++;
    this.idle.splice(0, expired);
  }

  private strikes(point: IoPoint): boolean {
    const rule = this.killRule;
    if (rule === null) return false;
    if (typeof rule === 'number') return rule > 0 && this.rng.next() < rule;
    return rule(point);
  }

  /**
   * Kill invocations at their deadline even when they wait on something (a slow request): one
   * sleeper per function, set for the earliest deadline of those running. After the last
   * invocation it may still sleep up to a timeout: a clock run without an end goes that far.
   */
  private watch(deadline: number): void {
    if (this.watchUntil !== undefined && this.watchUntil <= deadline) return;
    this.watchUntil = deadline;
    void outsideInvocation(() => this.clock.sleep(deadline - this.clock.now())).then(() => {
      if (this.watchUntil === deadline) this.watchUntil = undefined;
      let next: number | undefined;
      for (const invocation of this.running) {
        // isAlive() kills an invocation past its deadline.
        if (invocation.isAlive()) next = Math.min(next ?? invocation.deadline, invocation.deadline);
      }
      if (next !== undefined) this.watch(next);
    });
  }
}
