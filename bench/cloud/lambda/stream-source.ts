/**
 * What a stream event source mapping reads: a stream's shards of ordered records. The DynamoDB
 * model implements `StreamSource` (or keeps a `MemoryStream`, which does); the mapping turns
 * records into the DynamoDBStreamEvent a handler gets.
 */
import type { VirtualClock } from '../clock';

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
   * Every record written to the shard, oldest first, appended to as writes happen (a live
   * array). Records older than the stream's retention count as trimmed whether or not still here.
   */
  readonly records: readonly StreamRecord[];
}

export interface StreamSource {
  /** The shards (live: their records grow; new shards may appear). */
  shards(): readonly StreamShard[];
  /** Resolves at the next record appended to any shard (or the next shard added). */
  changed(): Promise<void>;
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

/** A stream kept in memory: the DynamoDB model may append to one, tests do. */
export class MemoryStream implements StreamSource {
  private readonly clock: VirtualClock;
  private readonly all: { shardId: string; records: StreamRecord[] }[];
  private sequence = 0;
  private wake: () => void = () => {};
  private next: Promise<void>;

  constructor(options: MemoryStreamOptions) {
    this.clock = options.clock;
    const count = options.shardCount ?? 1;
    this.all = Array.from({ length: count }, (_, i) => ({ shardId: `shardId-${String(i).padStart(8, '0')}`, records: [] }));
    this.next = this.renew();
  }

  shards(): readonly StreamShard[] {
    return this.all;
  }

  changed(): Promise<void> {
    return this.next;
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
