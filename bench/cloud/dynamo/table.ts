/**
 * One DynamoDB table in memory, as the service behaves and bills ("Service, account, and table
 * quotas in Amazon DynamoDB"; "Best practices for designing and using partition keys
 * effectively"; "Read/write capacity mode"): items by partition key, sorted by sort key as
 * DynamoDB sorts them (by UTF-8 bytes); every request metered in read and write units and
 * charged to its partition key's second; a key that would pass 1,000 write units or 3,000 read
 * units in one second is throttled (nothing done, nothing billed); items over 400 KB and
 * transactions over 100 items or 4 MB refused; a failed conditional write billed all the same.
 * Every change goes to the stream (the Lambda model's `MemoryStream` shards and orders it).
 */
import type { VirtualClock } from '../clock';
import type { Doc } from './expressions';
import { itemSize, KB, readUnits, writeUnits } from './item-size';

export const LIMITS = {
  /** Per partition key and second ("Best practices for designing and using partition keys effectively"). */
  writeUnitsPerSecond: 1000,
  readUnitsPerSecond: 3000,
  itemBytes: 400 * KB,
  transactionItems: 100,
  transactionBytes: 4 * KB * KB,
  /** One Query page ("Query": 1 MB of data read before any filter). */
  queryPageBytes: KB * KB,
} as const;

/** A change as the table hands it to its stream (the stream numbers and shards it). */
export interface ItemChange {
  partitionKey: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  keys: Doc;
  newImage?: Doc;
  oldImage?: Doc;
}

export interface Usage {
  readUnits: number;
  writeUnits: number;
  requests: number;
  throttled: number;
  conditionalFailures: number;
}

/** A request DynamoDB refused for its partition key's throughput (the SDK retries it). */
export class ThroughputExceeded extends Error {
  override readonly name = 'ProvisionedThroughputExceededException';
  readonly $retryable = { throttling: true };
}

export class ValidationError extends Error {
  override readonly name = 'ValidationException';
}

const compareKeys = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export class TableModel {
  private readonly partitions = new Map<string, Map<string, Doc>>();
  private readonly sortedKeys = new Map<string, string[] | null>();
  /** `${pk}\u0000${second}` → units used in that second. */
  private readonly seconds = new Map<string, { read: number; write: number }>();
  /** Peak units per partition key in any one second, and the second (ms) of the write peak. */
  readonly peaks = new Map<string, { read: number; write: number; writeSecond?: number }>();
  /** What was written to each key in its write-peak second: items by their `kind` (what made it hot). */
  readonly peakWrites = new Map<string, Record<string, number>>();
  /** Items written to each key in the second it was last written, by `kind` (pruned as seconds pass). */
  private readonly writesThisSecond = new Map<string, { second: number; kinds: Record<string, number> }>();
  readonly usage: Usage = { readUnits: 0, writeUnits: 0, requests: 0, throttled: 0, conditionalFailures: 0 };
  /**
   * Units billed by kind of partition key (what comes before its first `#`: GAME, PLAYER,
   * LOBBYWATCH…), and within a kind by whom `chargedTo` names (a function; `outside` for none).
   */
  readonly usageByKind = new Map<
    string,
    { readUnits: number; writeUnits: number; by: Record<string, { readUnits: number; writeUnits: number }> }
  >();
  /** Who is making the request now (the simulator names the Lambda function running), for `usageByKind`. */
  chargedTo: () => string | undefined = () => undefined;
  /** Changes handed to the stream (the stream keeps them, not the table: a long run would hold every image twice). */
  changes = 0;

  constructor(
    readonly name: string,
    private readonly clock: VirtualClock,
    /** Where each change goes (the stream the Lambda model's event source mappings read). */
    private readonly sink?: (change: ItemChange) => void,
    readonly keySchema: { partition: string; sort: string } = { partition: 'pk', sort: 'sk' },
  ) {}

  keyOf(item: Doc): { pk: string; sk: string } {
    const pk = item[this.keySchema.partition];
    const sk = item[this.keySchema.sort];
    if (typeof pk !== 'string' || typeof sk !== 'string')
      throw new ValidationError('One of the required keys was not given a value (or not a string)');
    return { pk, sk };
  }

  get(pk: string, sk: string): Doc | undefined {
    return this.partitions.get(pk)?.get(sk);
  }

  /** The partition's sort keys in DynamoDB's order. */
  sortKeys(pk: string): string[] {
    let keys = this.sortedKeys.get(pk);
    if (!keys) {
      keys = [...(this.partitions.get(pk)?.keys() ?? [])].sort(compareKeys);
      this.sortedKeys.set(pk, keys);
    }
    return keys;
  }

  /** Refuse an item DynamoDB would not store. */
  checkItem(item: Doc): number {
    const bytes = itemSize(item);
    if (bytes > LIMITS.itemBytes) throw new ValidationError('Item size has exceeded the maximum allowed size');
    return bytes;
  }

  /**
   * Charge units to partition keys for this second, or throw ThroughputExceeded (charging
   * nothing) if any key would pass its limit. Billing counts them too.
   */
  charge(charges: { pk: string; read?: number; write?: number }[]): void {
    const second = Math.floor(this.clock.now() / 1000);
    if (this.throttleWindow && this.clock.now() >= this.throttleWindow.from && this.clock.now() < this.throttleWindow.to) {
      this.usage.throttled++;
      throw new ThroughputExceeded('Throughput exceeds the current capacity of your table (an injected burst of throttling)');
    }
    const slot = (pk: string) => `${pk}\u0000${second}`;
    for (const c of charges) {
      const used = this.seconds.get(slot(c.pk)) ?? { read: 0, write: 0 };
      if (used.write + (c.write ?? 0) > LIMITS.writeUnitsPerSecond || used.read + (c.read ?? 0) > LIMITS.readUnitsPerSecond) {
        this.usage.throttled++;
        throw new ThroughputExceeded(`Throughput exceeds the current capacity for the partition key ${c.pk}`);
      }
    }
    for (const c of charges) {
      const used = this.seconds.get(slot(c.pk)) ?? { read: 0, write: 0 };
      used.read += c.read ?? 0;
      used.write += c.write ?? 0;
      this.seconds.set(slot(c.pk), used);
      const peak = this.peaks.get(c.pk) ?? { read: 0, write: 0 };
      peak.read = Math.max(peak.read, used.read);
      if (used.write > peak.write) Object.assign(peak, { write: used.write, writeSecond: second * 1000 });
      this.peaks.set(c.pk, peak);
      this.usage.readUnits += c.read ?? 0;
      this.usage.writeUnits += c.write ?? 0;
      const kind = c.pk.split('#')[0]!;
      const byKind = this.usageByKind.get(kind) ?? { readUnits: 0, writeUnits: 0, by: {} };
      const who = (byKind.by[this.chargedTo() ?? 'outside'] ??= { readUnits: 0, writeUnits: 0 });
      for (const u of [byKind, who]) {
        u.readUnits += c.read ?? 0;
        u.writeUnits += c.write ?? 0;
      }
      this.usageByKind.set(kind, byKind);
    }
    // Seconds gone by are forgotten (the peaks keep what matters).
    if (this.seconds.size > 100_000) for (const k of this.seconds.keys()) if (!k.endsWith(`\u0000${second}`)) this.seconds.delete(k);
  }

  /** While set, every request is throttled (a fault: DynamoDB throttling the whole table for a while). */
  throttleWindow: { from: number; to: number } | null = null;

  /** Store (or delete, with `next` undefined) one item, and tell the stream. */
  write(pk: string, sk: string, next: Doc | undefined): void {
    const before = this.get(pk, sk);
    let partition = this.partitions.get(pk);
    if (next) {
      if (!partition) this.partitions.set(pk, (partition = new Map()));
      if (!partition.has(sk)) this.sortedKeys.set(pk, null);
      partition.set(sk, structuredClone(next));
    } else if (partition?.delete(sk)) {
      this.sortedKeys.set(pk, null);
      if (!partition.size) this.partitions.delete(pk);
    }
    if (!before && !next) return;
    this.noteWrite(pk, String((next ?? before)?.kind ?? 'unknown'));
    const change = {
      partitionKey: pk,
      eventName: !before ? ('INSERT' as const) : next ? ('MODIFY' as const) : ('REMOVE' as const),
      keys: { [this.keySchema.partition]: pk, [this.keySchema.sort]: sk },
      ...(next ? { newImage: structuredClone(next) } : {}),
      ...(before ? { oldImage: structuredClone(before) } : {}),
    };
    this.changes++;
    this.sink?.(change);
  }

  /** Count an item written to `pk` this second; while this is the key's peak second, keep the count. */
  private noteWrite(pk: string, kind: string): void {
    const second = Math.floor(this.clock.now() / 1000);
    let now = this.writesThisSecond.get(pk);
    if (now?.second !== second) {
      if (this.writesThisSecond.size > 100_000)
        for (const [k, v] of this.writesThisSecond) if (v.second !== second) this.writesThisSecond.delete(k);
      this.writesThisSecond.set(pk, (now = { second, kinds: {} }));
    }
    now.kinds[kind] = (now.kinds[kind] ?? 0) + 1;
    if (this.peaks.get(pk)?.writeSecond === second * 1000) this.peakWrites.set(pk, { ...now.kinds });
  }

  /** The partition keys, in no particular order (for reports). */
  partitionKeys(): string[] {
    return [...this.partitions.keys()];
  }

  /** How many items the table holds (for reports). */
  get itemCount(): number {
    let n = 0;
    for (const p of this.partitions.values()) n += p.size;
    return n;
  }

  static readUnitsFor(bytes: number, consistent: boolean): number {
    return consistent ? readUnits(bytes) : readUnits(bytes) / 2;
  }

  static writeUnitsFor(...bytes: number[]): number {
    return writeUnits(Math.max(...bytes, 0));
  }
}
