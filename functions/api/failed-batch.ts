/**
 * A batch a stream reader gave up on, as Lambda writes it to the mapping's S3 on-failure
 * destination: the invocation record of the SQS/SNS destinations (requestContext,
 * responseContext, DDBStreamBatchInfo) plus `payload`, "the original invocation record as an
 * escaped JSON string" — the DynamoDBStreamEvent the function was last invoked with, its records
 * whole. ("Retain discarded records for a DynamoDB event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html, "Example Amazon S3
 * invocation record".) A payload that is already an object is read too (LocalStack writes one).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import * as z from 'zod';

const streamRecord = z.looseObject({
  eventName: z.string().optional(),
  dynamodb: z.looseObject({ SequenceNumber: z.string().optional() }).optional(),
});
const streamEvent = z.looseObject({ Records: z.array(streamRecord).min(1) });

const invocationRecord = z.looseObject({
  requestContext: z.looseObject({ functionArn: z.string(), condition: z.string() }),
  DDBStreamBatchInfo: z.looseObject({ shardId: z.string(), startSequenceNumber: z.string(), batchSize: z.number() }),
  payload: z.union([z.string(), z.looseObject({})]),
});

export interface FailedBatch {
  /** Why the mapping gave up: RetryAttemptsExhausted or MaximumRecordAgeExceeded. */
  condition: string;
  functionArn: string;
  shardId: string;
  /** The records, as the function gets them: hand it to the reader's handler. */
  event: DynamoDBStreamEvent;
}

/** The batch an object holds; an Error saying what is wrong when it is not one. */
export function parseFailedBatch(text: string): FailedBatch {
  const json = (value: string, what: string): unknown => {
    try {
      return JSON.parse(value);
    } catch {
      throw new Error(`${what} is not JSON`);
    }
  };
  const record = invocationRecord.safeParse(json(text, 'the object'));
  if (!record.success) throw new Error(`not a stream batch's invocation record: ${z.prettifyError(record.error)}`);
  const { payload, requestContext, DDBStreamBatchInfo } = record.data;
  const event = streamEvent.safeParse(typeof payload === 'string' ? json(payload, 'its payload') : payload);
  if (!event.success) throw new Error(`its payload is not a batch of stream records: ${z.prettifyError(event.error)}`);
  return {
    condition: requestContext.condition,
    functionArn: requestContext.functionArn,
    shardId: DDBStreamBatchInfo.shardId,
    event: event.data as unknown as DynamoDBStreamEvent,
  };
}
