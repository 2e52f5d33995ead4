/**
 * A stream record as Lambda hands it to the function: a DynamoDBStreamEvent record, the images
 * and keys marshalled to DynamoDB's attribute values (what the handlers unmarshall).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { StreamRecord } from './stream-source';

type Image = Record<string, AttributeValue>;

const marshalled = (item: Record<string, unknown>): Image => marshall(item, { removeUndefinedValues: true }) as unknown as Image;

export function toDynamoDBRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  return {
    eventID: record.sequenceNumber,
    eventName: record.eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: streamArn.split(':')[3] || 'us-east-1',
    eventSourceARN: streamArn,
    dynamodb: {
      // Seconds, as DynamoDB Streams gives it.
      ApproximateCreationDateTime: Math.floor(record.approximateCreationTime / 1000),
      Keys: marshalled(record.keys),
      ...(record.newImage ? { NewImage: marshalled(record.newImage) } : {}),
      ...(record.oldImage ? { OldImage: marshalled(record.oldImage) } : {}),
      SequenceNumber: record.sequenceNumber,
    },
  };
}
