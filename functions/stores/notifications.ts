/**
 * Notifications held back by quiet hours until they may go, and one claim per delivery of one
 * notification to one channel target, so a retried or repeated stream record never delivers
 * twice what was delivered.
 */
import type { Notification } from '../core/notification';
import type { SweepPart } from '../core/sweep-part';

/**
 * A delivery's claim: 'new': the first attempt; 'retry': an earlier attempt claimed it but did
 * not finish (crash, failure): send again; 'sent': done; 'abandoned': it failed MAX_ATTEMPTS
 * times, skip it.
 */
export type Claim = 'new' | 'retry' | 'sent' | 'abandoned';

/** A target that failed this many times is given up, so one dead webhook cannot hold the stream back. */
export const MAX_ATTEMPTS = 4;

/** A notification's identity: one message about one turn (game, version) of one kind to one player. Claims and holds go by it. */
export const deliveryId = (n: Notification): string => `${n.gameId}#${n.version}#${n.playerId}#${n.kind}`;

/** A held notification; `key`: the store's handle of it, for `release`. */
export interface HeldNotification {
  key: string;
  notification: Notification;
}

export interface NotificationStore {
  /** Keep a notification until `notBefore` (quiet hours). The same notification held twice for one time is held once. */
  hold(n: Notification, notBefore: Date): Promise<void>;
  /** The held notifications whose time has come (at or before `now`), earliest first per shard; only the shards of `part` (default: all). */
  dueHeld(now: Date, part?: SweepPart): Promise<HeldNotification[]>;
  /** Forget a held notification (it went, or need not). */
  release(key: string): Promise<void>;
  /**
   * Claim the delivery of a notification (one turn: game, version, player, kind) to one target;
   * every claim after the first counts an attempt (see Claim).
   */
  claim(n: Notification, target: string, now: Date): Promise<Claim>;
  /** Mark a claimed delivery done: its later claims answer 'sent'. */
  markSent(n: Notification, target: string): Promise<void>;
  /** Every delivery of one notification, by target (tests and audits). */
  deliveries(n: Notification): Promise<{ target: string; status: string }[]>;
}
