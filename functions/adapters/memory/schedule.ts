/**
 * When the sweep must look at a game, in memory, as on the table: due items in CLOCK_SHARDS
 * shards sorted by due time, and per game a pointer to its current one, as of a version (an
 * older version's write never replaces a newer one's).
 */
import { boundHolds, dueOfKey, type DueClock, type ScheduleStore, type SetDueOptions } from '../../stores/schedule';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from '../store/keys';
import { byKey, compareKeys, mapIn } from './order';

interface DueItem {
  gameId: string;
  due: string;
  version: number;
}

export class MemoryScheduleStore implements ScheduleStore {
  /** shard → due key → item, as the table's sharded partitions sorted by due time. */
  private readonly shards = new Map<string, Map<string, DueItem>>();
  /** gameId → the game's pointer to its current due item, as of a version. */
  private readonly pointers = new Map<string, { version: number; dueShard?: string; dueKey?: string }>();

  async setClockDue(gameId: string, due: Date | null, version: number, options: SetDueOptions = {}): Promise<void> {
    const pointer = this.pointers.get(gameId);
    if (options.unlessSet && (pointer?.version ?? -1) >= version) return;
    if (boundHolds(pointer?.dueKey ? dueOfKey(pointer.dueKey) : undefined, due, options.bound)) return;
    const shard = keys.clockShard(clockShardOf(gameId));
    const dueKey = due ? keys.clockDue(due.toISOString(), gameId) : undefined;
    // The same steps as on the table: the due item, then the pointer (conditioned by version), then the previous item goes.
    if (due && dueKey) mapIn(this.shards, shard).set(dueKey, { gameId, due: due.toISOString(), version });
    const previous = this.pointers.get(gameId);
    if (previous && previous.version > version) {
      if (dueKey) await this.removeDueIfStale({ shard, key: dueKey, gameId });
      return;
    }
    this.pointers.set(gameId, dueKey ? { version, dueShard: shard, dueKey } : { version });
    if (previous?.dueKey && previous.dueShard && previous.dueKey !== dueKey) this.shards.get(previous.dueShard)?.delete(previous.dueKey);
  }

  async dueClocks(now: Date, max = 1000, part = WHOLE_SWEEP): Promise<{ due: DueClock[]; readUnits: number }> {
    const until = keys.clockDueUntil(now.toISOString());
    const due = shardsIn(part, CLOCK_SHARDS)
      .map((i) => keys.clockShard(i))
      .flatMap((shard) =>
        byKey(this.shards.get(shard))
          .filter(([key]) => compareKeys(key, until) <= 0)
          .slice(0, max)
          .map(([key, item]) => ({ shard, key, gameId: item.gameId, due: new Date(item.due), version: item.version })),
      );
    return { due, readUnits: 0 };
  }

  async removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void> {
    const current = this.pointers.get(item.gameId);
    if (current?.dueKey === item.key && current.dueShard === item.shard) return;
    this.shards.get(item.shard)?.delete(item.key);
  }
}
