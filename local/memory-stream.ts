/**
 * Reads the memory stores' stream (functions/adapters/memory/stream.ts) as the DynamoDB poller
 * (stream.ts) reads the table's, and hands the same handlers the same events: batches in order,
 * each record's new image marshalled as DynamoDB sends it, at least once (a batch the handler
 * reports as failed is read again from the failed record after a pause).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { MemoryStream } from '../functions/adapters/memory/stream';
import type { StreamPoller } from './stream';

const BATCH = 100;
const RETRY_PAUSE_MS = 500;

export function startMemoryStreamPoller(
  stream: MemoryStream,
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>,
): StreamPoller {
  let position = 0;
  let stopped = false;
  let idle: (() => void)[] = [];
  let wakeStop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (wakeStop = resolve));

  const loop = (async () => {
    while (!stopped) {
      const records = stream.read(position, BATCH);
      if (!records.length) {
        for (const wake of idle) wake();
        idle = [];
        await Promise.race([stream.next(), stopping]);
        continue;
      }
      const event = {
        Records: records.map((r) => ({
          eventName: 'INSERT',
          dynamodb: { SequenceNumber: String(r.sequence), NewImage: marshall(r.item, { removeUndefinedValues: true }) },
        })),
      } as unknown as DynamoDBStreamEvent;
      let failed: string | undefined;
      try {
        failed = (await handler(event))?.batchItemFailures?.[0]?.itemIdentifier;
      } catch (error) {
        console.error('reacting to the stream failed:', (error as Error).message);
        failed = String(records[0]!.sequence);
      }
      if (failed === undefined) {
        position += records.length;
        continue;
      }
      // Read the failed record again after a pause: at least once, in order.
      position = Number(failed) - 1;
      await Promise.race([new Promise((r) => setTimeout(r, RETRY_PAUSE_MS)), stopping]);
    }
  })();

  return {
    drain: () =>
      new Promise<void>((resolve) => {
        if (position >= stream.length) return resolve();
        idle.push(resolve);
      }),
    async stop() {
      stopped = true;
      wakeStop();
      await loop;
    },
  };
}
