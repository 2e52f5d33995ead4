/**
 * A stream batch given up on, as Lambda writes it to a mapping's S3 on-failure destination — field
 * for field as "Retain discarded records for a DynamoDB event source in Lambda" shows it, with
 * `payload` (the invocation's event, as an escaped JSON string) — and a key as Lambda names it.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';

export function invocationRecord(
  records: readonly DynamoDBRecord[],
  options: { payloadAs?: 'string' | 'object'; function?: string } = {},
): string {
  const first = records[0]!.dynamodb!.SequenceNumber!;
  const last = records.at(-1)!.dynamodb!.SequenceNumber!;
  const payload = { Records: records };
  return JSON.stringify({
    requestContext: {
      requestId: randomUUID(),
      functionArn: `arn:aws:lambda:us-east-1:123456789012:function:Caravela-${options.function ?? 'Notify'}`,
      condition: 'MaximumRecordAgeExceeded',
      approximateInvokeCount: 40,
    },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    version: '1.0',
    timestamp: '2090-03-01T16:00:01.000Z',
    DDBStreamBatchInfo: {
      shardId: 'shardId-00000001573689847184-864758bb',
      startSequenceNumber: first,
      endSequenceNumber: last,
      approximateArrivalOfFirstRecord: '2090-03-01T10:00:00Z',
      approximateArrivalOfLastRecord: '2090-03-01T10:00:00Z',
      batchSize: records.length,
      streamArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/caravela/stream/2090-01-01T00:00:00.000',
    },
    payload: options.payloadAs === 'object' ? payload : JSON.stringify(payload),
  });
}

let objects = 0;
/** A key as Lambda names the object: aws/lambda/<mapping>/<shard>/YYYY/MM/DD/YYYY-MM-DDTHH.MM.SS-<uuid> (later calls sort later). */
export const failedBatchKey = () =>
  `aws/lambda/4f6c0d2e-mapping/shardId-1/2090/03/01/2090-03-01T16.${String(Math.floor(objects / 60)).padStart(2, '0')}.${String(objects++ % 60).padStart(2, '0')}-${randomUUID()}`;
