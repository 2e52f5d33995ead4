/**
 * `npm run redrive`'s work (scripts/redrive.ts), and the cloud simulator's: play the batches a
 * stream reader gave up on, kept whole in its bucket (api/failed-batch.ts), back through the
 * reader's own handler (handlers/stream.ts, handlers/bots.ts: a batch of the Bots function's may
 * hold automatic moves and ratings alike, each handed to its part), oldest first. An object goes
 * only once every record of it was handled; one whose records fail again stays for the next run,
 * as does one that is not a batch (said in `errors`). Replaying a record already handled changes
 * nothing (each reaction is idempotent by game and version), so a run interrupted anywhere is
 * simply run again.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { FailedBatchStore } from '../stores/failed-batches';
import { parseFailedBatch } from './failed-batch';

export interface RedriveSummary {
  /** Batches played back whole, and their objects deleted. */
  batches: number;
  /** The records those batches held. */
  records: number;
  /** Objects left in the bucket: a record failed again, or the object is not a batch. */
  left: number;
  /** Why each object left was left, by key. */
  errors: { key: string; error: string }[];
}

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export async function redrive(store: FailedBatchStore, handler: StreamHandler): Promise<RedriveSummary> {
  const summary: RedriveSummary = { batches: 0, records: 0, left: 0, errors: [] };
  const leave = (key: string, error: string) => {
    summary.left++;
    summary.errors.push({ key, error });
  };
  for (const key of await store.keys()) {
    const text = await store.read(key);
    if (text === null) continue; // taken meanwhile by another run
    let event: DynamoDBStreamEvent;
    try {
      event = parseFailedBatch(text).event;
    } catch (error) {
      leave(key, (error as Error).message);
      continue;
    }
    let failed: number;
    try {
      failed = (await handler(event))?.batchItemFailures?.length ?? 0;
    } catch (error) {
      leave(key, `the handler failed: ${(error as Error).message}`);
      continue;
    }
    if (failed) {
      leave(key, `${failed} of its ${event.Records.length} records failed again (the handler's log says why)`);
      continue;
    }
    await store.delete(key);
    summary.batches++;
    summary.records += event.Records.length;
  }
  return summary;
}

/** The table stream's readers (two: a shard allows no more at once), each with its own mapping and bucket. */
export const READERS = ['notify', 'bots'] as const;
export type ReaderName = (typeof READERS)[number];

/** Redrive every reader's bucket through that reader's handler; the summary of each. */
export async function redriveReaders(
  readers: Record<ReaderName, { store: FailedBatchStore; handler: StreamHandler }>,
): Promise<Record<ReaderName, RedriveSummary>> {
  const out = {} as Record<ReaderName, RedriveSummary>;
  for (const name of READERS) out[name] = await redrive(readers[name].store, readers[name].handler);
  return out;
}
