/**
 * What a stream event source mapping reads: a stream's shards of ordered records. The DynamoDB
 * model implements `StreamSource` (or keeps a `MemoryStream`, which does); the mapping turns
 * records into the DynamoDBStreamEvent a handler gets.
 */
import type { VirtualClock } from '../clock';
import { STREAM_LIMITS } from './limits';

/** One change to the table, as the stream keeps it (images unmarshalled: plain items). */
export interface StreamRecord {
  /** Increasing within its shard (a decimal string, as DynamoDB's). */
  sequenceNumber: string;
  /** The item's partition key value: it decides the shard, and the mapping's lane within it. */
  partitionKey: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item's key attributes (partition and sort key). */
  keys: Record<string, unknown>;
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
  /** Virtual ms when the change was written. */
  approximateCreationTime: number;
}

export interface StreamShard {
  readonly shardId: string;
  /**
   * The shard's records still held, oldest first, appended to as writes happen (a live array).
   * Records older than the stream's retention count as trimmed whether or not still here.
   */
  readonly records: readonly StreamRecord[];
  /** Records dropped from the front: a reader's position `p` is `records[p - dropped]`. */
  readonly dropped: number;
}

export interface StreamSource {
  /**
   * A reader (an event source mapping: every shard, each lane of it) starts reading; the
   * function it returns says it stopped. Throws when the stream has as many readers as a shard
   * allows at once (STREAM_LIMITS.maxReadersPerShard).
   */
  addReader(reader: object): () => void;
  /** The shards (live: their records grow; new shards may appear). */
  shards(): readonly StreamShard[];
  /** Resolves at the next record appended to any shard (or the next shard added). */
  changed(): Promise<void>;
  /**
   * A reader (one mapping's lane) has everything before `position` of the shard done; a source
   * may drop records every registered reader is past. Nothing a reader can still ask for goes.
   */
  checkpoint?(reader: object, shardId: string, position: number): void;
}

/**
 * A small stable string hash (FNV-1a, 32 bits): a key's shard, a key's lane. The lane uses
 * another basis, so keys of one shard still spread over all its lanes.
 */
export function hashKey(key: string, basis = 0x811c9dc5): number {
  let h = basis;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface MemoryStreamOptions {
  clock: VirtualClock;
  /** Shards (a table's partitions); a partition key always writes to the same one. */
  shardCount?: number;
}

interface HeldShard {
  shardId: string;
  records: StreamRecord[];
  dropped: number;
  readers: Map<object, number>;
}

/** Records dropped at once, when every reader is past them (a long run's images would fill the heap). */
const DROP_EVERY = 200;

/** A stream kept in memory: the DynamoDB model appends to one, tests do. */
export class MemoryStream implements StreamSource {
  private readonly clock: VirtualClock;
  private readonly all: HeldShard[];
  /** The readers reading it now (event source mappings; their lanes checkpoint in each shard's `readers`). */
  private readonly attached = new Set<object>();
  private sequence = 0;
  private wake: () => void = () => {};
  private next: Promise<void>;

  constructor(options: MemoryStreamOptions) {
    this.clock = options.clock;
    const count = options.shardCount ?? 1;
    this.all = Array.from({ length: count }, (_, i) => ({
      shardId: `shardId-${String(i).padStart(8, '0')}`,
      records: [],
      dropped: 0,
      readers: new Map(),
    }));
    this.next = this.renew();
  }

  addReader(reader: object): () => void {
    if (this.attached.has(reader)) throw new Error('this reader already reads the stream');
    if (this.attached.size >= STREAM_LIMITS.maxReadersPerShard)
      throw new Error(
        `a DynamoDB stream's shard allows at most ${STREAM_LIMITS.maxReadersPerShard} readers at once (more are throttled); this stream has ${this.attached.size} already`,
      );
    this.attached.add(reader);
    return () => void this.attached.delete(reader);
  }

  shards(): readonly StreamShard[] {
    return this.all;
  }

  changed(): Promise<void> {
    return this.next;
  }

  checkpoint(reader: object, shardId: string, position: number): void {
    const shard = this.all.find((s) => s.shardId === shardId);
    if (!shard) return;
    shard.readers.set(reader, position);
    const past = Math.min(...shard.readers.values()) - shard.dropped;
    if (past < DROP_EVERY) return;
    shard.records.splice(0, past);
    shard.dropped += past;
  }

  /** Records held, over all shards (what the stream costs the simulator's memory). */
  get held(): number {
    return this.all.reduce((n, s) => n + s.records.length, 0);
  }

  /** Record a change now; its shard is the partition key's. */
  append(change: Omit<StreamRecord, 'sequenceNumber' | 'approximateCreationTime'>): StreamRecord {
    const record: StreamRecord = {
      ...change,
      sequenceNumber: String(++this.sequence).padStart(21, '0'),
      approximateCreationTime: this.clock.now(),
    };
    this.all[hashKey(change.partitionKey) % this.all.length]!.records.push(record);
    const wake = this.wake;
    this.next = this.renew();
    wake();
    return record;
  }

  private renew(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }
}
