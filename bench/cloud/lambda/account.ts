/**
 * One AWS account's Lambda in one Region: the concurrency every function draws from, the scaling
 * rate each function may grow at, and the simulator's shared clocks (virtual time, real CPU).
 */
import type { VirtualClock } from '../clock';
import { CpuMeter } from './cpu';
import type { ThrottleReason } from './errors';
import { LAMBDA_LIMITS } from './limits';

export interface LambdaAccountOptions {
  clock: VirtualClock;
  /** Concurrent executions for the whole account ("Lambda quotas": 1,000 by default, raised on request). */
  concurrencyLimit?: number;
  /** New instances a function may start per window ("Lambda scaling behavior": 1,000 every 10 s). */
  scalingInstances?: number;
  scalingWindowMs?: number;
  /** Real time, for measuring handlers' CPU (performance.now by default; a test may drive its own). */
  cpuClock?: () => number;
  /** Virtual ms of a full Lambda vCPU per real ms of this host's core (1: as fast). */
  cpuScale?: number;
}

export class LambdaAccount {
  readonly clock: VirtualClock;
  readonly cpu: CpuMeter;
  readonly cpuScale: number;
  readonly concurrencyLimit: number;
  readonly scalingInstances: number;
  readonly scalingWindowMs: number;
  /** Each registered function's reserved concurrency (undefined: it draws on the unreserved pool). */
  private readonly reservations = new Map<string, number | undefined>();
  private readonly busyByFunction = new Map<string, number>();
  private unreservedBusy = 0;
  private busy = 0;
  private peak = 0;

  constructor(options: LambdaAccountOptions) {
    this.clock = options.clock;
    this.cpu = new CpuMeter(options.cpuClock);
    this.cpuScale = options.cpuScale ?? 1;
    this.concurrencyLimit = options.concurrencyLimit ?? LAMBDA_LIMITS.accountConcurrency;
    this.scalingInstances = options.scalingInstances ?? LAMBDA_LIMITS.scalingInstances;
    this.scalingWindowMs = options.scalingWindowMs ?? LAMBDA_LIMITS.scalingWindowMs;
  }

  /** Add a function; reserving must leave 100 unreserved to the others ("Lambda quotas"). */
  register(name: string, reservedConcurrency?: number): void {
    if (this.reservations.has(name)) throw new Error(`a function named ${name} is already in the account`);
    if (reservedConcurrency !== undefined) {
      if (!Number.isInteger(reservedConcurrency) || reservedConcurrency < 0)
        throw new RangeError(`reserved concurrency must be a whole number ≥ 0, got ${reservedConcurrency}`);
      const left = this.unreservedLimit - reservedConcurrency;
      if (left < LAMBDA_LIMITS.minimumUnreserved)
        throw new RangeError(
          `reserving ${reservedConcurrency} for ${name} leaves ${left} unreserved; Lambda keeps at least ${LAMBDA_LIMITS.minimumUnreserved}`,
        );
    }
    this.reservations.set(name, reservedConcurrency);
    this.busyByFunction.set(name, 0);
  }

  /** Concurrency shared by the functions without a reservation. */
  get unreservedLimit(): number {
    let reserved = 0;
    for (const r of this.reservations.values()) reserved += r ?? 0;
    return this.concurrencyLimit - reserved;
  }

  /** Take one execution for `name`, or say why not (the invocation is throttled). */
  acquire(name: string): ThrottleReason | undefined {
    const reserved = this.reservations.get(name);
    const busy = this.busyByFunction.get(name);
    if (busy === undefined) throw new Error(`no function named ${name} in the account`);
    if (reserved !== undefined) {
      if (busy >= reserved) return 'ReservedFunctionConcurrentInvocationLimitExceeded';
    } else {
      if (this.unreservedBusy >= this.unreservedLimit) return 'ConcurrentInvocationLimitExceeded';
      this.unreservedBusy++;
    }
    this.busyByFunction.set(name, busy + 1);
    this.busy++;
    this.peak = Math.max(this.peak, this.busy);
    return undefined;
  }

  release(name: string): void {
    const busy = this.busyByFunction.get(name) ?? 0;
    if (busy <= 0) throw new Error(`${name} released an execution it did not hold`);
    this.busyByFunction.set(name, busy - 1);
    if (this.reservations.get(name) === undefined) this.unreservedBusy--;
    this.busy--;
  }

  /** Executions running now, all functions. */
  get concurrency(): number {
    return this.busy;
  }

  get peakConcurrency(): number {
    return this.peak;
  }

  concurrencyOf(name: string): number {
    return this.busyByFunction.get(name) ?? 0;
  }
}
