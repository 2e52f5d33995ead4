/**
 * Delivery markers (DELIVERY#id / target), kept a month: one per notification or digest and
 * channel target, claimed with a conditional put before sending and marked sent after, so a
 * retried or repeated stream record, or a second sweep, never delivers twice. A claim is its
 * claimer's for a lease, or until it marks its attempt failed; then one later claimer takes it
 * over (a conditional update of the claim) and sends again, until the target has failed for
 * longer than its retry window.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { claimOfMarker, type Claim, type ClaimLimits } from '../../stores/notifications';
import { upcast } from './catalog';
import type { DeliveryItem } from './items';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
/** Delivery markers are kept a month: long after any retry could come. */
const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Claims a delivery (see Claim): 'new' when this call wrote its marker; else what the marker
 * answers by time (claimOfMarker), a 'retry' only for the one claimer whose takeover of the
 * lapsed claim went through.
 */
export async function claimMarker(
  db: DynamoDBDocumentClient,
  table: string,
  Key: Record<string, string>,
  now: Date,
  limits: ClaimLimits,
): Promise<Claim> {
  if (await putClaim(db, table, Key, now)) return 'new';
  const read = (await db.send(new GetCommand({ TableName: table, Key, ConsistentRead: true }))).Item;
  // Gone between the two (its month is over): the next claim writes it anew.
  if (!read) return 'busy';
  const marker = upcast('delivery', read);
  const claim = claimOfMarker(marker, now, limits);
  if (claim !== 'retry') return claim;
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key,
        // A marker of the first shape gets its first attempt written down as it read (`first`: its `at`).
        UpdateExpression: 'SET #at = :now, #s = :claimed, #first = if_not_exists(#first, :claimedAt) REMOVE attempts',
        ConditionExpression: '#at = :claimedAt AND #s = :was',
        ExpressionAttributeNames: { '#at': 'at', '#first': 'first', '#s': 'status' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':claimed': 'claimed', ':claimedAt': marker.at, ':was': marker.status },
      }),
    );
    return 'retry';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return 'busy'; // another claimer took it over (or sent it) just now
  }
}

/**
 * Writes a delivery marker 'claimed' at `now` if none exists: true for the first claim, false
 * when a marker was there already.
 */
async function putClaim(db: DynamoDBDocumentClient, table: string, Key: Record<string, string>, now: Date): Promise<boolean> {
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
          first: now.toISOString(),
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

/**
 * Marks a claimed delivery done ('sent'), or the attempt that claimed it at `claimedAt` failed
 * ('failed': unless another claim took it over since).
 */
export async function markDelivery(
  db: DynamoDBDocumentClient,
  table: string,
  Key: Record<string, string>,
  status: 'sent' | 'failed',
  claimedAt?: Date,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key,
        UpdateExpression: 'SET #s = :status',
        ...(claimedAt ? { ConditionExpression: '#s = :claimed AND #at = :at' } : {}),
        ExpressionAttributeNames: { '#s': 'status', ...(claimedAt ? { '#at': 'at' } : {}) },
        ExpressionAttributeValues: { ':status': status, ...(claimedAt ? { ':claimed': 'claimed', ':at': claimedAt.toISOString() } : {}) },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
