/**
 * How much real CPU a handler spends, so the virtual clock can charge it at the function's speed.
 *
 * The approach: in the simulator every request a handler makes (DynamoDB, API Gateway) is served
 * by an in-process model that answers on the virtual clock, so the only real time a handler takes
 * is its own computing. The real elapsed time of each stretch of handler code between two
 * requests (a "segment": from the handler's start or a request's answer to its next request or
 * its end) is taken as CPU time, and the invocation then waits `cpu × 1769 / memoryMB` on the
 * virtual clock before its next request goes out (or before its answer is returned).
 * `process.cpuUsage()` is not used: it counts every thread of the process (garbage collector,
 * libuv pool) and cannot be split between invocations that interleave.
 *
 * Interleaving: one process runs all simulated instances on one thread, and a handler that awaits
 * something that is not a request (a resolved promise, WebCrypto) lets others run inside its
 * segment. The meter therefore splits real time between segments as a ledger, so nothing is
 * counted twice: when a segment opens, the time since the last event goes to the segment that
 * was running (it has yielded); when one closes, the time since the last event goes to it. Exact
 * for handlers that only yield at requests, and when one segment runs whole inside another's
 * await; when several yield without a request, a stretch may go to the wrong one of them (the
 * total stays right). Other limits: CPU spent between issuing requests that are in flight
 * together is not counted; JIT warm-up, garbage collection and a busy host inflate the measure;
 * the host's core is taken as fast as a Lambda vCPU unless the account's `cpuScale` says otherwise.
 */

/** A stretch of one invocation's handler code being measured. */
export interface CpuSegment {
  /** Real ms attributed to it so far. */
  ms: number;
}

/** One per process (a `LambdaAccount` holds it): the single core every simulated instance shares. */
export class CpuMeter {
  /** The segment that opened last and has not been seen to stop since. */
  private running: CpuSegment | undefined;
  /** Real time of the last open or close. */
  private last = 0;

  constructor(private readonly realNow: () => number = () => performance.now()) {}

  open(): CpuSegment {
    const now = this.realNow();
    if (this.running) this.running.ms += now - this.last;
    const segment = { ms: 0 };
    this.running = segment;
    this.last = now;
    return segment;
  }

  /** The real CPU milliseconds the segment's own code took. */
  close(segment: CpuSegment): number {
    const now = this.realNow();
    segment.ms += now - this.last;
    this.running = undefined;
    this.last = now;
    return segment.ms;
  }
}

/**
 * How many times slower than one full vCPU a function of `memoryMB` computes ("Lambda quotas":
 * CPU in proportion to memory, one vCPU at 1,769 MB). Never faster than one vCPU: a Node.js
 * handler runs on one thread, so the extra vCPUs of bigger functions do not speed it up.
 */
export function cpuSlowdown(memoryMB: number, oneVcpuMemoryMB: number): number {
  return Math.max(1, oneVcpuMemoryMB / memoryMB);
}
