/**
 * Where a stream event source mapping reports the batches it gave up on ("Retain discarded
 * records for a DynamoDB event source in Lambda"): an SQS queue or SNS topic gets the batch's
 * metadata (its shard and the range of sequence numbers), not its records — to read them, go back
 * to the stream, which keeps them 24 hours, or to the table; an S3 bucket gets the same record
 * with `payload`, the invocation's event (its records whole) as an escaped JSON string, in an
 * object named aws/lambda/<mapping UUID>/<shard>/YYYY/MM/DD/YYYY-MM-DDTHH.MM.SS-<UUID>. The
 * shape is Lambda's invocation record for stream sources.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { MemoryFailedBatchStore } from '../../../functions/adapters/memory/failed-batches';

/** Why the batch was given up on. */
export type StreamFailureCondition = 'RetryAttemptsExhausted' | 'MaximumRecordAgeExceeded';

export interface StreamBatchFailure {
  requestContext: {
    /** The last invocation's request, if the batch ever ran. */
    requestId: string | undefined;
    functionArn: string;
    condition: StreamFailureCondition;
    approximateInvokeCount: number;
  };
  responseContext: {
    statusCode: number;
    executedVersion: string;
    /** 'Unhandled' when the last invocation failed (an error, a timeout, a crash). */
    functionError?: string;
  };
  version: '1.0';
  timestamp: string;
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    approximateArrivalOfFirstRecord: string;
    approximateArrivalOfLastRecord: string;
    batchSize: number;
    streamArn: string;
  };
}

export interface OnFailureDestination {
  /** The batch given up on: its invocation record, and the event it was last invoked with. */
  send(failure: StreamBatchFailure, event: DynamoDBStreamEvent): void;
  /** Batches sent so far. */
  readonly sent: number;
}

/** A queue (or topic) that keeps what it is sent: the metadata only. */
export class OnFailureQueue implements OnFailureDestination {
  readonly messages: StreamBatchFailure[] = [];

  get sent(): number {
    return this.messages.length;
  }

  send(failure: StreamBatchFailure): void {
    this.messages.push(failure);
  }
}

/** A bucket (the stack's NotifyFailedBatches, BotsFailedBatches): each batch an object, its records whole. */
export class OnFailureBucket implements OnFailureDestination {
  /** What `npm run redrive` reads and deletes (functions/api/redrive.ts). */
  readonly objects = new MemoryFailedBatchStore();
  sent = 0;

  /** `mapping`: the event source mapping's UUID, the first part of every key. */
  constructor(private readonly mapping: string) {}

  send(failure: StreamBatchFailure, event: DynamoDBStreamEvent): void {
    const at = failure.timestamp; // 2026-11-27T14:00:00.000Z
    const day = at.slice(0, 10).replaceAll('-', '/');
    const time = at.slice(0, 19).replaceAll(':', '.');
    // Lambda ends the key with a random UUID; a counter keeps a run repeatable, and same-second keys in order.
    const key = `aws/lambda/${this.mapping}/${failure.DDBStreamBatchInfo.shardId}/${day}/${time}-${String(++this.sent).padStart(8, '0')}`;
    this.objects.put(key, JSON.stringify({ ...failure, payload: JSON.stringify(event) }));
  }
}
