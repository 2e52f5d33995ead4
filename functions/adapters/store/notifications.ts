/**
 * Notifications in the table: those held back by quiet hours (OUTBOX#nn / notBefore#id: the
 * sweep reads those due with one range query per shard), and one delivery marker per
 * notification and channel target (deliveries.ts).
 */
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Notification } from '../../core/notification';
import { deliveryId, MAX_ATTEMPTS, type Claim, type HeldNotification, type NotificationStore } from '../../stores/notifications';
import { markDelivered, putClaim } from './deliveries';
import { upcast, upcastAll } from './catalog';
import type { HeldItem } from './items';
import { CLOCK_SHARDS, clockShardOf, keys } from './keys';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { queryAll } from './query';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoNotificationStore implements NotificationStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Keep a notification until `notBefore` (quiet hours), in its shard. */
  async hold(n: Notification, notBefore: Date): Promise<void> {
    const id = deliveryId(n);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.outboxShard(clockShardOf(id)),
          [SK]: keys.outboxItem(notBefore.toISOString(), id),
          kind: 'held',
          notification: JSON.stringify(n),
        } satisfies HeldItem,
      }),
    );
  }

  /** One range query per shard of the part, side by side (part 0 also reads the unsharded partition of older versions). */
  async dueHeld(now: Date, part = WHOLE_SWEEP): Promise<HeldNotification[]> {
    const partitions = [...shardsIn(part, CLOCK_SHARDS).map(keys.outboxShard), ...(part.part === 0 ? [keys.outbox] : [])];
    const items = await Promise.all(
      partitions.map((pk) =>
        queryAll(this.db, {
          TableName: this.table,
          KeyConditionExpression: `${PK} = :pk AND ${SK} <= :upTo`,
          ExpressionAttributeValues: { ':pk': pk, ':upTo': keys.clockDueUntil(now.toISOString()) },
        }),
      ),
    );
    return upcastAll('held', items.flat())
      .sort((a, b) => (a[SK] < b[SK] ? -1 : a[SK] > b[SK] ? 1 : 0))
      .map((i) => ({ key: heldKey(i[PK], i[SK]), notification: JSON.parse(i.notification) as Notification }));
  }

  async release(key: string): Promise<void> {
    const { pk, sk } = heldItemKey(key);
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: pk, [SK]: sk } }));
  }

  /**
   * Claim the delivery of a notification to one target. 'new': first attempt; 'retry': an
   * earlier attempt claimed it but did not finish (crash, failure): send again; 'sent': done;
   * 'abandoned': it failed MAX_ATTEMPTS times, skip it. Every claim after the first adds an attempt.
   */
  async claim(n: Notification, target: string, now: Date): Promise<Claim> {
    const Key = { [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) };
    if (await putClaim(this.db, this.table, Key, now)) return 'new';
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key,
        UpdateExpression: 'ADD attempts :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const marker = upcast('delivery', out.Attributes ?? {});
    if (marker.status === 'sent') return 'sent';
    return (marker.attempts ?? 0) >= MAX_ATTEMPTS ? 'abandoned' : 'retry';
  }

  async markSent(n: Notification, target: string): Promise<void> {
    await markDelivered(this.db, this.table, { [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) });
  }

  /** Every delivery marker of one notification (tests and audits). */
  async deliveries(n: Notification): Promise<{ target: string; status: string }[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.delivery(deliveryId(n)) },
    });
    return upcastAll('delivery', items).map((i) => ({ target: i[SK], status: i.status }));
  }
}

/** A held notification's handle: its partition and sort key (a sort key starts with a time: it holds no '/'). */
export const heldKey = (pk: string, sk: string): string => `${pk}/${sk}`;

export function heldItemKey(key: string): { pk: string; sk: string } {
  const at = key.indexOf('/');
  if (at < 0) throw new Error(`not a held notification's handle: ${key}`);
  return { pk: key.slice(0, at), sk: key.slice(at + 1) };
}
