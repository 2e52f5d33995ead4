/**
 * Delivers notifications to players who are not online: each channel target (every Web Push
 * subscription, the webhook, the email address) at most once per turn, claimed in the store
 * before and marked after sending, so that a stream record delivered twice or a notifier that crashed
 * and retried does not send again what was sent, and two instances at once do not both send. A
 * target that fails is marked so and tried again on the stream's next delivery of the record,
 * until it has failed for GIVE_UP_AFTER_MS (stores/notifications.ts). Quiet hours hold non-urgent messages back
 * until they end (the clock sweep releases them). Email is a daily digest (host/digest.ts): a
 * turn only makes the player's next digest due, and only for a confirmed address that has not
 * bounced. Failures throw, so the stream retries.
 */
import { WHOLE_SWEEP } from '../core/sweep-part';
import { createHash } from 'node:crypto';
import { CONNECT_GRACE_MS, type ConnectionStore } from '../stores/connections';
import type { NotificationStore } from '../stores/notifications';
import type { PlayerStore } from '../stores/players';
import {
  emailUsable,
  withSettings,
  type Delivery,
  type Notification,
  type NotificationSettings,
  type PushSubscription,
  type SettingsRecord,
} from '../core/notification';
import { quietUntil } from '../core/quiet';
import { inDigest } from '../core/digest';
import { notificationsFor, type CommitHead } from '../core/triggers';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

export interface Channels {
  /** Null when Web Push is not configured (no VAPID keys). */
  webPush: ((subscription: PushSubscription, n: Notification) => Promise<Delivery>) | null;
  webhook: (url: string, n: Notification) => Promise<Delivery>;
  /** Makes the player's email digest due (the record: their settings, for quiet hours). */
  email: ((to: string, n: Notification, record: SettingsRecord) => Promise<Delivery>) | null;
}

export interface NotifierDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  /** Who is online (they see it live). */
  connections: ConnectionStore;
  /**
   * Whether a connection the table holds is still open (Sender.isOpen): a lost `$disconnect`
   * leaves a record for hours, which would withhold every push meanwhile. Absent: the table is
   * believed.
   */
  isOpen?: (connectionId: string) => Promise<boolean>;
  /** Their settings: channels, quiet hours. */
  players: PlayerStore;
  notifications: NotificationStore;
  channels: Channels;
  now: () => Date;
  gameUrl: (gameId: string) => string;
}

const pushTarget = (s: PushSubscription) => `push:${createHash('sha256').update(s.endpoint).digest('base64url').slice(0, 22)}`;

export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  /** Everything a stored commit should tell its players. */
  async notifyCommit(head: CommitHead): Promise<void> {
    // Players and channels are independent: sent side by side, so one slow target does not hold the stream back.
    const outcomes = await Promise.allSettled(notificationsFor(head, this.deps.gameUrl).map((n) => this.deliver(n)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (failures.length) throw new AggregateError(failures, `${failures.length} notification(s) of ${head.gameId}@${head.version} failed`);
  }

  /** Send to an offline player now, or hold until their quiet hours end (unless urgent). `known`: their settings, if just read. */
  async deliver(n: Notification, known?: SettingsRecord): Promise<void> {
    if (await this.online(n.playerId)) return; // they see it live
    const record = known ?? (await this.deps.players.getSettingsRecord(n.playerId));
    if (!n.urgent) {
      const until = quietUntil(record.settings.quietHours, this.deps.now());
      if (until) return this.deps.notifications.hold(n, until);
    }
    await this.send(n, record);
  }

  /** Held notifications whose quiet hours are over (called by the clock sweep), until `deadline` (wall time): the rest stay for the next. */
  async releaseHeld(deadline = Number.POSITIVE_INFINITY, part = WHOLE_SWEEP): Promise<number> {
    let released = 0;
    for (const { key, notification } of await this.deps.notifications.dueHeld(this.deps.now(), part)) {
      if (Date.now() > deadline) break;
      try {
        if (!(await this.online(notification.playerId))) {
          await this.send(notification, await this.deps.players.getSettingsRecord(notification.playerId));
        }
        await this.deps.notifications.release(key);
        released++;
      } catch (error) {
        this.deps.observer.log.error('a held notification failed; kept for the next sweep', failure(error, { key }));
        this.deps.observer.count(METRICS.sendFailures);
      }
    }
    return released;
  }

  /**
   * Whether the player has an open connection. The table's record says who connected; a
   * connection it names that is no longer open lost its `$disconnect`, and is forgotten here as
   * `$disconnect` would have (its subscriptions and its place among the player's connections) —
   * unless `$connect` recorded it within CONNECT_GRACE_MS: API Gateway calls a connection gone
   * until its `$connect` has answered, and forgetting it then would leave an open socket unknown.
   */
  private async online(playerId: string): Promise<boolean> {
    const { connections, isOpen, now } = this.deps;
    if (!(await connections.isOnline(playerId))) return false;
    if (!isOpen) return true;
    for (const connectionId of await connections.connectionIdsOf(playerId)) {
      if (await isOpen(connectionId)) return true;
      const connectedAt = (await connections.getConnection(connectionId))?.connectedAt;
      if (connectedAt && now().getTime() - Date.parse(connectedAt) < CONNECT_GRACE_MS) return true;
      await connections.deleteConnection(connectionId);
    }
    return false;
  }

  private async send(n: Notification, record: SettingsRecord): Promise<void> {
    const { channels, notifications, now } = this.deps;
    const { settings } = record;
    const targets: { key: string; send: () => Promise<Delivery>; drop: (s: NotificationSettings) => NotificationSettings }[] = [];
    if (channels.webPush) {
      const push = channels.webPush;
      for (const sub of settings.webPush) {
        targets.push({
          key: pushTarget(sub),
          send: () => push(sub, n),
          drop: (s) => ({ ...s, webPush: s.webPush.filter((x) => x.endpoint !== sub.endpoint) }),
        });
      }
    }
    if (settings.webhook) {
      const url = settings.webhook.url;
      targets.push({ key: 'webhook', send: () => channels.webhook(url, n), drop: (s) => ({ ...s, webhook: null }) });
    }
    // Mail only makes a daily digest due, and only for turns (never chat).
    if (settings.email && channels.email && emailUsable(record) && inDigest(n)) {
      const [mail, to] = [channels.email, settings.email];
      targets.push({ key: 'email', send: () => mail(to, n, record), drop: (s) => s });
    }
    const failures: unknown[] = [];
    const busy: string[] = [];
    const gone: typeof targets = [];
    await Promise.all(
      targets.map(async (target) => {
        const claimedAt = now();
        let sending = false;
        try {
          const claim = await notifications.claim(n, target.key, claimedAt);
          if (claim === 'sent') return;
          if (claim === 'busy') {
            busy.push(target.key);
            return;
          }
          if (claim === 'abandoned') {
            this.deps.observer.log.warn('giving up a notification that kept failing', {
              kind: n.kind,
              playerId: n.playerId,
              gameId: n.gameId,
              target: target.key,
            });
            return;
          }
          sending = true;
          if ((await target.send()) === 'gone') gone.push(target);
          sending = false;
          await notifications.markSent(n, target.key);
        } catch (error) {
          this.deps.observer.count(METRICS.sendFailures);
          failures.push(error);
          // The send failed (not the marking after it): the next delivery retries at once, not after the
          // lease (which still frees it if this mark fails too).
          if (sending) await notifications.markFailed(n, target.key, claimedAt).catch(() => undefined);
        }
      }),
    );
    if (gone.length) {
      // Expired subscriptions and dead webhooks are removed from the latest settings.
      await this.deps.players.updateSettings(n.playerId, (latest) =>
        withSettings(
          latest,
          gone.reduce((s, t) => t.drop(s), latest.settings),
          now(),
        ),
      );
    }
    if (failures.length)
      throw new AggregateError(failures, `delivering ${n.kind} to ${n.playerId} failed on ${failures.length} channel(s)`);
    // Another instance may be sending these right now: tried again later, they are either sent or its claim has lapsed.
    if (busy.length) throw new Error(`${n.kind} to ${n.playerId}: ${busy.join(', ')} busy in another instance`);
  }
}
