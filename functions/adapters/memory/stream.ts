/**
 * The table's stream, in memory: every commit, chat message and ask for a sign-in link the
 * memory stores keep, in the order they were stored — the inserts the stream's reactors read
 * (the DynamoDB stream carries every change; the reactors act on these kinds only). The local runtime on memory stores
 * reads it as it reads the DynamoDB stream (local/memory-stream.ts).
 */
export interface StreamRecord {
  /** 1, 2, 3… in the order stored. */
  sequence: number;
  item: Record<string, unknown>;
}

export class MemoryStream {
  private readonly records: StreamRecord[] = [];
  private readonly waiting = new Set<() => void>();

  /** An item was stored (a copy is kept: the stream holds the item's image, not the object). */
  insert(item: Record<string, unknown>): void {
    this.records.push({ sequence: this.records.length + 1, item: structuredClone(item) });
    for (const wake of [...this.waiting]) wake();
    this.waiting.clear();
  }

  /** The records after `sequence`, at most `limit`. */
  read(after: number, limit: number): StreamRecord[] {
    return this.records.slice(after, after + limit);
  }

  /** How many records were stored so far. */
  get length(): number {
    return this.records.length;
  }

  /** Resolves at the next insert. */
  next(): Promise<void> {
    return new Promise((resolve) => this.waiting.add(resolve));
  }
}
