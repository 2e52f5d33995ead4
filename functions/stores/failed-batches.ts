/**
 * Where a stream reader's failed batches are kept: the S3 bucket its event source mapping names
 * as on-failure destination (infra/stack.ts), one object per batch given up on, written by Lambda
 * itself (api/failed-batch.ts reads one). Not part of the table and not used by the functions:
 * only `npm run redrive` (scripts/redrive.ts, api/redrive.ts) reads and deletes what is there.
 * Implementations: S3 (adapters/failed-batches/s3.ts) and memory (adapters/memory/failed-batches.ts).
 */
export interface FailedBatchStore {
  /** Every object's key, oldest batches first (Lambda's keys hold the time the batch was given up). */
  keys(): Promise<string[]>;
  /** The object's text, or null when it is gone (another redrive took it). */
  read(key: string): Promise<string | null>;
  /** Remove the object; removing one already gone is no error. */
  delete(key: string): Promise<void>;
}
