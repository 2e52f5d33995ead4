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
import { keys } from '../store/keys';
import { byKey, compareKeys, mapIn } from './order';

export class MemoryNotificationStore implements NotificationStore {
  /** `notBefore#id` → the held notification */
  private readonly held = new Map<string, Notification>();
  /** delivery id → target → its delivery */
  private readonly deliveryRecords = new Map<string, Map<string, ClaimMarker>>();

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
