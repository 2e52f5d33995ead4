/**
 * The memory stores' stream as the local runtime reads it (local/memory-stream.ts), with the
 * DynamoDB poller's guarantees: every stored item handed over in the order stored, as a DynamoDB
 * stream image; a batch the handler reports as failed read again from the failed record — at
 * least once, in order — and `drain` resolving only once everything stored so far is handled.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { MemoryStream } from '../../functions/adapters/memory/stream';
import { startMemoryStreamPoller } from '../../local/memory-stream';

const items = (event: DynamoDBStreamEvent) =>
  event.Records.map((r) => unmarshall(r.dynamodb!.NewImage as Record<string, AttributeValue>) as { kind: string; n: number });

describe("the memory stores' stream", () => {
  it('hands every item over once, in order, as DynamoDB stream images, and drains', async () => {
    const stream = new MemoryStream();
    const seen: number[] = [];
    const poller = startMemoryStreamPoller(stream, async (event) => {
      expect(event.Records.every((r) => r.eventName === 'INSERT')).toBe(true);
      seen.push(...items(event).map((i) => i.n));
      return { batchItemFailures: [] };
    });
    for (let n = 1; n <= 250; n++) stream.insert({ kind: 'commit', n });
    await poller.drain();
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    stream.insert({ kind: 'commit', n: 251 });
    await poller.drain();
    expect(seen.at(-1)).toBe(251);
    await poller.stop();
  });

  it('reads a failed record and those after it again, in order, until the handler takes them', async () => {
    const stream = new MemoryStream();
    const seen: number[] = [];
    let failures = 0;
    const poller = startMemoryStreamPoller(stream, async (event): Promise<DynamoDBBatchResponse> => {
      const batch = items(event);
      const failing = batch.findIndex((i) => i.n === 3);
      // Record 3 fails the first time: 1 and 2 are done, 3 and 4 come again.
      if (failing >= 0 && failures++ === 0) {
        seen.push(...batch.slice(0, failing).map((i) => i.n));
        return { batchItemFailures: event.Records.slice(failing).map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
      }
      seen.push(...batch.map((i) => i.n));
      return { batchItemFailures: [] };
    });
    for (let n = 1; n <= 4; n++) stream.insert({ kind: 'commit', n });
    await poller.drain();
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(failures).toBe(2);
    await poller.stop();
  });

  it('keeps its own copy of each item: what the store changes after storing it does not reach the stream', async () => {
    const stream = new MemoryStream();
    const stored = { kind: 'commit', n: 1 };
    stream.insert(stored);
    stored.n = 99;
    expect(stream.read(0, 10).map((r) => r.item)).toEqual([{ kind: 'commit', n: 1 }]);
  });
});
