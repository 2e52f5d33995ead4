/**
 * Notifications in memory, as on the table: held ones keyed by when they may go (so the due ones
 * come earliest first), and one delivery marker per notification and target (deliveries.ts).
 */
import type { Notification } from '../../core/notification';
import {
  deliveryId,
  NOTIFICATION_CLAIMS,
  type Claim,
  type ClaimMarker,
  type HeldNotification,
  type NotificationStore,
} from '../../stores/notifications';
import { claimIn, markAttemptFailed, markDone } from './deliveries';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from '../store/keys';
import { heldItemKey, heldKey } from '../store/notifications';
import { byKey, compareKeys, mapIn } from './order';

export class MemoryNotificationStore implements NotificationStore {
  /** shard → `notBefore#id` → the held notification, as the table's sharded partitions. */
  private readonly held = new Map<string, Map<string, Notification>>();
  /** delivery id → target → its delivery */
  private readonly deliveryRecords = new Map<string, Map<string, ClaimMarker>>();

  async hold(n: Notification, notBefore: Date): Promise<void> {
    const id = deliveryId(n);
    mapIn(this.held, keys.outboxShard(clockShardOf(id))).set(keys.outboxItem(notBefore.toISOString(), id), structuredClone(n));
  }

  async dueHeld(now: Date, part = WHOLE_SWEEP): Promise<HeldNotification[]> {
    const upTo = keys.clockDueUntil(now.toISOString());
    return shardsIn(part, CLOCK_SHARDS)
      .map(keys.outboxShard)
      .flatMap((shard) => byKey(this.held.get(shard)).map(([sk, notification]) => ({ shard, sk, notification })))
      .filter(({ sk }) => compareKeys(sk, upTo) <= 0)
      .sort((a, b) => compareKeys(a.sk, b.sk))
      .map(({ shard, sk, notification }) => ({ key: heldKey(shard, sk), notification: structuredClone(notification) }));
  }

  async release(key: string): Promise<void> {
    const { pk, sk } = heldItemKey(key);
    this.held.get(pk)?.delete(sk);
  }

  async claim(n: Notification, target: string, now: Date): Promise<Claim> {
    return claimIn(mapIn(this.deliveryRecords, deliveryId(n)), target, now, NOTIFICATION_CLAIMS);
  }

  async markSent(n: Notification, target: string): Promise<void> {
    markDone(mapIn(this.deliveryRecords, deliveryId(n)), target);
  }

  async markFailed(n: Notification, target: string, claimedAt: Date): Promise<void> {
    markAttemptFailed(mapIn(this.deliveryRecords, deliveryId(n)), target, claimedAt);
  }

  async deliveries(n: Notification): Promise<{ target: string; status: string }[]> {
    return byKey(this.deliveryRecords.get(deliveryId(n))).map(([target, d]) => ({ target, status: d.status }));
  }
}
