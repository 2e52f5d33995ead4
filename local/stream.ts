/**
 * Reads the table's DynamoDB Stream on DynamoDB Local, as Lambda's event source mapping does in
 * the cloud, and hands batches to the same stream handler: in order per shard, at least once
 * (a batch the handler reports as failed is read again from the failed record after a pause).
 * The position in each shard is kept in a checkpoint file, so a restart resumes where it was.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_CREDENTIALS } from './dynamodb';

/** The saved positions per shard: {} when there are none yet, undefined when the file cannot be read. */
function readCheckpoints(file: string | null): Record<string, string> | undefined {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    console.error(`the stream checkpoint ${file} is unreadable (${(error as Error).message}); reading the stream from its oldest record`);
    return undefined;
  }
}

const DESCRIBE_EVERY_MS = 5000;
/**
 * The pause between reads while records keep coming: they gather into larger batches, and the
 * store answers fewer reads (an empty GetRecords costs DynamoDB Local ≈ 0.9 ms of CPU, as much
 * as a grouped write of one item).
 */
const BUSY_PAUSE_MS = 50;
const SAVE_EVERY_MS = 1000;

/** Reads this process's pollers made of the store so far (the pipeline bench's profile of the store's work). */
export const streamReads = { getRecords: 0, empty: 0 };

export interface StreamPoller {
  /** Resolve once every record written so far has been handled. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface Shard {
  iterator: string | undefined;
  closed: boolean;
}

export async function startStreamPoller(opts: {
  endpoint: string;
  tableName: string;
  checkpointFile: string | null;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
  intervalMs?: number;
}): Promise<StreamPoller> {
  const client = { endpoint: opts.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS };
  const table = new DynamoDBClient(client);
  const streams = new DynamoDBStreamsClient(client);
  const streamArn = (await table.send(new DescribeTableCommand({ TableName: opts.tableName }))).Table?.LatestStreamArn;
  table.destroy();
  if (!streamArn) throw new Error(`table ${opts.tableName} has no stream`);

  const saved = readCheckpoints(opts.checkpointFile);
  const checkpoints = saved ?? {};
  const shards = new Map<string, Shard>();
  // Without checkpoints a first start reads from now on; with unreadable ones, from the oldest
  // record kept (deliveries already made are skipped by the notifier, so nothing is lost).
  let firstRound = saved !== undefined;
  let stopped = false;
  let idle: (() => void)[] = [];

  const iterator = async (shardId: string, type: ShardIteratorType, sequence?: string) =>
    (
      await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequence }),
      )
    ).ShardIterator;

  /** Where to start reading a shard: after its checkpoint; new shards from their start, except at the first start. */
  const startOf = (shardId: string) => {
    const seen = checkpoints[shardId];
    if (seen) return iterator(shardId, 'AFTER_SEQUENCE_NUMBER', seen);
    return iterator(shardId, firstRound ? 'LATEST' : 'TRIM_HORIZON');
  };

  // Written to a temporary file, then renamed over the old one: a crash never leaves half a file.
  // At most every SAVE_EVERY_MS while busy, and at stop: a crash in between only hands the
  // reactions some records again, which they allow (at least once, each idempotent).
  let savedAt = 0;
  const save = (now = false) => {
    if (!opts.checkpointFile || (!now && Date.now() - savedAt < SAVE_EVERY_MS)) return;
    savedAt = Date.now();
    writeFileSync(`${opts.checkpointFile}.tmp`, JSON.stringify(checkpoints));
    renameSync(`${opts.checkpointFile}.tmp`, opts.checkpointFile);
  };

  let retrying = false;

  /** One pass over every shard; returns how many records were handled. */
  let described = 0;

  async function poll(): Promise<number> {
    retrying = false;
    // New shards appear rarely (when one closes): look for them now and then, not on every pass.
    const open = [...shards.values()].some((s) => !s.closed);
    if (!open || Date.now() - described >= DESCRIBE_EVERY_MS) {
      described = Date.now();
      const stream = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      for (const s of stream.StreamDescription?.Shards ?? []) {
        if (s.ShardId && !shards.has(s.ShardId)) shards.set(s.ShardId, { iterator: await startOf(s.ShardId), closed: false });
      }
    }
    firstRound = false;
    let handled = 0;
    for (const [shardId, shard] of shards) {
      if (shard.closed || !shard.iterator) continue;
      let out: GetRecordsCommandOutput;
      try {
        out = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 100 }));
      } catch (error) {
        if (!(error instanceof ExpiredIteratorException)) throw error;
        shard.iterator = await startOf(shardId);
        continue;
      }
      const records = out.Records ?? [];
      streamReads.getRecords++;
      if (!records.length) streamReads.empty++;
      if (records.length) {
        const result = await opts.handler({ Records: records } as unknown as DynamoDBStreamEvent);
        const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
        const done = failed
          ? records.slice(
              0,
              records.findIndex((r) => r.dynamodb?.SequenceNumber === failed),
            )
          : records;
        const last = done.at(-1)?.dynamodb?.SequenceNumber;
        if (last) checkpoints[shardId] = last;
        save();
        handled += done.length;
        if (failed) {
          // Read the failed record again after a pause: at least once, in order. Not idle yet.
          shard.iterator = await iterator(shardId, 'AT_SEQUENCE_NUMBER', failed);
          retrying = true;
          continue;
        }
      }
      shard.iterator = out.NextShardIterator;
      if (!shard.iterator) shard.closed = true;
    }
    return handled;
  }

  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await poll();
      } catch (error) {
        if (!stopped) console.error('reading the stream failed:', (error as Error).message);
      }
      if (handled === 0 && !retrying) {
        for (const wake of idle) wake();
        idle = [];
      }
      // Busy: a short pause lets records gather into larger batches (fewer reads per record).
      await new Promise((r) => setTimeout(r, retrying ? 500 : handled ? BUSY_PAUSE_MS : (opts.intervalMs ?? 200)));
    }
  })();

  return {
    drain: () =>
      new Promise<void>((resolve) => {
        // Wait for two quiet passes, so a pass that began before the caller's writes does not count.
        let quiet = 0;
        const wait = () => idle.push(() => (++quiet >= 2 ? resolve() : wait()));
        wait();
      }),
    async stop() {
      stopped = true;
      await loop;
      save(true);
      streams.destroy();
    },
  };
}
