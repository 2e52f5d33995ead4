/**
 * Group commit, for a process that writes the commits of many games at once (the local
 * runtime): conditional puts that arrive while a write is on its way go together in the next
 * one, as one TransactWriteItems — one request and one disk sync in DynamoDB Local instead of
 * one each, every item still under its own condition. A lone put is a plain PutItem, so a quiet
 * server answers as fast as before. Not for Lambda: an instance has one command at a time, and
 * DynamoDB bills a transactional write twice.
 *
 * One writer serves the whole app (functions/app/games.ts, `groupWriter`): the stream's
 * conditional puts (the players' index) join the requests' commits, so they too share a disk sync.
 * So do the index's moves (`write`): a unit of several items that holds or fails as one.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type PutCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** DynamoDB's limits for one transaction: 100 items, 4 MB (kept well below). */
const MAX_ITEMS = 100;
const MAX_BYTES = 2 * 1024 * 1024;
/**
 * Groups on their way at once: while the store writes one, the next is sent, so it never waits
 * for this process between two (one at a time left DynamoDB Local idle a fifth of the time).
 */
const IN_FLIGHT = 2;

/** The outcome of one put: stored, or its condition failed; with the write units it used. */
export interface PutResult {
  stored: boolean;
  units: number;
}

/** One item of a transaction (Put, Delete, Update or ConditionCheck). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

interface Pending {
  /** The unit's items: a conditional put, or a move of several that holds or fails as one. */
  items: TransactItem[];
  /** The items' keys: two writes of one item cannot share a transaction. */
  keys: string[];
  bytes: number;
  resolve(result: PutResult): void;
  reject(error: unknown): void;
}

export class GroupWriter {
  private queue: Pending[] = [];
  /** Groups on their way, and the keys they hold (an item goes in one group at a time). */
  private writing = 0;
  private readonly busyKeys = new Set<string>();
  /** Requests sent and items written (the tests read them). */
  readonly stats = { requests: 0, items: 0 };

  /** `group` false: every put is its own PutItem (Lambda). */
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly group: boolean,
  ) {}

  put(input: PutCommandInput, key: string): Promise<PutResult> {
    return this.write([{ Put: input as never }], [key]);
  }

  /**
   * Several items under their conditions, stored together or not at all (`stored` false when a
   * condition failed; any other cancellation, e.g. a conflict with another writer, is thrown).
   * `keys`: each item's key.
   */
  write(items: TransactItem[], keys: string[]): Promise<PutResult> {
    return new Promise((resolve, reject) => {
      const pending = { items, keys, bytes: this.group ? JSON.stringify(items).length : 0, resolve, reject };
      if (!this.group) return void this.single(pending);
      this.queue.push(pending);
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing >= IN_FLIGHT || this.queue.length === 0) return;
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const keys = new Set<string>();
    let bytes = 0;
    let items = 0;
    for (const p of this.queue) {
      const free = p.keys.every((k) => !keys.has(k) && !this.busyKeys.has(k));
      // The first free one always goes (an item too big for any group gets DynamoDB's own answer, alone).
      if (free && (batch.length === 0 || (items + p.items.length <= MAX_ITEMS && bytes + p.bytes <= MAX_BYTES))) {
        batch.push(p);
        for (const k of p.keys) keys.add(k);
        items += p.items.length;
        bytes += p.bytes;
      } else rest.push(p);
    }
    if (batch.length === 0) return;
    this.queue = rest;
    this.writing++;
    for (const key of keys) this.busyKeys.add(key);
    // The next group can form while this one is on its way.
    void this.flush();
    try {
      if (batch.length === 1) await this.single(batch[0]!);
      else await this.together(batch);
    } finally {
      this.writing--;
      for (const key of keys) this.busyKeys.delete(key);
      void this.flush();
    }
  }

  private async single(p: Pending): Promise<void> {
    this.stats.requests++;
    const put = p.items.length === 1 ? p.items[0]!.Put : undefined;
    try {
      if (put) {
        const out = await this.db.send(new PutCommand({ ...(put as PutCommandInput), ReturnConsumedCapacity: 'TOTAL' }));
        this.stats.items++;
        p.resolve({ stored: true, units: out.ConsumedCapacity?.CapacityUnits ?? 0 });
        return;
      }
      const out = await this.db.send(new TransactWriteCommand({ TransactItems: p.items, ReturnConsumedCapacity: 'TOTAL' }));
      this.stats.items += p.items.length;
      p.resolve({ stored: true, units: out.ConsumedCapacity?.[0]?.CapacityUnits ?? 0 });
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) p.resolve({ stored: false, units: 1 });
      else if (error instanceof TransactionCanceledException && error.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed'))
        p.resolve({ stored: false, units: p.items.length });
      else p.reject(error);
    }
  }

  private async together(batch: Pending[]): Promise<void> {
    this.stats.requests++;
    try {
      const items = batch.flatMap((p) => p.items);
      const out = await this.db.send(new TransactWriteCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }));
      const units = (out.ConsumedCapacity?.[0]?.CapacityUnits ?? 0) / items.length;
      this.stats.items += items.length;
      for (const p of batch) p.resolve({ stored: true, units: units * p.items.length });
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      // Each unit's reasons: its items' places in the transaction.
      const starts = batch.map((_, i) => batch.slice(0, i).reduce((n, p) => n + p.items.length, 0));
      const lost = batch.filter((p, i) =>
        reasons.slice(starts[i], starts[i]! + p.items.length).some((r) => r?.Code === 'ConditionalCheckFailed'),
      );
      if (lost.length === 0) {
        // Not a lost race (throttling, a conflict with another transaction…): each on its own.
        await Promise.all(batch.map((p) => this.single(p)));
        return;
      }
      // The transaction wrote nothing: the puts whose condition failed lost their race; the others go again first.
      for (const p of lost) p.resolve({ stored: false, units: p.items.length });
      this.queue.unshift(...batch.filter((p) => !lost.includes(p)));
    }
  }
}
