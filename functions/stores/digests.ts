/**
 * Email digests: per player when the last digest went and which one is pending, the pending
 * digests by due time (the sweep reads those due), and one claim per digest sent, so two sweeps
 * at once, or a retry, mail one digest once.
 */
import type { SweepPart } from '../core/sweep-part';
import type { Claim, ClaimLimits } from './notifications';

/** A claim this recent may still be sending (the sweep runs at most 60 s): another sweep leaves it alone. */
export const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * A digest whose mail still fails this long after its first attempt is dropped: a dozen sweeps
 * (one every five minutes) ride out a mail service's outage, and a daily digest an hour late is
 * still worth sending; one never sent holds nothing back, but is tried no longer.
 */
export const DIGEST_GIVE_UP_AFTER_MS = 60 * 60_000;

export const DIGEST_CLAIMS: ClaimLimits = { leaseMs: CLAIM_LEASE_MS, giveUpAfterMs: DIGEST_GIVE_UP_AFTER_MS };

/** A due digest; `shard` and `key`: the store's handle of it (a digest is pending while its player's state names this handle). */
export interface DueDigest {
  shard: string;
  key: string;
  playerId: string;
  due: Date;
}

export interface DigestState {
  lastSentAt: Date | null;
  /** The due digest that is the player's pending one, if any. */
  pending: { shard: string; key: string } | null;
}

export interface DigestStore {
  /** When the player's last digest went, and which is pending (read consistently). */
  state(playerId: string): Promise<DigestState>;
  /** The player's name, for the greeting. */
  playerName(playerId: string): Promise<string | null>;
  /**
   * Make a digest due at `due` unless one is pending already (`replacing`: unless the pending one
   * is no longer that one, which it then replaces). Returns whether this call scheduled it.
   */
  schedule(playerId: string, due: Date, replacing?: { shard: string; key: string }): Promise<boolean>;
  /** The digests due at `now` (at or before it), oldest first; at most `limit` per shard, only the shards of `part` (default: all). */
  due(now: Date, limit?: number, part?: SweepPart): Promise<DueDigest[]>;
  /** The pending digest is done: sent at `sentAt`, or dropped (null: nothing sent, the last time stays). Its due item goes. */
  finish(d: DueDigest, sentAt: Date | null): Promise<void>;
  /** Remove a due digest unless it is still its player's pending one. */
  removeIfStale(d: { shard: string; key: string; playerId: string }): Promise<void>;
  /**
   * Claim the sending of one digest, as NotificationStore.claim with DIGEST_CLAIMS: 'busy' while
   * another sweep claimed it less than CLAIM_LEASE_MS ago and may be sending it right now; a claim
   * older than that (its sweep died, or its mail failed) is taken over by one sweep ('retry'),
   * until DIGEST_GIVE_UP_AFTER_MS after the first ('abandoned').
   */
  claim(d: DueDigest, now: Date): Promise<Claim>;
  /** Mark a claimed digest sent: its later claims answer 'sent'. */
  markSent(d: DueDigest): Promise<void>;
}
