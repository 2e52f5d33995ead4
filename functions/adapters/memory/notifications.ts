/**
 * Notifications in memory, as on the table: held ones keyed by when they may go (so the due ones
 * come earliest first), and one delivery record per notification and target, claimed once and
 * counted on every claim after.
 */
import type { Notification } from '../../core/notification';
import { deliveryId, MAX_ATTEMPTS, type Claim, type HeldNotification, type NotificationStore } from '../../stores/notifications';
import { keys } from '../store/keys';
import { byKey, compareKeys, mapIn } from './order';

interface Delivery {
  status: 'claimed' | 'sent';
  at?: string;
  attempts?: number;
}

export class MemoryNotificationStore implements NotificationStore {
  /** `notBefore#id` → the held notification */
  private readonly held = new Map<string, Notification>();
  /** delivery id → target → its delivery */
  private readonly deliveryRecords = new Map<string, Map<string, Delivery>>();

  async hold(n: Notification, notBefore: Date): Promise<void> {
    this.held.set(keys.outboxItem(notBefore.toISOString(), deliveryId(n)), structuredClone(n));
  }

  async dueHeld(now: Date): Promise<HeldNotification[]> {
    const upTo = `${now.toISOString()}#~`;
    return byKey(this.held)
      .filter(([key]) => compareKeys(key, upTo) <= 0)
      .map(([key, notification]) => ({ key, notification: structuredClone(notification) }));
  }

  async release(key: string): Promise<void> {
    this.held.delete(key);
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
