/**
 * Delivery markers (DELIVERY#id / target), kept a month: one per notification or digest and
 * channel target, claimed with a conditional put before sending and marked sent after, so a
 * retried or repeated stream record, or a second sweep, never delivers twice.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeliveryItem } from './items';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
/** Delivery markers are kept a month: long after any retry could come. */
const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Writes a delivery marker 'claimed' at `now` if none exists: true for the first claim, false
 * when a marker was there already (the caller decides between retrying and skipping).
 */
export async function putClaim(db: DynamoDBDocumentClient, table: string, Key: Record<string, string>, now: Date): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: table,
        // Expiry follows the real clock (DynamoDB deletes by it), whatever clock the games use.
        Item: {
          ...(Key as { pk: string; sk: string }),
          kind: 'delivery',
          status: 'claimed',
          at: now.toISOString(),
          ttl: Math.floor(Date.now() / 1000) + DELIVERY_TTL_SECONDS,
        } satisfies DeliveryItem,
        ConditionExpression: `attribute_not_exists(${PK})`,
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return false;
  }
}

/** Marks a claimed delivery done. */
export async function markDelivered(db: DynamoDBDocumentClient, table: string, Key: Record<string, string>): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key,
      UpdateExpression: 'SET #s = :sent',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent' },
    }),
  );
}
