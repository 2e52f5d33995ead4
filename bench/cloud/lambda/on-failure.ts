/**
 * Where a stream event source mapping reports the batches it gave up on: an SQS queue or SNS
 * topic gets the batch's metadata (its shard and the range of sequence numbers), not its records
 * ("Using Lambda with DynamoDB": to read them, go back to the stream, which keeps them 24 hours,
 * or to the table). The message's shape is Lambda's invocation record for stream sources.
 */

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
  send(failure: StreamBatchFailure): void;
}

/** A queue that keeps what it is sent (the stack's NotifyDeadLetters, RatingsDeadLetters). */
export class OnFailureQueue implements OnFailureDestination {
  readonly messages: StreamBatchFailure[] = [];

  send(failure: StreamBatchFailure): void {
    this.messages.push(failure);
  }
}
