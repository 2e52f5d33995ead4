/** When the sweep must look at a game next (its clock, or an automatic seat to re-drive). */
import type { SweepPart } from '../core/sweep-part';

/**
 * How far ahead a game's due time must be for a commit to leave it as it is (`bound`): far enough
 * that the sweep's early look (a game load and the write the commit saved) comes at most once in
 * this long, never for an automatic seat's re-drive (due within minutes).
 */
export const BOUND_AHEAD_MS = 60 * 60 * 1000;

/** What a commit's write of a due time may leave out (see ScheduleStore.setClockDue). */
export interface SetDueOptions {
  /** Write nothing if this version (or a later one) set it already. */
  unlessSet?: boolean;
  /**
   * The commit's time: write nothing if the game's current due time is at least BOUND_AHEAD_MS
   * after it and no later than `due` — a lower bound is all the sweep needs: it looks then,
   * early, and writes the due time of the game's latest record. A game's clock mostly moves
   * later with each move (a new turn's reminder), so most moves write no due time at all.
   */
  bound?: Date;
}

/** The due time a current due item stands for. */
export const dueOfKey = (dueKey: string): number => Date.parse(dueKey.slice(0, dueKey.indexOf('#')));

/** Whether a commit's write of `due` may be left out, the game's current item being due at `current` (see SetDueOptions.bound). */
export function boundHolds(current: number | undefined, due: Date | null, bound: Date | undefined): boolean {
  return (
    current !== undefined && due !== null && bound !== undefined && current >= bound.getTime() + BOUND_AHEAD_MS && current <= due.getTime()
  );
}

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
   * `options`: what a commit's write may leave out (SetDueOptions); the sweep's writes leave out nothing.
   */
  setClockDue(gameId: string, due: Date | null, version: number, options?: SetDueOptions): Promise<void>;
  /**
   * The due items at `now` (due at or before it), each game's current one at least; oldest
   * first within each of the store's shards, at most `limit` per shard; only the shards of `part`
   * (default: all). `readUnits`: the read capacity it consumed (0 where nothing is billed).
   */
  dueClocks(now: Date, limit?: number, part?: SweepPart): Promise<{ due: DueClock[]; readUnits: number }>;
  /** After the sweep handled a due item: remove it unless it is still the game's current one. */
  removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void>;
}
