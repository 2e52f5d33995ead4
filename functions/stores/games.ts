/** The event store: the commits and snapshots of hosted games, and their compaction once finished. */
import type { Commit, GameRecord } from '../core/record';

export interface GameStore {
  /** How long an automatic seat may wait before the sweep re-drives it (see clockDueOf). */
  readonly redriveAfterMs: number;
  /**
   * Store a commit on condition that its version is free: false when another writer took it
   * (the caller lost a race, reloads and decides again). `after` and `before`: the record with
   * and without it, whose head the commit carries (status, seats, whose turn, due time; see
   * commitHead).
   */
  append(commit: Commit, after: GameRecord, before: GameRecord | null): Promise<boolean>;
  /**
   * Take the lease on computing the automatic move that follows `version` of a game, until
   * `until` (one conditional write in the game's partition): true when the caller holds it now;
   * false while another caller's lease on this version has not lapsed at `now`, or once a lease
   * names a later version (this one is played already). A lapsed lease is taken over: its holder
   * died, or runs so late that the version's conditional append stops it storing twice.
   */
  leaseMove(gameId: string, version: number, until: Date, now: Date): Promise<boolean>;
  /** The record of a game — the latest snapshot and the commits after it, or `base` and the commits after it — or null. */
  load(gameId: string, base?: GameRecord): Promise<GameRecord | null>;
  /** Every commit of a game, in version order. */
  commits(gameId: string): Promise<Commit[]>;
  /** Keep a snapshot of the record (keyed by its version: writing one twice is harmless). */
  saveSnapshot(record: GameRecord): Promise<void>;
}

/**
 * Compacts finished games, for the sweep (see adapters/store/archive.ts) — a store of its own, so
 * that only the sweep's bundle carries it; every GameStore reads a compacted game.
 */
export interface GameCompactor {
  /**
   * Compact a finished game (`record`: its final record): its commits go into one archive item,
   * written first and on condition that it is not there, beside a snapshot of the final record;
   * then every commit but the last (the game's head) and every older snapshot are deleted. Every
   * read answers as before. Idempotent: a compaction that died half way, or runs twice at once,
   * is finished by the next.
   */
  compact(record: GameRecord): Promise<Compaction>;
}

/** What one compaction did: the commits it archived (0: an earlier one did), and the hot items it deleted. */
export interface Compaction {
  archived: number;
  removed: number;
}
