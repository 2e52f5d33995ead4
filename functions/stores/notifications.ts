/**
 * Notifications held back by quiet hours until they may go, and one claim per delivery of one
 * notification to one channel target, so a retried or repeated stream record never delivers
 * twice what was delivered.
 */
import type { Notification } from '../core/notification';
import type { SweepPart } from '../core/sweep-part';

/**
 * A delivery's claim: 'new': the first attempt; 'retry': an earlier attempt failed, or claimed it
 * and did not finish (a crash) and its lease is over: send again; 'busy': claimed less than a lease
 * ago, so another instance may be sending it right now (try again later); 'sent': done;
 * 'abandoned': it kept failing for longer than its retry window since the first attempt, skip it.
 * Only time gives a target up: a stream record delivered again (its batch retried or split for
 * another record's sake) spends nothing.
 */
export type Claim = 'new' | 'retry' | 'busy' | 'sent' | 'abandoned';

/**
 * A notification's claim is another instance's for this long: longer than one send may take (the
 * channels time out after 10 s), so a second claimer never sends alongside a live first one.
 */
export const SEND_LEASE_MS = 15_000;

/**
 * A target still failing this long after its first attempt is given up. Long enough to ride out a
 * push service's or a webhook's outage of a few minutes (the stream tries again within seconds,
 * the sweep releases held ones every five minutes); short enough that a dead target holds its
 * stream lane back — every later record of the lane waits behind the failing one — for less than
 * the 15 minutes after which the iterator-age alarm pages someone.
 */
export const GIVE_UP_AFTER_MS = 10 * 60_000;

/** How long a claim is its claimer's alone, and how long after the first attempt a target is given up. */
export interface ClaimLimits {
  leaseMs: number;
  giveUpAfterMs: number;
}

export const NOTIFICATION_CLAIMS: ClaimLimits = { leaseMs: SEND_LEASE_MS, giveUpAfterMs: GIVE_UP_AFTER_MS };

/**
 * A delivery marker as the claims read it: 'claimed' while an attempt may be under way, 'failed'
 * once it is known to have failed, 'sent'; `at` the latest claim (its lease), `first` the first
 * attempt (the retry window).
 */
export interface ClaimMarker {
  status: 'claimed' | 'failed' | 'sent';
  at: string;
  first: string;
}

/**
 * What claiming a delivery already claimed answers, by time alone (every store decides so): a
 * 'retry' is the claimer's only once the store has taken the claim over — `at` set to now, on
 * the condition that no other claimer did so first (else 'busy').
 */
export function claimOfMarker(marker: ClaimMarker, now: Date, limits: ClaimLimits): Exclude<Claim, 'new'> {
  if (marker.status === 'sent') return 'sent';
  if (now.getTime() - Date.parse(marker.first) > limits.giveUpAfterMs) return 'abandoned';
  if (marker.status === 'claimed' && now.getTime() - Date.parse(marker.at) < limits.leaseMs) return 'busy';
  return 'retry';
}

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
   * Claim the delivery of a notification (one turn: game, version, player, kind) to one target
   * (see Claim): of claims made at once, one is 'new' or 'retry' and the others 'busy'.
   */
  claim(n: Notification, target: string, now: Date): Promise<Claim>;
  /** Mark a claimed delivery done: its later claims answer 'sent'. */
  markSent(n: Notification, target: string): Promise<void>;
  /**
   * The attempt that claimed a delivery at `claimedAt` failed: the next claim retries at once
   * instead of waiting out its lease. Nothing changes if another claim took it over since.
   */
  markFailed(n: Notification, target: string, claimedAt: Date): Promise<void>;
  /** Every delivery of one notification, by target (tests and audits). */
  deliveries(n: Notification): Promise<{ target: string; status: string }[]>;
}
