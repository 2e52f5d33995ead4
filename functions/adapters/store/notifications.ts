/**
 * Notifications in the table: those held back by quiet hours (OUTBOX / notBefore#id, so the
 * sweep reads those due with one range query), and one delivery marker per notification and
 * channel target (deliveries.ts).
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Notification } from '../../core/notification';
import { deliveryId, NOTIFICATION_CLAIMS, type Claim, type HeldNotification, type NotificationStore } from '../../stores/notifications';
import { claimMarker, markDelivery } from './deliveries';
import { upcastAll } from './catalog';
import type { HeldItem } from './items';
import { keys } from './keys';
import { queryAll } from './query';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoNotificationStore implements NotificationStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Keep a notification until `notBefore` (quiet hours). */
  async hold(n: Notification, notBefore: Date): Promise<void> {
    const sk = keys.outboxItem(notBefore.toISOString(), deliveryId(n));
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { [PK]: keys.outbox, [SK]: sk, kind: 'held', notification: JSON.stringify(n) } satisfies HeldItem,
      }),
    );
  }

  async dueHeld(now: Date): Promise<HeldNotification[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk AND ${SK} <= :upTo`,
      ExpressionAttributeValues: { ':pk': keys.outbox, ':upTo': `${now.toISOString()}#~` },
    });
    return upcastAll('held', items).map((i) => ({ key: i[SK], notification: JSON.parse(i.notification) as Notification }));
  }

  async release(key: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.outbox, [SK]: key } }));
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

/** The delivery marker of one notification to one target. */
const deliveryKey = (n: Notification, target: string) => ({ [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) });
