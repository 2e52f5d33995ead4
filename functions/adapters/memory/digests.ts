/**
 * Email digests in memory, as on the table: per player the last time one went and the pending
 * one's handle, the due digests in CLOCK_SHARDS shards sorted by due time, and one claim per
 * digest sent (deliveries.ts), taken over by another sweep only after its lease. Names come from the
 * players' profiles.
 */
import { DIGEST_CLAIMS, type DigestState, type DigestStore, type DueDigest } from '../../stores/digests';
import type { Claim, ClaimMarker } from '../../stores/notifications';
import { claimIn, markDone } from './deliveries';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from '../store/keys';
import { byKey, compareKeys, mapIn } from './order';
import type { MemoryPlayerStore } from './players';

interface Pointer {
  lastSentAt?: string;
  dueShard?: string;
  dueKey?: string;
}

export class MemoryDigestStore implements DigestStore {
  /** playerId → when their last digest went, and which due item is theirs */
  private readonly pointers = new Map<string, Pointer>();
  /** shard → due key → the player's due digest */
  private readonly shards = new Map<string, Map<string, { playerId: string; due: string }>>();
  /** `playerId#key` → the claim of sending that digest */
  private readonly markers = new Map<string, ClaimMarker>();

  constructor(private readonly players: MemoryPlayerStore) {}

  async state(playerId: string): Promise<DigestState> {
    const p = this.pointers.get(playerId);
    return {
      lastSentAt: p?.lastSentAt ? new Date(p.lastSentAt) : null,
      pending: p?.dueKey && p.dueShard ? { shard: p.dueShard, key: p.dueKey } : null,
    };
  }

  async playerName(playerId: string): Promise<string | null> {
    return this.players.playerName(playerId);
  }

  async schedule(playerId: string, due: Date, replacing?: { shard: string; key: string }): Promise<boolean> {
    const shard = keys.digestShard(clockShardOf(playerId));
    const key = keys.digestDue(due.toISOString(), playerId);
    // As on the table: the due item first, then the pointer under its condition, then the replaced item goes.
    mapIn(this.shards, shard).set(key, { playerId, due: due.toISOString() });
    const pointer = this.pointers.get(playerId) ?? {};
    if (replacing ? pointer.dueKey !== replacing.key : pointer.dueKey !== undefined) {
      // Another digest is pending (or the one replaced is gone): this due item is nobody's.
      await this.removeIfStale({ shard, key, playerId });
      return false;
    }
    this.pointers.set(playerId, { ...pointer, dueShard: shard, dueKey: key });
    if (replacing && replacing.key !== key) this.shards.get(replacing.shard)?.delete(replacing.key);
    return true;
  }

  async due(now: Date, limit = 500, part = WHOLE_SWEEP): Promise<DueDigest[]> {
    const until = keys.clockDueUntil(now.toISOString());
    return shardsIn(part, CLOCK_SHARDS)
      .map((i) => keys.digestShard(i))
      .flatMap((shard) =>
        byKey(this.shards.get(shard))
          .filter(([key]) => compareKeys(key, until) <= 0)
          .slice(0, limit)
          .map(([key, d]) => ({ shard, key, playerId: d.playerId, due: new Date(d.due) })),
      )
      .sort((a, b) => a.due.getTime() - b.due.getTime());
  }

  async finish(d: DueDigest, sentAt: Date | null): Promise<void> {
    const pointer = this.pointers.get(d.playerId);
    if (pointer?.dueKey === d.key) {
      const { dueShard: _shard, dueKey: _key, ...rest } = pointer;
      this.pointers.set(d.playerId, sentAt ? { ...rest, lastSentAt: sentAt.toISOString() } : rest);
    }
    this.shards.get(d.shard)?.delete(d.key);
  }

  async removeIfStale(d: { shard: string; key: string; playerId: string }): Promise<void> {
    const { pending } = await this.state(d.playerId);
    if (pending?.key === d.key && pending.shard === d.shard) return;
    this.shards.get(d.shard)?.delete(d.key);
  }

  async claim(d: DueDigest, now: Date): Promise<Claim> {
    return claimIn(this.markers, `${d.playerId}#${d.key}`, now, DIGEST_CLAIMS);
  }

  async markSent(d: DueDigest): Promise<void> {
    markDone(this.markers, `${d.playerId}#${d.key}`);
  }
}
