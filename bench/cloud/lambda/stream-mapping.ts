/**
 * A DynamoDB stream event source mapping ("Using Lambda with DynamoDB"): Lambda's poller reading
 * a stream's shards and invoking the function with batches of records.
 *
 * Per shard, `parallelizationFactor` lanes each run one batch at a time; a record's lane is a hash
 * of its partition key, so the records of one key are delivered in order while different keys
 * proceed side by side. A batch holds up to `batchSize` records of its lane, in order; with a
 * batching window, a lane that found fewer gathers more until the batch is full or the window,
 * counted from when it found the first, has passed. When the
 * function fails (an error, a timeout, a crash) the batch is retried (split in two first if
 * `bisectBatchOnError`: splitting spends no retry); when it reports batch item failures, the
 * retry starts at the first failed record. After `maximumRetryAttempts` retries, or once a record
 * is older than `maximumRecordAgeSeconds` (or than the stream's 24 h), the rest of the batch is
 * given up: the on-failure destination gets its metadata (a queue) or the records themselves (a
 * bucket), and the lane moves on. A throttled
 * invocation is retried without spending a retry, until the records are too old. Records the
 * lane falls more than 24 h behind on are trimmed from the stream: lost. A mapping is one of the
 * stream's readers from its creation until it stops, and a shard allows two at once: the source
 * refuses a third mapping (STREAM_LIMITS.maxReadersPerShard).
 *
 * Not published, so options: the back-off between retries (1 s doubling to 30 s by default).
 * Not modelled: the 6 MB payload limit, shard splits (a new shard is read
 * from its start as soon as it appears, not after its parent), tumbling windows.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { Rng } from '../../../domain/engine/rng';
import type { VirtualClock } from '../clock';
import { passesFilters } from './filter-pattern';
import type { InvocationReport } from './function-model';
import { outsideInvocation } from './invocation';
import { STREAM_LIMITS } from './limits';
import type { OnFailureDestination, StreamFailureCondition } from './on-failure';
import { toDynamoDBRecord } from './stream-event';
import { hashKey, type StreamRecord, type StreamShard, type StreamSource } from './stream-source';

/** The function a mapping invokes (a LambdaFunctionModel). */
export interface StreamTarget {
  readonly name: string;
  readonly account: { readonly clock: VirtualClock };
  execute(event: DynamoDBStreamEvent): Promise<InvocationReport<unknown>>;
}

export interface StreamMappingOptions {
  source: StreamSource;
  target: StreamTarget;
  /** 1–10,000; 100 by default. */
  batchSize?: number;
  /** Concurrent batches per shard, 1–10; 1 by default. */
  parallelizationFactor?: number;
  /** How long a lane gathers records before it invokes with less than a full batch, 0–300 s; 0 by default. */
  maximumBatchingWindowSeconds?: number;
  /** Retries of a failed batch, -1 (until the records expire) to 10,000; -1 by default. */
  maximumRetryAttempts?: number;
  /** -1 (the stream's retention), or 60 s to 7 days; -1 by default. */
  maximumRecordAgeSeconds?: number;
  bisectBatchOnError?: boolean;
  /** The function reports failed records ({ batchItemFailures }); FunctionResponseTypes ReportBatchItemFailures. */
  reportBatchItemFailures?: boolean;
  onFailure?: OnFailureDestination;
  /** Lambda filter patterns (FilterCriteria): records none matches are dropped, never delivered. */
  filterPatterns?: Record<string, unknown>[];
  /** LATEST (the stack's): only records written after start(); TRIM_HORIZON: all still kept. */
  startingPosition?: 'LATEST' | 'TRIM_HORIZON';
  /** An idle shard is polled every 250 ms ("Using Lambda with DynamoDB": four times a second). */
  pollIntervalMs?: number;
  /** Wait before the n-th retry (n from 1) and after the n-th throttle in a row. */
  retryBackoffMs?: (n: number) => number;
  /** How long the stream keeps a record: 24 hours for DynamoDB Streams. */
  retentionMs?: number;
  streamArn?: string;
  /** Seed of injected duplicate deliveries. */
  seed?: number;
}

export interface StreamMappingMetrics {
  /** Invocations that ran (throttled attempts not counted), and the records they carried. */
  batches: number;
  recordsDelivered: number;
  retries: number;
  bisects: number;
  throttles: number;
  /** Batches delivered again after they succeeded (injected). */
  duplicates: number;
  /** Batches (or their rest) given up on, and their records: sent to the on-failure destination if any. */
  failedBatches: number;
  discardedRecords: number;
  /** Records trimmed from the stream (older than its retention) before they were delivered: lost. */
  trimmedRecords: number;
  /** Records no filter pattern matched. */
  filteredRecords: number;
  /** The most the oldest unprocessed record of a lane was behind: now − its creation time. */
  maxIteratorAgeMs: number;
}

/** A batch that succeeded, for the duplicate-injection rule. */
export interface DeliveredBatch {
  shardId: string;
  records: readonly StreamRecord[];
  /** How many times this batch has succeeded so far (1 the first time). */
  deliveries: number;
}

export type DuplicateRule = number | ((batch: DeliveredBatch) => boolean);

/** Part of a batch still to deliver, with the retries it has used. */
interface Pending {
  records: StreamRecord[];
  retries: number;
  invocations: number;
}

/** A lane's next batch, the position after it, and the records it passed over: too old, or filtered out. */
interface Collected {
  batch: StreamRecord[];
  next: number;
  trimmed: number;
  filtered: number;
}

/** Another FNV basis than the shards': the lanes of one shard get keys spread evenly. */
const LANE_HASH_BASIS = 0x01000193;

export class StreamEventSourceMapping {
  readonly metrics: StreamMappingMetrics = {
    batches: 0,
    recordsDelivered: 0,
    retries: 0,
    bisects: 0,
    throttles: 0,
    duplicates: 0,
    failedBatches: 0,
    discardedRecords: 0,
    trimmedRecords: 0,
    filteredRecords: 0,
    maxIteratorAgeMs: 0,
  };
  readonly batchSize: number;
  readonly parallelizationFactor: number;
  readonly maximumBatchingWindowSeconds: number;
  readonly maximumRetryAttempts: number;
  readonly maximumRecordAgeSeconds: number;
  private readonly options: StreamMappingOptions;
  private readonly clock: VirtualClock;
  private readonly streamArn: string;
  private readonly retentionMs: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: (n: number) => number;
  private readonly rng: Rng;
  /** Records as the function gets them, built once per record. */
  private readonly delivered = new WeakMap<StreamRecord, DynamoDBRecord>();
  private readonly shardsRead = new Set<string>();
  private readonly loops: Promise<void>[] = [];
  private duplicateRule: DuplicateRule | null = null;
  private started = false;
  private stopped = false;
  /** Says the source this mapping no longer reads it. */
  private readonly leave: () => void;
  private halt: () => void = () => {};
  private readonly halted = new Promise<void>((resolve) => (this.halt = resolve));

  constructor(options: StreamMappingOptions) {
    this.options = options;
    this.clock = options.target.account.clock;
    this.batchSize = whole('batch size', options.batchSize ?? STREAM_LIMITS.defaultBatchSize, 1, STREAM_LIMITS.maxBatchSize);
    this.parallelizationFactor = whole(
      'parallelization factor',
      options.parallelizationFactor ?? 1,
      1,
      STREAM_LIMITS.maxParallelizationFactor,
    );
    this.maximumBatchingWindowSeconds = whole(
      'maximum batching window',
      options.maximumBatchingWindowSeconds ?? 0,
      0,
      STREAM_LIMITS.maxBatchingWindowSeconds,
    );
    this.maximumRetryAttempts = whole('maximum retry attempts', options.maximumRetryAttempts ?? -1, -1, STREAM_LIMITS.maxRetryAttempts);
    this.maximumRecordAgeSeconds = whole(
      'maximum record age',
      options.maximumRecordAgeSeconds ?? -1,
      -1,
      STREAM_LIMITS.maxRecordAgeSeconds,
    );
    if (this.maximumRecordAgeSeconds !== -1 && this.maximumRecordAgeSeconds < STREAM_LIMITS.minRecordAgeSeconds)
      throw new RangeError(
        `maximum record age must be -1 or ${STREAM_LIMITS.minRecordAgeSeconds} s or more, got ${this.maximumRecordAgeSeconds}`,
      );
    this.streamArn = options.streamArn ?? 'arn:aws:dynamodb:us-east-1:000000000000:table/caravela/stream/sim';
    this.retentionMs = options.retentionMs ?? STREAM_LIMITS.retentionMs;
    this.pollIntervalMs = options.pollIntervalMs ?? STREAM_LIMITS.pollIntervalMs;
    this.backoff = options.retryBackoffMs ?? ((n) => Math.min(1000 * 2 ** (n - 1), 30_000));
    this.rng = Rng.fromSeed(options.seed ?? 0);
    // Last, once the settings are known good: a mapping is one of the stream's readers (at most two).
    this.leave = options.source.addReader(this);
  }

  /** Start reading: every shard now, and each new one as it appears. */
  start(): void {
    if (this.started) throw new Error('the mapping was already started');
    this.started = true;
    outsideInvocation(() => this.loops.push(this.discover()));
  }

  /** Stop reading; resolves once every lane has finished the batch it was on (and the stream has a reader less). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halt();
    while (this.loops.length) await Promise.all(this.loops.splice(0));
    this.leave();
  }

  /** Deliver succeeded batches again (the checkpoint was lost): a probability per batch (seeded), or a rule; null stops. */
  duplicate(rule: DuplicateRule | null): void {
    this.duplicateRule = rule;
  }

  private async discover(): Promise<void> {
    let first = true;
    while (!this.stopped) {
      for (const shard of this.options.source.shards()) {
        if (this.shardsRead.has(shard.shardId)) continue;
        this.shardsRead.add(shard.shardId);
        // Shards there at the start begin at the starting position; later ones at their start.
        const from = shard.dropped + (first && (this.options.startingPosition ?? 'LATEST') === 'LATEST' ? shard.records.length : 0);
        for (let lane = 0; lane < this.parallelizationFactor; lane++) this.loops.push(this.read(shard, lane, from));
      }
      first = false;
      await Promise.race([this.options.source.changed(), this.halted]);
    }
  }

  /** One lane of one shard: batch after batch, in order. */
  private async read(shard: StreamShard, lane: number, from: number): Promise<void> {
    const reader = {};
    const checkpoint = (at: number) => this.options.source.checkpoint?.(reader, shard.shardId, at);
    let position = from;
    checkpoint(position);
    let lastPoll = Number.NEGATIVE_INFINITY;
    while (!this.stopped) {
      let found = this.collect(shard, lane, position);
      if (found.batch.length && this.maximumBatchingWindowSeconds) {
        found = await this.gather(shard, lane, position, found);
        if (this.stopped) return;
      }
      const { batch, next } = found;
      this.metrics.trimmedRecords += found.trimmed;
      this.metrics.filteredRecords += found.filtered;
      if (batch.length) {
        await this.deliver(shard.shardId, batch);
        if (this.stopped) return; // the checkpoint stays before an unfinished batch
        position = next;
        checkpoint(position);
        continue;
      }
      position = next;
      checkpoint(position);
      lastPoll = this.clock.now();
      await Promise.race([this.options.source.changed(), this.halted]);
      if (this.stopped) return;
      // The change is seen at the lane's next poll.
      if (this.pollIntervalMs > 0) {
        const polls = Math.max(1, Math.ceil((this.clock.now() - lastPoll) / this.pollIntervalMs));
        await this.clock.sleep(lastPoll + polls * this.pollIntervalMs - this.clock.now());
      }
    }
  }

  /**
   * With a batching window, a batch the lane `found` short of `batchSize` waits for more records
   * until it is full or the window has passed since it was found.
   */
  private async gather(shard: StreamShard, lane: number, position: number, found: Collected): Promise<Collected> {
    const until = this.clock.now() + this.maximumBatchingWindowSeconds * 1000;
    while (found.batch.length < this.batchSize && this.clock.now() < until && !this.stopped) {
      await Promise.race([this.options.source.changed(), this.clock.sleep(until - this.clock.now()), this.halted]);
      found = this.collect(shard, lane, position);
    }
    return found;
  }

  /** The lane's next batch from `position`, the position after it, and the records passed over (counted once taken). */
  private collect(shard: StreamShard, lane: number, position: number): Collected {
    const { records, dropped } = shard;
    const now = this.clock.now();
    const found: Collected = { batch: [], next: Math.max(position, dropped), trimmed: 0, filtered: 0 };
    while (found.next < dropped + records.length && found.batch.length < this.batchSize) {
      const record = records[found.next++ - dropped]!;
      if (this.laneOf(record) !== lane) continue;
      if (now - record.approximateCreationTime >= this.retentionMs) found.trimmed++;
      else if (!passesFilters(this.options.filterPatterns ?? [], this.recordFor(record))) found.filtered++;
      else found.batch.push(record);
    }
    return found;
  }

  private laneOf(record: StreamRecord): number {
    return this.parallelizationFactor === 1 ? 0 : hashKey(record.partitionKey, LANE_HASH_BASIS) % this.parallelizationFactor;
  }

  /** Deliver one batch until it succeeds or is given up on. */
  private async deliver(shardId: string, batch: StreamRecord[]): Promise<void> {
    const queue: Pending[] = [{ records: batch, retries: 0, invocations: 0 }];
    let throttles = 0;
    let successes = 0;
    let last: InvocationReport<unknown> | undefined;
    while (queue.length && !this.stopped) {
      const part = queue[0]!;
      const expired = this.expired(part.records);
      if (expired) {
        this.giveUp(shardId, part, part.records.splice(0, expired), 'MaximumRecordAgeExceeded', last);
        if (!part.records.length) queue.shift();
        continue;
      }
      this.sampleAge(part.records);
      const report = await this.options.target.execute({ Records: part.records.map((r) => this.recordFor(r)) });
      if (report.outcome === 'throttled') {
        // Before the invocation: retried until the records are too old, spending no retry.
        this.metrics.throttles++;
        await this.clock.sleep(this.backoff(++throttles));
        continue;
      }
      throttles = 0;
      last = report;
      part.invocations++;
      this.metrics.batches++;
      this.metrics.recordsDelivered += part.records.length;
      this.sampleAge(part.records);
      const failedAt = this.firstFailed(part.records, report);
      if (failedAt < 0) {
        successes++;
        if (this.duplicates({ shardId, records: part.records, deliveries: successes })) {
          this.metrics.duplicates++;
          continue;
        }
        queue.shift();
        successes = 0;
        continue;
      }
      successes = 0;
      const rest = part.records.slice(failedAt);
      if (this.maximumRetryAttempts >= 0 && part.retries >= this.maximumRetryAttempts) {
        this.giveUp(shardId, part, rest, 'RetryAttemptsExhausted', report);
        queue.shift();
        continue;
      }
      if (this.options.bisectBatchOnError && report.outcome !== 'success' && rest.length > 1) {
        // Splitting spends no retry ("Using Lambda with DynamoDB").
        const half = Math.ceil(rest.length / 2);
        queue.splice(0, 1, { ...part, records: rest.slice(0, half) }, { ...part, records: rest.slice(half) });
        this.metrics.bisects++;
        continue;
      }
      part.records = rest;
      part.retries++;
      this.metrics.retries++;
      await this.clock.sleep(this.backoff(part.retries));
    }
  }

  /** The index of the first record to deliver again, or -1 if the batch succeeded. */
  private firstFailed(records: readonly StreamRecord[], report: InvocationReport<unknown>): number {
    if (report.outcome !== 'success') return 0;
    if (!this.options.reportBatchItemFailures) return -1;
    const failures = (report.result as Partial<DynamoDBBatchResponse> | null | undefined)?.batchItemFailures;
    if (!failures?.length) return -1;
    const index = new Map(records.map((r, i) => [r.sequenceNumber, i]));
    let first = records.length;
    for (const failure of failures) {
      const at = index.get(failure?.itemIdentifier ?? '');
      // An identifier that names no record of the batch fails the whole batch.
      if (at === undefined) return 0;
      first = Math.min(first, at);
    }
    return first;
  }

  /** How many records at the batch's head are too old to deliver (records are in creation order). */
  private expired(records: readonly StreamRecord[]): number {
    const maxAgeMs = this.maximumRecordAgeSeconds === -1 ? Number.POSITIVE_INFINITY : this.maximumRecordAgeSeconds * 1000;
    const now = this.clock.now();
    let n = 0;
    while (n < records.length) {
      const age = now - records[n]!.approximateCreationTime;
      if (age <= maxAgeMs && age < this.retentionMs) break;
      n++;
    }
    return n;
  }

  private duplicates(batch: DeliveredBatch): boolean {
    const rule = this.duplicateRule;
    if (rule === null) return false;
    if (typeof rule === 'number') return rule > 0 && this.rng.next() < rule;
    return rule(batch);
  }

  /** Give up on `records` (to the on-failure destination: metadata to a queue, the records too to a bucket) and move on. */
  private giveUp(
    shardId: string,
    part: Pending,
    records: readonly StreamRecord[],
    condition: StreamFailureCondition,
    last: InvocationReport<unknown> | undefined,
  ): void {
    this.sampleAge(records);
    this.metrics.failedBatches++;
    this.metrics.discardedRecords += records.length;
    const first = records[0]!;
    const end = records[records.length - 1]!;
    this.options.onFailure?.send(
      {
        requestContext: {
          requestId: last?.requestId,
          functionArn: `arn:aws:lambda:us-east-1:000000000000:function:${this.options.target.name}`,
          condition,
          approximateInvokeCount: part.invocations,
        },
        responseContext: {
          statusCode: 200,
          executedVersion: '$LATEST',
          ...(last && last.outcome !== 'success' ? { functionError: 'Unhandled' } : {}),
        },
        version: '1.0',
        timestamp: new Date(this.clock.now()).toISOString(),
        DDBStreamBatchInfo: {
          shardId,
          startSequenceNumber: first.sequenceNumber,
          endSequenceNumber: end.sequenceNumber,
          approximateArrivalOfFirstRecord: new Date(first.approximateCreationTime).toISOString(),
          approximateArrivalOfLastRecord: new Date(end.approximateCreationTime).toISOString(),
          batchSize: records.length,
          streamArn: this.streamArn,
        },
      },
      { Records: records.map((r) => this.recordFor(r)) },
    );
  }

  private sampleAge(records: readonly StreamRecord[]): void {
    const age = this.clock.now() - records[0]!.approximateCreationTime;
    if (age > this.metrics.maxIteratorAgeMs) this.metrics.maxIteratorAgeMs = age;
  }

  private recordFor(record: StreamRecord): DynamoDBRecord {
    let delivered = this.delivered.get(record);
    if (!delivered) this.delivered.set(record, (delivered = toDynamoDBRecord(record, this.streamArn)));
    return delivered;
  }
}

function whole(what: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${what} must be a whole number ${min}–${max}, got ${value}`);
  return value;
}
