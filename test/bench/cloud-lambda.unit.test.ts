/**
 * The Lambda model against the published limits it models ("Lambda quotas", "Lambda scaling
 * behavior", "Asynchronous invocation", "Using Lambda with DynamoDB"), all on the virtual clock:
 * nothing here waits on the wall clock, and a test's days pass in milliseconds.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bench/cloud/clock';
import { LambdaAccount, type LambdaAccountOptions } from '../../bench/cloud/lambda/account';
import { LambdaKilledError, LambdaThrottledError, LambdaTimeoutError } from '../../bench/cloud/lambda/errors';
import { passesFilters } from '../../bench/cloud/lambda/filter-pattern';
import { type InvocationReport, LambdaFunctionModel, type LambdaFunctionOptions } from '../../bench/cloud/lambda/function-model';
import { currentInvocation, lambdaIo } from '../../bench/cloud/lambda/invocation';
import { OnFailureBucket, OnFailureQueue } from '../../bench/cloud/lambda/on-failure';
import { parseFailedBatch } from '../../functions/api/failed-batch';
import { StreamEventSourceMapping, type StreamMappingOptions } from '../../bench/cloud/lambda/stream-mapping';
import { hashKey, MemoryStream, type StreamRecord } from '../../bench/cloud/lambda/stream-source';
import { toDynamoDBRecord } from '../../bench/cloud/lambda/stream-event';
import { STREAM_LIMITS } from '../../bench/cloud/lambda/limits';

const START = Date.UTC(2026, 10, 27, 18, 0, 0);
const SLOWDOWN_512 = 1769 / 512;

/** A clock, an account and, unless `realCpu`, a fake real-time source that handlers advance by "computing". */
function world(options: Partial<LambdaAccountOptions> & { realCpu?: boolean } = {}) {
  const clock = new SimClock(START);
  const cpu = { now: 0 };
  const account = new LambdaAccount({ clock, ...(options.realCpu ? {} : { cpuClock: () => cpu.now }), ...options });
  /** Spend `ms` of (fake) real CPU. */
  const compute = (ms: number) => {
    cpu.now += ms;
  };
  /** A store whose writes take `latencyMs` on the virtual clock and land at its end. */
  const store = (latencyMs = 5) => {
    const writes: { value: string; at: number }[] = [];
    const put = (value: string) =>
      lambdaIo(async () => {
        await clock.sleep(latencyMs);
        writes.push({ value, at: clock.now() });
      });
    return { writes, put };
  };
  const fn = <E, R>(options: Omit<LambdaFunctionOptions<E, R>, 'account'>) => new LambdaFunctionModel<E, R>({ account, ...options });
  return { clock, account, compute, store, fn };
}

/** Let `ms` of virtual time pass. */
async function advance(clock: SimClock, ms: number): Promise<void> {
  const passed = clock.sleep(ms);
  await clock.run();
  await passed;
}

/** Run the clock until nothing is left to do, then take the answer (a rejection is caught at once, not left unhandled meanwhile). */
async function settled<T>(clock: SimClock, promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await clock.run();
  const ended = await outcome;
  if ('error' in ended) throw ended.error;
  return ended.value;
}

const values = (writes: { value: string }[]) => writes.map((w) => w.value);

describe('Lambda function model', () => {
  describe('timeout ("Lambda quotas": at most 900 s)', () => {
    it('stops an invocation at its timeout while it waits, and its later writes never happen', async () => {
      const { clock, store, fn } = world();
      const { writes, put } = store();
      const f = fn<string, string>({
        name: 'Slow',
        memoryMB: 512,
        timeoutSeconds: 10,
        handler: async () => {
          await put('before');
          await clock.sleep(11_000); // something slow
          await put('after');
          return 'done';
        },
      });
      const report = await settled(clock, f.execute('go'));
      expect(report.outcome).toBe('timeout');
      expect(report.error).toBeInstanceOf(LambdaTimeoutError);
      expect((report.error as Error).message).toBe('Task timed out after 10.00 seconds');
      // The caller hears at the deadline, not when the handler would have finished.
      expect(report.durationMs).toBe(10_000);
      expect(report.endedAt).toBe(START + 250 + 10_000);
      expect(values(writes)).toEqual(['before']);
      expect(f.metrics.timeouts).toBe(1);
      await expect(settled(clock, f.invoke('again'))).rejects.toBeInstanceOf(LambdaTimeoutError);
    });

    it('stops an invocation whose CPU runs past its timeout, before its next request', async () => {
      const { clock, store, fn, compute } = world();
      const { writes, put } = store();
      const f = fn<string, void>({
        name: 'Busy',
        memoryMB: 512,
        timeoutSeconds: 10,
        handler: async () => {
          await put('before');
          compute(5000); // 5 s of one vCPU: 17.3 s at 512 MB
          await put('after');
        },
      });
      const report = await settled(clock, f.execute('go'));
      expect(report.outcome).toBe('timeout');
      expect(report.durationMs).toBe(10_000);
      expect(values(writes)).toEqual(['before']);
    });

    it('lets a request in flight at the deadline land, but the handler never hears and does nothing after', async () => {
      const { clock, store, fn } = world();
      const slow = store(4000);
      const f = fn<string, void>({
        name: 'InFlight',
        memoryMB: 512,
        timeoutSeconds: 10,
        handler: async () => {
          await slow.put('one');
          await slow.put('two');
          await slow.put('three'); // sent at 8 s, lands at 12 s
          await slow.put('four');
        },
      });
      const report = await settled(clock, f.execute('go'));
      expect(report.outcome).toBe('timeout');
      expect(values(slow.writes)).toEqual(['one', 'two', 'three']);
      expect(slow.writes[2]!.at).toBeGreaterThan(report.endedAt);
    });

    it('aborts the invocation signal and resets the instance: the next call is a cold start', async () => {
      const { clock, fn } = world();
      const signals: AbortSignal[] = [];
      let inits = 0;
      const f = fn<number, void>({
        name: 'Reset',
        timeoutSeconds: 1,
        init: () => {
          inits++;
          return async (ms) => {
            signals.push(currentInvocation()!.signal);
            await currentInvocation()!.sleep(ms);
          };
        },
      });
      const first = await settled(clock, f.execute(5000));
      expect(first.outcome).toBe('timeout');
      expect(signals[0]!.aborted).toBe(true);
      const second = await settled(clock, f.execute(10));
      expect(second.outcome).toBe('success');
      expect(second.coldStart).toBe(true);
      expect(inits).toBe(2);
    });

    it('refuses settings outside the published ranges', () => {
      const { fn } = world();
      const handler = async () => undefined;
      expect(() => fn({ name: 'A', handler, timeoutSeconds: 901 })).toThrow(RangeError);
      expect(() => fn({ name: 'B', handler, memoryMB: 127 })).toThrow(RangeError);
      expect(() => fn({ name: 'C', handler, memoryMB: 10_241 })).toThrow(RangeError);
      expect(() => fn({ name: 'D', handler, asyncRetryAttempts: 3 })).toThrow(RangeError);
      expect(fn({ name: 'E', handler, memoryMB: 10_240, timeoutSeconds: 900 }).memoryMB).toBe(10_240);
    });
  });

  describe('concurrency ("Lambda quotas", "Lambda scaling behavior")', () => {
    const waiting = (clock: SimClock, ms: number) => async () => {
      await clock.sleep(ms);
      return 'ok';
    };

    it('throttles the third of three concurrent calls to a function with reserved concurrency 2', async () => {
      const { clock, fn } = world();
      const f = fn<null, string>({ name: 'Reserved', reservedConcurrency: 2, handler: waiting(clock, 100) });
      const reports = await settled(clock, Promise.all([f.execute(null), f.execute(null), f.execute(null)]));
      expect(reports.map((r) => r.outcome)).toEqual(['success', 'success', 'throttled']);
      const error = reports[2]!.error as LambdaThrottledError;
      expect(error).toBeInstanceOf(LambdaThrottledError);
      expect(error.name).toBe('TooManyRequestsException');
      expect(error.reason).toBe('ReservedFunctionConcurrentInvocationLimitExceeded');
      expect(f.metrics.throttles).toBe(1);
      expect(f.metrics.invocations).toBe(2);
      expect(f.metrics.peakConcurrency).toBe(2);
      // Once they are done, the next one runs.
      expect(await settled(clock, f.invoke(null))).toBe('ok');
    });

    it("shares the account's 1,000 concurrent executions across functions", async () => {
      const { clock, account, fn } = world();
      const a = fn<null, string>({ name: 'A', timeoutSeconds: 60, handler: waiting(clock, 1000) });
      const b = fn<null, string>({ name: 'B', timeoutSeconds: 60, handler: waiting(clock, 1000) });
      const calls = [...Array.from({ length: 600 }, () => a.execute(null)), ...Array.from({ length: 600 }, () => b.execute(null))];
      const reports = await settled(clock, Promise.all(calls));
      expect(reports.filter((r) => r.outcome === 'success')).toHaveLength(1000);
      const throttled = reports.filter((r) => r.outcome === 'throttled');
      expect(throttled).toHaveLength(200);
      expect(throttled.every((r) => r.functionName === 'B')).toBe(true);
      expect((throttled[0]!.error as LambdaThrottledError).reason).toBe('ConcurrentInvocationLimitExceeded');
      expect(account.peakConcurrency).toBe(1000);
      expect(account.concurrency).toBe(0);
    });

    it('sets reserved concurrency aside from the pool, keeping 100 unreserved', async () => {
      const { clock, account, fn } = world();
      const reserved = fn<null, string>({ name: 'Reserved', reservedConcurrency: 300, handler: waiting(clock, 100) });
      const other = fn<null, string>({ name: 'Other', handler: waiting(clock, 100) });
      expect(account.unreservedLimit).toBe(700);
      const reports = await settled(clock, Promise.all(Array.from({ length: 800 }, () => other.execute(null))));
      expect(reports.filter((r) => r.outcome === 'success')).toHaveLength(700);
      // The reserved function still has its 300 while the others are saturated.
      const both = await settled(
        clock,
        Promise.all([
          ...Array.from({ length: 700 }, () => other.execute(null)),
          ...Array.from({ length: 300 }, () => reserved.execute(null)),
        ]),
      );
      expect(both.every((r) => r.outcome === 'success')).toBe(true);
      expect(() => fn({ name: 'Greedy', reservedConcurrency: 601, handler: waiting(clock, 1) })).toThrow(/leaves 99 unreserved/);
    });

    it('starts at most 1,000 new instances of a function every 10 seconds', async () => {
      const { clock, fn } = world({ concurrencyLimit: 5000 });
      const f = fn<null, string>({ name: 'Burst', timeoutSeconds: 900, handler: waiting(clock, 60_000) });
      const burst = () => Array.from({ length: 1500 }, () => f.execute(null));
      const first = burst();
      await clock.run(START + 10_000);
      const second = burst();
      const reports = await settled(clock, Promise.all([...first, ...second]));
      const outcomes = (rs: InvocationReport<string>[]) => rs.filter((r) => r.outcome === 'success').length;
      expect(outcomes(reports.slice(0, 1500))).toBe(1000);
      expect(outcomes(reports.slice(1500))).toBe(1000);
      expect((reports[1499]!.error as LambdaThrottledError).reason).toBe('FunctionInvocationRateLimitExceeded');
      expect(f.metrics.peakConcurrency).toBe(2000);
    });
  });

  describe('CPU in proportion to memory ("Lambda quotas": 1,769 MB is one vCPU)', () => {
    it('runs CPU work 1769/512 times slower on the virtual clock than measured, at 512 MB', async () => {
      const { clock, fn } = world({ realCpu: true });
      let own = 0;
      const f = fn<null, void>({
        name: 'Cpu',
        memoryMB: 512,
        handler: async () => {
          const t = performance.now();
          let x = 0;
          while (performance.now() - t < 30) x += Math.sqrt(x + 1);
          own = performance.now() - t;
        },
      });
      await settled(clock, f.invoke(null)); // cold: warms the code up too
      const report = await settled(clock, f.execute(null));
      expect(report.coldStart).toBe(false);
      expect(report.cpuMs).toBeGreaterThanOrEqual(own);
      expect(report.cpuMs).toBeLessThan(own * 1.5 + 20); // the few hops around the handler, a garbage collection
      // Virtual times are epoch milliseconds: a few tenths of a microsecond apart at best.
      expect(report.durationMs).toBeCloseTo(report.cpuMs * SLOWDOWN_512, 2);
      expect(report.endedAt - report.requestedAt).toBeCloseTo(report.cpuMs * SLOWDOWN_512, 2);
    });

    it('pays the CPU before each request goes out, and is never faster than one vCPU', async () => {
      const { clock, fn, compute, store } = world();
      const { writes, put } = store(10);
      const handler = async () => {
        compute(100);
        await put('a');
        compute(50);
        await put('b');
        compute(20);
      };
      const f = fn<null, void>({ name: 'Small', memoryMB: 512, handler });
      const report = await settled(clock, f.execute(null));
      const begun = START + 250;
      expect(writes[0]!.at).toBeCloseTo(begun + 100 * SLOWDOWN_512 + 10, 3);
      expect(writes[1]!.at).toBeCloseTo(begun + 150 * SLOWDOWN_512 + 20, 3);
      expect(report.durationMs).toBeCloseTo(170 * SLOWDOWN_512 + 20, 3);
      expect(report.cpuMs).toBe(170);
      for (const memoryMB of [1769, 3538]) {
        const big = fn<null, void>({ name: `Big${memoryMB}`, memoryMB, handler });
        expect((await settled(clock, big.execute(null))).durationMs).toBeCloseTo(170 + 20, 3);
      }
    });

    it('does not charge one invocation for another that ran while it awaited', async () => {
      const { clock, fn, compute, store } = world();
      const { put } = store();
      const f = fn<string, void>({
        name: 'Interleaved',
        memoryMB: 1769,
        handler: async (kind) => {
          if (kind === 'awaits') {
            compute(100);
            await Promise.resolve(); // not a request: the other runs meanwhile
            compute(100);
          } else {
            compute(10);
            await put('x');
            compute(5);
          }
        },
      });
      await settled(clock, Promise.all([f.execute('awaits'), f.execute('writes')])); // two warm instances
      const both = await settled(clock, Promise.all([f.execute('awaits'), f.execute('writes')]));
      expect(both.map((r) => r.cpuMs)).toEqual([200, 15]);
      // When several yield without a request, the stretches may be misattributed, never counted twice.
      const g = fn<number, void>({
        name: 'Overlapping',
        handler: async (ms) => {
          compute(ms);
          await Promise.resolve();
          compute(ms);
        },
      });
      await settled(clock, Promise.all([g.execute(1), g.execute(1), g.execute(1)]));
      const three = await settled(clock, Promise.all([g.execute(100), g.execute(10), g.execute(1)]));
      expect(three.reduce((sum, r) => sum + r.cpuMs, 0)).toBe(222);
    });

    it('bills duration rounded up to the millisecond, init included, in GB-seconds', async () => {
      const { clock, fn, compute } = world();
      const f = fn<null, void>({ name: 'Billed', memoryMB: 512, handler: async () => compute(100) });
      const cold = await settled(clock, f.execute(null));
      const warm = await settled(clock, f.execute(null));
      expect(cold.billedMs).toBe(Math.ceil(250 + 100 * SLOWDOWN_512));
      expect(warm.billedMs).toBe(Math.ceil(100 * SLOWDOWN_512));
      expect(f.metrics.gbSeconds).toBeCloseTo(((cold.billedMs + warm.billedMs) / 1000) * 0.5, 9);
    });
  });

  describe('instances', () => {
    it('starts cold, reuses the warm instance, and starts cold again after the idle reap', async () => {
      const { clock, fn } = world();
      let inits = 0;
      const f = fn<null, number>({
        name: 'Warm',
        initMs: 300,
        idleReapMs: 10 * 60_000,
        init: () => {
          const instance = ++inits;
          return async () => instance;
        },
      });
      const first = await settled(clock, f.execute(null));
      expect(first).toMatchObject({ coldStart: true, initMs: 300, result: 1 });
      await advance(clock, 9 * 60_000);
      const second = await settled(clock, f.execute(null));
      expect(second).toMatchObject({ coldStart: false, initMs: 0, result: 1 });
      await advance(clock, 10 * 60_000);
      expect(f.warmInstances).toBe(0);
      const third = await settled(clock, f.execute(null));
      expect(third).toMatchObject({ coldStart: true, result: 2 });
      expect(f.metrics.coldStarts).toBe(2);
    });

    it('starts one instance per concurrent call, and keeps them all warm', async () => {
      const { clock, fn } = world();
      const f = fn<null, void>({ name: 'Wide', handler: () => clock.sleep(50) });
      const cold = await settled(clock, Promise.all([f.execute(null), f.execute(null), f.execute(null)]));
      expect(cold.every((r) => r.coldStart)).toBe(true);
      expect(f.warmInstances).toBe(3);
      const warm = await settled(clock, Promise.all([f.execute(null), f.execute(null), f.execute(null)]));
      expect(warm.some((r) => r.coldStart)).toBe(false);
    });

    it('makes the invocation current inside the handler only', async () => {
      const { clock, fn } = world();
      const f = fn<null, string | undefined>({
        name: 'Current',
        handler: async (_event, context) => {
          await clock.sleep(1);
          expect(currentInvocation()?.requestId).toBe(context.awsRequestId);
          expect(context.getRemainingTimeInMillis()).toBe(2999);
          return currentInvocation()?.functionName;
        },
      });
      expect(await settled(clock, f.invoke(null))).toBe('Current');
      expect(currentInvocation()).toBeUndefined();
    });
  });

  describe('injected kills', () => {
    it('after a request: the write lands, the answer is lost, nothing after it happens', async () => {
      const { clock, fn, store } = world();
      const { writes, put } = store();
      const f = fn<null, string>({
        name: 'Killed',
        handler: async () => {
          await put('one');
          await put('two');
          return 'done';
        },
      });
      f.kill((point) => point.io === 0 && point.phase === 'after');
      const report = await settled(clock, f.execute(null));
      expect(report.outcome).toBe('killed');
      expect(report.error).toBeInstanceOf(LambdaKilledError);
      expect(values(writes)).toEqual(['one']);
      f.kill(null);
      const next = await settled(clock, f.execute(null));
      expect(next).toMatchObject({ outcome: 'success', coldStart: true });
      expect(f.metrics.kills).toBe(1);
    });

    it('before a request: the write never lands', async () => {
      const { clock, fn, store } = world();
      const { writes, put } = store();
      const f = fn<null, void>({ name: 'KilledEarly', handler: () => put('one') });
      f.kill((point) => point.phase === 'before');
      await expect(settled(clock, f.invoke(null))).rejects.toBeInstanceOf(LambdaKilledError);
      expect(writes).toEqual([]);
    });

    it('kills at a seeded rate, the same way every run', async () => {
      const run = async () => {
        const { clock, fn, store } = world();
        const { writes, put } = store();
        const f = fn<number, void>({ name: 'Flaky', seed: 42, handler: (n) => put(String(n)) });
        f.kill(0.2);
        const reports = await settled(clock, Promise.all(Array.from({ length: 200 }, (_, n) => f.execute(n))));
        return { reports, writes: values(writes) };
      };
      const one = await run();
      const two = await run();
      const killed = one.reports.filter((r) => r.outcome === 'killed');
      expect(killed.length).toBeGreaterThan(40);
      expect(killed.length).toBeLessThan(120);
      expect(two.reports.map((r) => r.outcome)).toEqual(one.reports.map((r) => r.outcome));
      // Killed after its write: landed though the caller got an error.
      const succeeded = one.reports.filter((r) => r.outcome === 'success').length;
      expect(one.writes.length).toBeGreaterThan(succeeded);
      expect(one.writes.length).toBeLessThan(200);
    });
  });

  describe('asynchronous invocation ("Asynchronous invocation")', () => {
    it('retries a failing event twice, one then two minutes apart, then drops it', async () => {
      const { clock, fn } = world();
      const tries: number[] = [];
      const f = fn<null, void>({
        name: 'Failing',
        handler: async () => {
          tries.push(clock.now());
          throw new Error('no');
        },
      });
      const result = await settled(clock, f.invokeAsync(null));
      expect(result).toMatchObject({ delivered: false, attempts: 3 });
      expect(tries.map((t) => t - tries[0]!)).toEqual([0, 60_000, 180_000]);
      expect(f.metrics.asyncDropped).toBe(1);
    });

    it('does not retry a function set to no retries (the stack’s Sweep)', async () => {
      const { clock, fn } = world();
      const f = fn<null, void>({ name: 'Sweep', asyncRetryAttempts: 0, handler: () => Promise.reject(new Error('no')) });
      expect(await settled(clock, f.invokeAsync(null))).toMatchObject({ delivered: false, attempts: 1 });
    });

    it('puts throttled events back in the queue until they run', async () => {
      const { clock, fn } = world();
      const f = fn<number, number>({
        name: 'Narrow',
        reservedConcurrency: 1,
        timeoutSeconds: 10,
        handler: async (n) => {
          await clock.sleep(3000);
          return n;
        },
      });
      const results = await settled(clock, Promise.all([f.invokeAsync(1), f.invokeAsync(2), f.invokeAsync(3)]));
      expect(results.every((r) => r.delivered)).toBe(true);
      expect(f.metrics.throttles).toBeGreaterThan(0);
      expect(results.map((r) => r.report.result)).toEqual([1, 2, 3]);
    });
  });
});

describe('DynamoDB stream event source mapping', () => {
  type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

  /** A stream, a function reading it, and what it saw. */
  function streamWorld(
    handler: (records: StreamRecord[], event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>,
    options: Partial<StreamMappingOptions> & { shardCount?: number; reservedConcurrency?: number; timeoutSeconds?: number } = {},
  ) {
    const w = world();
    const stream = new MemoryStream({ clock: w.clock, shardCount: options.shardCount ?? 1 });
    const bySequence = new Map<string, StreamRecord>();
    const seen: { records: StreamRecord[]; at: number }[] = [];
    const wrapped: StreamHandler = async (event) => {
      const records = event.Records.map((r) => bySequence.get(r.dynamodb!.SequenceNumber!)!);
      seen.push({ records, at: w.clock.now() });
      return handler(records, event);
    };
    const target = w.fn<DynamoDBStreamEvent, DynamoDBBatchResponse | undefined>({
      name: 'Notify',
      memoryMB: 512,
      timeoutSeconds: options.timeoutSeconds ?? 60,
      ...(options.reservedConcurrency === undefined ? {} : { reservedConcurrency: options.reservedConcurrency }),
      handler: wrapped,
    });
    const onFailure = new OnFailureQueue();
    const mapping = new StreamEventSourceMapping({ source: stream, target, onFailure, retryBackoffMs: () => 1000, ...options });
    mapping.start();
    const write = (partitionKey: string, data: Record<string, unknown> = {}) => {
      const record = stream.append({
        partitionKey,
        eventName: 'INSERT',
        keys: { pk: partitionKey, sk: String(bySequence.size) },
        newImage: { pk: partitionKey, sk: String(bySequence.size), kind: 'commit', ...data },
      });
      bySequence.set(record.sequenceNumber, record);
      return record;
    };
    return { ...w, stream, target, mapping, onFailure, seen, write };
  }

  const seqs = (records: StreamRecord[]) => records.map((r) => r.sequenceNumber);

  it('hands the function DynamoDBStreamEvent records, images marshalled', async () => {
    const s = streamWorld(async () => undefined);
    const record = s.write('game#1', { version: 3 });
    await s.clock.run();
    const event = toDynamoDBRecord(record, 'arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/x');
    expect(event).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        SequenceNumber: record.sequenceNumber,
        Keys: { pk: { S: 'game#1' }, sk: { S: '0' } },
        NewImage: { pk: { S: 'game#1' }, kind: { S: 'commit' }, version: { N: '3' } },
      },
    });
    expect(s.seen).toHaveLength(1);
  });

  it('respects the batch size, in order, a poll after the writes', async () => {
    const s = streamWorld(async () => undefined, { batchSize: 25 });
    const written = Array.from({ length: 60 }, (_, i) => s.write(`game#${i % 7}`));
    await s.clock.run();
    expect(s.seen.map((b) => b.records.length)).toEqual([25, 25, 10]);
    expect(s.seen.flatMap((b) => seqs(b.records))).toEqual(seqs(written));
    expect(s.seen[0]!.at - START).toBe(250 + 250); // the next poll, then a cold start
  });

  it('gathers a short batch for the batching window, counted from when the lane found it; a full one goes at once', async () => {
    const s = streamWorld(async () => undefined, { batchSize: 10, maximumBatchingWindowSeconds: 2 });
    const early = [s.write('game#1'), s.write('game#2'), s.write('game#1')];
    const late: StreamRecord[] = [];
    void s.clock.sleep(1000).then(() => late.push(s.write('game#3'), s.write('game#1')));
    await s.clock.run();
    // Found at the next poll (250 ms), gathered until 2,250 ms, then a cold start: one batch of five.
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs([...early, ...late])]);
    expect(s.seen[0]!.at - START).toBe(250 + 2000 + 250);
    // Ten records fill the batch: no waiting for the window (the instance is warm now).
    const from = s.clock.now();
    const full = Array.from({ length: 12 }, (_, i) => s.write(`game#${i % 3}`));
    await s.clock.run();
    expect(s.seen.slice(1).map((b) => b.records.length)).toEqual([10, 2]);
    expect(s.seen[1]!.at - from).toBeLessThan(2000);
    expect(s.seen.slice(1).flatMap((b) => seqs(b.records))).toEqual(seqs(full));
  });

  it('lets the stream drop records every reader is past, and holds those a failing batch still needs', async () => {
    let failing = true;
    const s = streamWorld(
      async (records) =>
        failing && records.some((r) => r.newImage?.stuck)
          ? { batchItemFailures: [{ itemIdentifier: records[0]!.sequenceNumber }] }
          : undefined,
      {
        batchSize: 100,
        reportBatchItemFailures: true,
        maximumRetryAttempts: -1,
        maximumRecordAgeSeconds: -1,
      },
    );
    for (let i = 0; i < 2_500; i++) s.write(`game#${i % 9}`);
    await s.clock.run();
    expect(s.seen.flatMap((b) => b.records)).toHaveLength(2_500);
    expect(s.stream.held).toBeLessThan(1_000);
    expect(s.stream.shards()[0]!.dropped + s.stream.held).toBe(2_500);
    // A batch that keeps failing keeps its records (and all after them) held, then is read to the end.
    s.write('game#1', { stuck: true });
    for (let i = 0; i < 1_500; i++) s.write(`game#${i % 9}`);
    await s.clock.run(s.clock.now() + 60_000);
    expect(s.stream.held).toBeGreaterThanOrEqual(1_501);
    failing = false;
    await s.clock.run(s.clock.now() + 120_000);
    expect(new Set(s.seen.flatMap((b) => seqs(b.records))).size).toBe(4_001);
    expect(s.stream.held).toBeLessThan(1_000);
  });

  it('keeps each partition key in order with parallelization factor 4, while keys interleave', async () => {
    let running = 0;
    let peak = 0;
    const s = streamWorld(
      async (records) => {
        peak = Math.max(peak, ++running);
        await currentInvocation()!.sleep(10 * records.length + (hashKey(records[0]!.partitionKey) % 7));
        running--;
        return undefined;
      },
      { batchSize: 5, parallelizationFactor: 4 },
    );
    const written = Array.from({ length: 240 }, (_, i) => s.write(`game#${i % 8}`));
    await s.clock.run();
    const delivered = s.seen.flatMap((b) => b.records);
    expect(new Set(seqs(delivered)).size).toBe(240);
    for (let k = 0; k < 8; k++) {
      const ofKey = delivered.filter((r) => r.partitionKey === `game#${k}`);
      expect(seqs(ofKey)).toEqual(seqs(written.filter((r) => r.partitionKey === `game#${k}`)));
    }
    // Batches of a lane hold only its keys; lanes run at once, never more than four.
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
    expect(seqs(delivered)).not.toEqual(seqs(written));
    expect(s.target.metrics.peakConcurrency).toBeGreaterThanOrEqual(peak);
    expect(s.target.metrics.peakConcurrency).toBeLessThanOrEqual(4);
  });

  it('retries a failing record 10 times, then sends the batch metadata (no records) to the on-failure destination, and moves on', async () => {
    const s = streamWorld(
      async (records) => {
        const poison = records.findIndex((r) => r.newImage?.poison);
        if (poison < 0) return { batchItemFailures: [] };
        // As the handlers do (functions/api/stream-batch.ts): the failing record and all after it.
        return { batchItemFailures: records.slice(poison).map((r) => ({ itemIdentifier: r.sequenceNumber })) };
      },
      { batchSize: 25, maximumRetryAttempts: 10, reportBatchItemFailures: true, maximumRecordAgeSeconds: 86_400 },
    );
    const batch = [s.write('game#1'), s.write('game#1'), s.write('game#1', { poison: true, secret: 'hunter2' }), s.write('game#1')];
    await s.clock.run();
    expect(s.seen).toHaveLength(11);
    expect(seqs(s.seen[0]!.records)).toEqual(seqs(batch));
    for (const retry of s.seen.slice(1)) expect(seqs(retry.records)).toEqual(seqs(batch.slice(2)));
    expect(s.mapping.metrics.retries).toBe(10);
    expect(s.onFailure.messages).toHaveLength(1);
    const message = s.onFailure.messages[0]!;
    expect(message.requestContext).toMatchObject({ condition: 'RetryAttemptsExhausted', approximateInvokeCount: 11 });
    expect(message.DDBStreamBatchInfo).toMatchObject({
      shardId: s.stream.shards()[0]!.shardId,
      startSequenceNumber: batch[2]!.sequenceNumber,
      endSequenceNumber: batch[3]!.sequenceNumber,
      batchSize: 2,
    });
    expect(JSON.stringify(message)).not.toMatch(/hunter2|poison|game#1/);
    // The mapping moved on.
    const after = s.write('game#1');
    await s.clock.run();
    expect(seqs(s.seen.at(-1)!.records)).toEqual([after.sequenceNumber]);
    expect(s.mapping.metrics.discardedRecords).toBe(2);
  });

  it('retries a partial batch failure from the failed record only', async () => {
    let failed = false;
    const s = streamWorld(
      async (records) => {
        const third = records.find((r) => r.keys.sk === '2');
        if (third && !failed) {
          failed = true;
          return { batchItemFailures: [{ itemIdentifier: third.sequenceNumber }] };
        }
        return { batchItemFailures: [] };
      },
      { reportBatchItemFailures: true },
    );
    const written = Array.from({ length: 5 }, () => s.write('game#1'));
    await s.clock.run();
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs(written), seqs(written.slice(2))]);
    expect(s.onFailure.messages).toEqual([]);
  });

  it('retries the whole batch when a reported identifier is not one of its records, or the function throws', async () => {
    let calls = 0;
    const s = streamWorld(
      async () => {
        calls++;
        if (calls === 1) return { batchItemFailures: [{ itemIdentifier: 'nonsense' }] };
        if (calls === 2) throw new Error('boom');
        return { batchItemFailures: [] };
      },
      { reportBatchItemFailures: true },
    );
    const written = [s.write('game#1'), s.write('game#1')];
    await s.clock.run();
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs(written), seqs(written), seqs(written)]);
  });

  it('gives up on records older than the maximum record age', async () => {
    const s = streamWorld(
      async () => {
        throw new Error('always');
      },
      { maximumRecordAgeSeconds: 60, retryBackoffMs: () => 10_000 },
    );
    const record = s.write('game#1');
    await s.clock.run();
    expect(s.mapping.metrics.retries).toBeGreaterThanOrEqual(5);
    expect(s.onFailure.messages).toHaveLength(1);
    const message = s.onFailure.messages[0]!;
    expect(message.requestContext.condition).toBe('MaximumRecordAgeExceeded');
    expect(message.responseContext.functionError).toBe('Unhandled');
    expect(message.DDBStreamBatchInfo.startSequenceNumber).toBe(record.sequenceNumber);
    expect(Date.parse(message.timestamp) - record.approximateCreationTime).toBeGreaterThan(60_000);
    expect(Date.parse(message.timestamp) - record.approximateCreationTime).toBeLessThanOrEqual(70_000 + 1000);
  });

  it('retries without a count until the records are too old (the stack’s -1), then keeps the batch whole in a bucket, as Lambda writes it there', async () => {
    const bucket = new OnFailureBucket('mapping-uuid');
    let last: DynamoDBStreamEvent | undefined;
    const s = streamWorld(
      async (records, event) => {
        last = event;
        const poison = records.findIndex((r) => r.newImage?.poison);
        if (poison < 0) return { batchItemFailures: [] };
        return { batchItemFailures: records.slice(poison).map((r) => ({ itemIdentifier: r.sequenceNumber })) };
      },
      {
        batchSize: 25,
        maximumRetryAttempts: -1,
        maximumRecordAgeSeconds: 6 * 3600,
        reportBatchItemFailures: true,
        onFailure: bucket,
        retryBackoffMs: (n) => Math.min(1000 * 2 ** (n - 1), 30_000),
      },
    );
    const batch = [s.write('game#1'), s.write('game#1', { poison: true, secret: 'hunter2' }), s.write('game#1')];
    await s.clock.run();
    // Every 30 s (the back-off's cap) for six hours: never given up on a count.
    expect(s.mapping.metrics.retries).toBeGreaterThan((6 * 3600) / 30 - 10);
    expect(bucket.sent).toBe(1);
    const [key] = await bucket.objects.keys();
    expect(key).toMatch(/^aws\/lambda\/mapping-uuid\/shardId-00000000\/\d{4}\/\d{2}\/\d{2}\/\d{4}-\d{2}-\d{2}T\d{2}\.\d{2}\.\d{2}-\d+$/);
    const text = (await bucket.objects.read(key!))!;
    const object = JSON.parse(text) as {
      requestContext: { condition: string };
      DDBStreamBatchInfo: { batchSize: number };
      payload: unknown;
    };
    expect(object.requestContext.condition).toBe('MaximumRecordAgeExceeded');
    expect(object.DDBStreamBatchInfo.batchSize).toBe(2);
    // The payload: the records as the function got them, an escaped JSON string; what npm run redrive reads.
    expect(typeof object.payload).toBe('string');
    const failed = parseFailedBatch(text);
    expect(failed.event.Records.map((r) => r.dynamodb!.SequenceNumber)).toEqual(seqs(batch.slice(1)));
    expect(failed.event.Records).toEqual(last!.Records);
    expect(JSON.stringify(failed.event)).toContain('hunter2');
  });

  it('does not let a poison record block other shards', async () => {
    // Two shards: find keys that land on each.
    const keys = Array.from({ length: 20 }, (_, i) => `game#${i}`);
    const [onA, onB] = [keys.find((k) => hashKey(k) % 2 === 0)!, keys.find((k) => hashKey(k) % 2 === 1)!];
    const s = streamWorld(
      async (records) => {
        if (records.some((r) => r.newImage?.poison)) throw new Error('poison');
        return undefined;
      },
      { shardCount: 2, maximumRetryAttempts: 10, retryBackoffMs: () => 5000 },
    );
    s.write(onA, { poison: true });
    const healthy = Array.from({ length: 3 }, () => s.write(onB));
    await s.clock.run();
    const healthySeen = s.seen.filter((b) => b.records[0]!.partitionKey === onB);
    expect(healthySeen.flatMap((b) => seqs(b.records))).toEqual(seqs(healthy));
    const gaveUpAt = Date.parse(s.onFailure.messages[0]!.timestamp);
    expect(gaveUpAt - START).toBeGreaterThan(50_000);
    expect(healthySeen[0]!.at - START).toBeLessThan(1000);
  });

  it('splits a failing batch to isolate the poison record when bisecting, spending no retries on the splits', async () => {
    const s = streamWorld(
      async (records) => {
        if (records.some((r) => r.newImage?.poison)) throw new Error('poison');
        return undefined;
      },
      { bisectBatchOnError: true, maximumRetryAttempts: 2 },
    );
    const written = [s.write('game#1'), s.write('game#1', { poison: true }), s.write('game#1'), s.write('game#1')];
    await s.clock.run();
    expect(s.mapping.metrics.bisects).toBe(2);
    expect(s.mapping.metrics.retries).toBe(2);
    expect(s.onFailure.messages.map((m) => m.DDBStreamBatchInfo)).toMatchObject([
      { startSequenceNumber: written[1]!.sequenceNumber, endSequenceNumber: written[1]!.sequenceNumber, batchSize: 1 },
    ]);
    const succeeded = s.seen.filter((b) => !b.records.some((r) => r.newImage?.poison)).flatMap((b) => seqs(b.records));
    expect(succeeded).toEqual(seqs([written[0]!, written[2]!, written[3]!]));
  });

  it('retries throttled invocations without spending retries, and loses records the stream trims after 24 hours', async () => {
    // Reserved concurrency 0: every invocation is throttled.
    const s = streamWorld(async () => undefined, {
      reservedConcurrency: 0,
      batchSize: 2,
      maximumRetryAttempts: 1,
      retryBackoffMs: () => 60_000,
    });
    const written = Array.from({ length: 5 }, () => s.write('game#1'));
    await s.clock.run();
    expect(s.seen).toEqual([]);
    expect(s.mapping.metrics.retries).toBe(0);
    expect(s.mapping.metrics.throttles).toBe(24 * 60);
    // The first batch aged out while retried: reported. The rest was trimmed before it was read: lost.
    expect(s.onFailure.messages.map((m) => m.DDBStreamBatchInfo.startSequenceNumber)).toEqual([written[0]!.sequenceNumber]);
    expect(s.onFailure.messages[0]!.requestContext).toMatchObject({ condition: 'MaximumRecordAgeExceeded', approximateInvokeCount: 0 });
    expect(s.mapping.metrics.trimmedRecords).toBe(3);
    expect(s.mapping.metrics.maxIteratorAgeMs).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
  });

  it('delivers a batch again when a duplicate is injected', async () => {
    const s = streamWorld(async () => undefined);
    s.mapping.duplicate((batch) => batch.deliveries === 1);
    const written = [s.write('game#1'), s.write('game#2')];
    await s.clock.run();
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs(written), seqs(written)]);
    expect(s.mapping.metrics.duplicates).toBe(1);
  });

  it('measures the iterator age of a lane falling behind', async () => {
    const s = streamWorld(
      async () => {
        await currentInvocation()!.sleep(1000);
        return undefined;
      },
      { batchSize: 1 },
    );
    for (let i = 0; i < 10; i++) s.write('game#1');
    await s.clock.run();
    // The last record waited for nine one-second batches (and the poll and the cold start) and its own.
    expect(s.mapping.metrics.maxIteratorAgeMs).toBeGreaterThanOrEqual(10_000);
    expect(s.mapping.metrics.maxIteratorAgeMs).toBeLessThan(11_000);
  });

  it('filters records as the stack’s Notify pattern does, before batching', async () => {
    const pattern = { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['commit', 'chatMessage', 'signInAsk'] } } } };
    const s = streamWorld(async () => undefined, { filterPatterns: [pattern] });
    const commit = s.write('game#1');
    s.write('game#1', { kind: 'snapshot' });
    const chat = s.write('game#1', { kind: 'chatMessage' });
    await s.clock.run();
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs([commit, chat])]);
    expect(s.mapping.metrics.filteredRecords).toBe(1);
    expect(passesFilters([{ a: [{ prefix: 'x' }], b: [{ exists: false }] }], { a: 'xy' })).toBe(true);
    expect(passesFilters([{ a: [{ 'anything-but': ['x'] }] }], { a: 'x' })).toBe(false);
  });

  it('stops a batch that times out and delivers it again', async () => {
    let calls = 0;
    const s = streamWorld(
      async () => {
        if (++calls === 1) await currentInvocation()!.sleep(120_000);
        return undefined;
      },
      { timeoutSeconds: 60 },
    );
    const written = [s.write('game#1')];
    await s.clock.run();
    expect(s.seen.map((b) => seqs(b.records))).toEqual([seqs(written), seqs(written)]);
    expect(s.target.metrics.timeouts).toBe(1);
  });

  it('starts at the stream’s tip (LATEST) and stops reading when stopped', async () => {
    const w = world();
    const stream = new MemoryStream({ clock: w.clock });
    const seen: string[] = [];
    const target = w.fn<DynamoDBStreamEvent, undefined>({
      name: 'Reader',
      handler: async (event) => {
        seen.push(...event.Records.map((r) => r.dynamodb!.SequenceNumber!));
        return undefined;
      },
    });
    const write = () => stream.append({ partitionKey: 'p', eventName: 'INSERT', keys: { pk: 'p' }, newImage: { pk: 'p' } }).sequenceNumber;
    write();
    const mapping = new StreamEventSourceMapping({ source: stream, target });
    mapping.start();
    const read = write();
    await w.clock.run();
    await mapping.stop();
    write();
    await w.clock.run();
    expect(seen).toEqual([read]);
  });

  it('is one of the two readers a stream’s shard allows at once: a third mapping on the stream is refused, until one of the two stops', async () => {
    expect(STREAM_LIMITS.maxReadersPerShard).toBe(2);
    const w = world();
    const stream = new MemoryStream({ clock: w.clock, shardCount: 2 });
    const seen: string[] = [];
    const reader = (name: string) =>
      w.fn<DynamoDBStreamEvent, undefined>({
        name,
        handler: async (event) => {
          seen.push(...event.Records.map((r) => `${name} ${r.dynamodb!.SequenceNumber!}`));
          return undefined;
        },
      });
    const [notify, bots, ratings] = [reader('Notify'), reader('Bots'), reader('Ratings')];
    const first = new StreamEventSourceMapping({ source: stream, target: notify, parallelizationFactor: 10 });
    new StreamEventSourceMapping({ source: stream, target: bots, parallelizationFactor: 10 });
    expect(() => new StreamEventSourceMapping({ source: stream, target: ratings })).toThrow(
      /a DynamoDB stream's shard allows at most 2 readers at once/,
    );
    // Another stream (another table's) has readers of its own.
    expect(() => new StreamEventSourceMapping({ source: new MemoryStream({ clock: w.clock }), target: ratings })).not.toThrow();
    // A mapping stopped (deleted) leaves its place to another.
    first.start();
    await first.stop();
    const third = new StreamEventSourceMapping({ source: stream, target: ratings });
    third.start();
    const written = stream.append({ partitionKey: 'p', eventName: 'INSERT', keys: { pk: 'p' }, newImage: { pk: 'p' } }).sequenceNumber;
    await w.clock.run();
    await third.stop();
    expect(seen).toEqual([`Ratings ${written}`]);
  });

  it('refuses settings outside the published ranges', () => {
    const { stream, target } = streamWorld(async () => undefined);
    const make = (o: Partial<StreamMappingOptions>) => () => new StreamEventSourceMapping({ source: stream, target, ...o });
    expect(make({ batchSize: 10_001 })).toThrow(RangeError);
    expect(make({ parallelizationFactor: 11 })).toThrow(RangeError);
    expect(make({ maximumRetryAttempts: 10_001 })).toThrow(RangeError);
    expect(make({ maximumRecordAgeSeconds: 59 })).toThrow(RangeError);
    expect(make({ maximumRecordAgeSeconds: 604_801 })).toThrow(RangeError);
    expect(make({ maximumBatchingWindowSeconds: 301 })).toThrow(RangeError);
    expect(make({ maximumBatchingWindowSeconds: 0.5 })).toThrow(RangeError);
    expect(
      make({ batchSize: 10_000, parallelizationFactor: 10, maximumRetryAttempts: 10_000, maximumRecordAgeSeconds: 604_800 }),
    ).not.toThrow();
  });
});
