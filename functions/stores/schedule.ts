/** When the sweep must look at a game next (its clock, or an automatic seat to re-drive). */
import type { SweepPart } from '../core/sweep-part';

/**
 * A due item the sweep found: its game, when it fell due, and the version that set it. `shard`
 * and `key` are the store's own handle of the item, handed back to removeDueIfStale.
 */
export interface DueClock {
  shard: string;
  key: string;
  gameId: string;
  due: Date;
  version: number;
}

export interface ScheduleStore {
  /**
   * Record when the sweep must look at a game (null: never), as of the game's `version`. A
   * write for an older version than the latest written never replaces it (writes from the
   * stream's reactions and the sweep may land out of order); the same version again does.
   * `unlessSet`: write nothing if this version (or a later one) set it already.
   */
  setClockDue(gameId: string, due: Date | null, version: number, options?: { unlessSet?: boolean }): Promise<void>;
  /**
   * The due items at `now` (due at or before it), each game's current one at least; oldest
   * first within each of the store's shards, at most `limit` per shard; only the shards of `part`
   * (default: all). `readUnits`: the read capacity it consumed (0 where nothing is billed).
   */
  dueClocks(now: Date, limit?: number, part?: SweepPart): Promise<{ due: DueClock[]; readUnits: number }>;
  /** After the sweep handled a due item: remove it unless it is still the game's current one. */
  removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void>;
}
