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
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';

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

interface Pending {
  input: PutCommandInput;
  /** The item's key: two writes of one item cannot share a transaction. */
  key: string;
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
    return new Promise((resolve, reject) => {
      const pending = { input, key, bytes: this.group ? JSON.stringify(input.Item).length : 0, resolve, reject };
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
    for (const p of this.queue) {
      const free = !keys.has(p.key) && !this.busyKeys.has(p.key);
      // The first free one always goes (an item too big for any group gets DynamoDB's own answer, alone).
      if (free && (batch.length === 0 || (batch.length < MAX_ITEMS && bytes + p.bytes <= MAX_BYTES))) {
        batch.push(p);
        keys.add(p.key);
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
    try {
      const out = await this.db.send(new PutCommand({ ...p.input, ReturnConsumedCapacity: 'TOTAL' }));
      this.stats.items++;
      p.resolve({ stored: true, units: out.ConsumedCapacity?.CapacityUnits ?? 0 });
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) p.resolve({ stored: false, units: 1 });
      else p.reject(error);
    }
  }

  private async together(batch: Pending[]): Promise<void> {
    this.stats.requests++;
    try {
      const out = await this.db.send(
        new TransactWriteCommand({
          TransactItems: batch.map(({ input }) => ({ Put: input })),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      const units = (out.ConsumedCapacity?.[0]?.CapacityUnits ?? 0) / batch.length;
      this.stats.items += batch.length;
      for (const p of batch) p.resolve({ stored: true, units });
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      const lost = batch.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed');
      if (lost.length === 0) {
        // Not a lost race (throttling, a conflict with another transaction…): each on its own.
        await Promise.all(batch.map((p) => this.single(p)));
        return;
      }
      // The transaction wrote nothing: the puts whose condition failed lost their race; the others go again first.
      for (const p of lost) p.resolve({ stored: false, units: 1 });
      this.queue.unshift(...batch.filter((p) => !lost.includes(p)));
    }
  }
}
