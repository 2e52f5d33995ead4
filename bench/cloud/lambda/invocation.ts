/**
 * One running invocation, as the simulated services see it. The models of DynamoDB and API
 * Gateway wrap each request a handler makes in `lambdaIo` (or `currentInvocation()?.io`): that
 * is where the invocation pays for the CPU it used since its last request, where a dead
 * invocation is stopped (timed out or killed, it throws instead of sending), and where an injected
 * fault can kill the instance just before a request goes out or just after its answer came back
 * (the write landed, the answer is lost).
 *
 * JavaScript cannot stop a running promise chain from outside, so a dead invocation's handler is
 * left to run on, but every request it tries afterwards throws: its later effects never happen.
 * Effects a handler makes without a request (its own memory) die with the instance, which is
 * discarded after a timeout or a kill. Requests made after the handler returned (work it did not
 * await) throw too: Lambda freezes an instance between invocations, and may never thaw it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { VirtualClock } from '../clock';
import type { CpuMeter, CpuSegment } from './cpu';
import { type InvocationDeath, LambdaKilledError, LambdaTimeoutError } from './errors';

/** Where a fault may strike: just before a request goes out, or just after its answer came back. */
export type IoPhase = 'before' | 'after';

export interface IoPoint {
  functionName: string;
  requestId: string;
  /** The request's index within the invocation (0 for the first). */
  io: number;
  phase: IoPhase;
}

/** The Lambda context a handler receives (the part handlers here read). */
export interface LambdaContext {
  awsRequestId: string;
  functionName: string;
  memoryLimitInMB: string;
  getRemainingTimeInMillis(): number;
}

export interface InvocationSetup {
  functionName: string;
  requestId: string;
  memoryMB: number;
  timeoutSeconds: number;
  clock: VirtualClock;
  cpu: CpuMeter;
  /** Virtual ms per real ms of handler CPU (1769 / memory, times the account's cpuScale). */
  slowdown: number;
  /** Whether an injected fault kills the instance at this point. */
  fault: (point: IoPoint) => boolean;
  /** Told once, when the invocation dies (the function model answers the caller then). */
  onDeath: (death: InvocationDeath) => void;
}

/**
 * The invocation whose handler code is running, if any (AsyncLocalStorage follows it through
 * awaits). Module-level by necessity: the services' clients find the invocation from here without
 * being handed it; it holds no state outside the async context that runs it.
 */
const running = new AsyncLocalStorage<Invocation>();

export function currentInvocation(): Invocation | undefined {
  return running.getStore();
}

/** Run `fn` outside any invocation (for work a model starts on its own, e.g. a stream poller). */
export function outsideInvocation<T>(fn: () => T): T {
  return running.exit(fn);
}

/** A service request made through the current invocation, if any; as is outside one. */
export function lambdaIo<T>(request: () => Promise<T>): Promise<T> {
  const invocation = running.getStore();
  return invocation ? invocation.io(request) : request();
}

export class Invocation {
  readonly functionName: string;
  readonly requestId: string;
  /** Virtual time the handler started (after any init) and the time it must be done by. */
  readonly startedAt: number;
  readonly deadline: number;
  readonly signal: AbortSignal;
  /** Real CPU ms measured so far, and the virtual ms charged for it. */
  cpuMs = 0;
  virtualCpuMs = 0;
  private readonly setup: InvocationSetup;
  private readonly controller = new AbortController();
  private death: InvocationDeath | undefined;
  private ended = false;
  /** Open while handler code may be running (no request in flight). */
  private segment: CpuSegment | undefined;
  private inFlight = 0;
  private unpaidCpuMs = 0;
  private cpuPaid: Promise<void> = Promise.resolve();
  private ios = 0;

  constructor(setup: InvocationSetup) {
    this.setup = setup;
    this.functionName = setup.functionName;
    this.requestId = setup.requestId;
    this.startedAt = setup.clock.now();
    this.deadline = this.startedAt + setup.timeoutSeconds * 1000;
    this.signal = this.controller.signal;
  }

  get context(): LambdaContext {
    return {
      awsRequestId: this.requestId,
      functionName: this.functionName,
      memoryLimitInMB: String(this.setup.memoryMB),
      getRemainingTimeInMillis: () => Math.max(0, this.deadline - this.setup.clock.now()),
    };
  }

  /** Alive: not killed, not past its deadline (which kills it on the spot), not returned yet. */
  isAlive(): boolean {
    if (this.death || this.ended) return false;
    if (this.setup.clock.now() >= this.deadline) {
      this.die(new LambdaTimeoutError(this.functionName, this.setup.timeoutSeconds));
      return false;
    }
    return true;
  }

  /** Throws what stopped the invocation, if it is stopped. */
  assertAlive(): void {
    if (this.isAlive()) return;
    if (this.death) throw this.death;
    throw new Error(`${this.functionName} ${this.requestId} already returned: Lambda freezes an instance between invocations`);
  }

  /** How the invocation died, if it did. */
  get diedOf(): InvocationDeath | undefined {
    return this.death;
  }

  /** Stop the invocation (a timeout, or an injected kill); what it does afterwards has no effect. */
  die(death: InvocationDeath): void {
    if (this.death || this.ended) return;
    this.death = death;
    this.segment = undefined;
    this.controller.abort(death);
    this.setup.onDeath(death);
  }

  /** Run the handler (called once, by the function model) with this invocation current. */
  enter<T>(handler: () => Promise<T>): Promise<T> {
    return running.run(this, () => {
      this.segment = this.setup.cpu.open();
      return handler();
    });
  }

  /**
   * One request to a simulated service: the CPU used since the last one is paid on the virtual
   * clock first, then the request goes out if the invocation is still alive and no fault strikes.
   */
  async io<T>(request: () => Promise<T>): Promise<T> {
    this.assertAlive();
    const io = this.ios++;
    this.pause();
    try {
      await this.payCpu();
      this.assertAlive();
      this.strike(io, 'before');
      const answer = await request();
      // Died while the request was in flight: it may have landed, but the handler never hears.
      this.assertAlive();
      this.strike(io, 'after');
      return answer;
    } finally {
      this.resume();
    }
  }

  /** The handler's own wait on the virtual clock, cut short by the deadline. */
  async sleep(ms: number): Promise<void> {
    this.assertAlive();
    this.pause();
    try {
      await this.payCpu();
      await this.wait(ms);
      this.assertAlive();
    } finally {
      this.resume();
    }
  }

  /** The handler returned: pay its last stretch of CPU; throws if it died meanwhile. */
  async complete(): Promise<void> {
    if (this.segment) this.unpaidCpuMs += this.setup.cpu.close(this.segment);
    this.segment = undefined;
    this.inFlight = Number.POSITIVE_INFINITY; // nothing reopens a segment now
    await this.payCpu();
    this.assertAlive();
    this.ended = true;
  }

  private pause(): void {
    if (this.inFlight++ === 0 && this.segment) {
      this.unpaidCpuMs += this.setup.cpu.close(this.segment);
      this.segment = undefined;
    }
  }

  private resume(): void {
    if (--this.inFlight === 0 && !this.death && !this.ended) this.segment = this.setup.cpu.open();
  }

  /** Requests issued together all wait for the CPU that preceded them. */
  private payCpu(): Promise<void> {
    const real = this.unpaidCpuMs;
    if (real > 0) {
      this.unpaidCpuMs = 0;
      const virtual = real * this.setup.slowdown;
      this.cpuMs += real;
      this.virtualCpuMs += virtual;
      this.cpuPaid = this.cpuPaid.then(() => this.wait(virtual));
    }
    return this.cpuPaid;
  }

  /** Sleep on the virtual clock, no further than the deadline (and not at all once dead). */
  private async wait(ms: number): Promise<void> {
    if (this.death) return;
    await this.setup.clock.sleep(Math.min(ms, this.deadline - this.setup.clock.now()));
  }

  private strike(io: number, phase: IoPhase): void {
    if (!this.setup.fault({ functionName: this.functionName, requestId: this.requestId, io, phase })) return;
    this.die(new LambdaKilledError(this.functionName, this.requestId));
    throw this.death;
  }
}
