/**
 * The notifier, fed by the table's DynamoDB Stream (a Lambda event source in the cloud; the
 * local runtime reads the same stream and calls this handler). Each inserted commit item may
 * concern players: see notify/triggers.ts. A failing record and those after it are reported
 * back, so the stream delivers them again; deliveries already made are skipped then.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CommitHead } from '../notify/triggers';
import { getRuntime } from '../runtime';

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const { notifier } = getRuntime();
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image || image.kind?.S !== 'commit') continue;
    try {
      await notifier.notifyCommit(unmarshall(image as Record<string, AttributeValue>) as CommitHead);
    } catch (error) {
      console.error('notifying failed; the stream will deliver the record again:', error);
      return {
        batchItemFailures: event.Records.slice(i).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })),
      };
    }
  }
  return { batchItemFailures: [] };
}
