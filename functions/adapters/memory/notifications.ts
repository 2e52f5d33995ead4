/**
 * Notifications in memory, as on the table: held ones keyed by when they may go (so the due ones
 * come earliest first), and one delivery record per notification and target, claimed once and
 * counted on every claim after.
 */
import type { Notification } from '../../core/notification';
import { deliveryId, MAX_ATTEMPTS, type Claim, type HeldNotification, type NotificationStore } from '../../stores/notifications';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from '../store/keys';
import { heldItemKey, heldKey } from '../store/notifications';
import { byKey, compareKeys, mapIn } from './order';

interface Delivery {
  status: 'claimed' | 'sent';
  at?: string;
  attempts?: number;
}

export class MemoryNotificationStore implements NotificationStore {
  /** shard → `notBefore#id` → the held notification, as the table's sharded partitions. */
  private readonly held = new Map<string, Map<string, Notification>>();
  /** delivery id → target → its delivery */
  private readonly deliveryRecords = new Map<string, Map<string, Delivery>>();

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
    return claimDelivery(mapIn(this.deliveryRecords, deliveryId(n)), target, now);
  }

  async markSent(n: Notification, target: string): Promise<void> {
    const targets = mapIn(this.deliveryRecords, deliveryId(n));
    targets.set(target, { ...targets.get(target), status: 'sent' });
  }

  async deliveries(n: Notification): Promise<{ target: string; status: string }[]> {
    return byKey(this.deliveryRecords.get(deliveryId(n))).map(([target, d]) => ({ target, status: d.status }));
  }
}

/** The first claim of a target is 'new'; each later one counts an attempt, as the table's update does. */
function claimDelivery(targets: Map<string, Delivery>, target: string, now: Date): Claim {
  const delivery = targets.get(target);
  if (!delivery) {
    targets.set(target, { status: 'claimed', at: now.toISOString() });
    return 'new';
  }
  delivery.attempts = (delivery.attempts ?? 0) + 1;
  if (delivery.status === 'sent') return 'sent';
  return delivery.attempts >= MAX_ATTEMPTS ? 'abandoned' : 'retry';
}
