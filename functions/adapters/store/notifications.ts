/**
 * Notifications in the table: those held back by quiet hours (OUTBOX#nn / notBefore#id: the
 * sweep reads those due with one range query per shard), and one delivery marker per
 * notification and channel target (deliveries.ts).
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Notification } from '../../core/notification';
import { deliveryId, NOTIFICATION_CLAIMS, type Claim, type HeldNotification, type NotificationStore } from '../../stores/notifications';
import { claimMarker, markDelivery } from './deliveries';
import { upcastAll } from './catalog';
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

  /** Claim the delivery of a notification to one target (see Claim): by time, leased, taken over by one claimer. */
  async claim(n: Notification, target: string, now: Date): Promise<Claim> {
    return claimMarker(this.db, this.table, deliveryKey(n, target), now, NOTIFICATION_CLAIMS);
  }

  async markSent(n: Notification, target: string): Promise<void> {
    await markDelivery(this.db, this.table, deliveryKey(n, target), 'sent');
  }

  async markFailed(n: Notification, target: string, claimedAt: Date): Promise<void> {
    await markDelivery(this.db, this.table, deliveryKey(n, target), 'failed', claimedAt);
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
/** The delivery marker of one notification to one target. */
const deliveryKey = (n: Notification, target: string) => ({ [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) });
