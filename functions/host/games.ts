/**
 * The write path of hosted games (boardgame.io's "master"): each game's latest record, cached
 * per process, and the one conditional write that stores a commit on top of it. A cached record
 * may be stale (another Lambda instance wrote), which the store's condition detects: the record
 * is then refreshed from the commits after it and the change decided again.
 */
import { LRUCache } from 'lru-cache';
import { ProtocolError } from '../core/protocol/frames';
import { applyCommit, applyDecided, type Commit, type Decided, type GameRecord } from '../core/record';
import { commitHead } from '../core/after-commit';
import type { CommitHead } from '../core/triggers';
import type { GameStore } from '../stores/games';
import { METRICS } from '../observe/metric-names';
import type { Observer } from '../observe/observer';

/** Game records kept in memory per process: ≈ 100 MB at most for finished 4-player games, in a 512 MB Lambda. */
export const CACHED_GAMES = 2000;

/** A lost race is decided again this many times before the sender gets CONFLICT. */
export const MAX_ATTEMPTS = 4;

/** What a commit attempt left: `committed` false when `plan` found nothing to store. */
export type Stored = { record: GameRecord } & (
  | {
      committed: true;
      /** The record the commit was stored on top of. */
      before: GameRecord;
      /** The head the commit item carries (what follows it is decided on it: core/after-commit.ts). */
      head: CommitHead;
    }
  | { committed: false }
);

export class Games {
  /**
   * The latest records of the games this process touched most recently (a finished Vasco da
   * Gama record is ≈ 46 KB): bounded, so a warm container does not grow without end. An evicted
   * game is read from the store again (`fresh`), also by the sole writer.
   */
  private readonly cache: LRUCache<string, GameRecord>;

  constructor(
    private readonly store: GameStore,
    /**
     * This process is the game's only writer (the local runtime): its cached record is the
     * latest, so `fresh` needs no read. Lambda instances share the table, so they refresh.
     */
    private readonly soleWriter: boolean,
    /** Counts the races lost (Retries). */
    private readonly observer: Pick<Observer, 'count'>,
    cachedGames = CACHED_GAMES,
  ) {
    this.cache = new LRUCache({ max: cachedGames });
  }

  /** How many records are cached now. */
  get cacheSize(): number {
    return this.cache.size;
  }

  /** The cached record, if any (possibly stale on Lambda). */
  cached(gameId: string): GameRecord | undefined {
    return this.cache.get(gameId);
  }

  /** The cached record, else the stored one; null when the game does not exist. */
  async latestKnown(gameId: string): Promise<GameRecord | null> {
    return this.cache.get(gameId) ?? (await this.store.load(gameId));
  }

  /**
   * The latest record of a game, or NOT_FOUND: the cached one when this process is the sole
   * writer, else the cache refreshed from the store. `reread` reads the store in any case (after
   * a lost race, the winner's commit may not be cached yet). `atLeast`: a version known to be
   * stored (a stream record's); a cached record behind it is read again, because the stream can
   * hand a commit over before the sole writer that stored it has cached it.
   */
  async fresh(gameId: string, reread = false, atLeast = 0): Promise<GameRecord> {
    const cached = this.cache.get(gameId);
    if (cached && this.soleWriter && !reread && cached.version >= atLeast) return cached;
    const record = await this.store.load(gameId, cached);
    if (!record) throw new ProtocolError('NOT_FOUND', `There is no game ${gameId}.`);
    return this.remember(record);
  }

  /** Cache a record unless a newer one is cached already (answers can arrive out of order). */
  remember(record: GameRecord): GameRecord {
    const cached = this.cache.get(record.gameId);
    if (cached && cached.version > record.version) return cached;
    this.cache.set(record.gameId, record);
    return record;
  }

  /** Store a game's first commit (`record`: that commit folded); its head, or null if a game with its id exists. */
  async create(commit: Commit, record: GameRecord): Promise<CommitHead | null> {
    if (!(await this.store.append(commit, record, null))) return null;
    this.cache.set(record.gameId, record);
    return this.headOf(commit, record, null);
  }

  /**
   * Plan a commit on the cached record and store it. A rejection or a lost race on a record
   * that may be stale is retried on the refreshed record; `plan` returning null means nothing
   * needs storing. A Decided plan (a command through the engine's `execute`) brings the game's
   * new state with it, so its events are not folded again here.
   */
  async commit(gameId: string, plan: (record: GameRecord) => Commit | Decided | null): Promise<Stored> {
    const cached = this.cache.get(gameId);
    let refreshed = cached === undefined;
    let record = cached ?? (await this.fresh(gameId));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let planned: Commit | Decided | null;
      try {
        planned = plan(record);
      } catch (error) {
        if (error instanceof ProtocolError && !refreshed) {
          record = await this.fresh(gameId, true);
          refreshed = true;
          continue;
        }
        throw error;
      }
      if (!planned) return { record, committed: false };
      const commit = 'commit' in planned ? planned.commit : planned;
      const next = 'commit' in planned ? applyDecided(record, planned) : applyCommit(record, planned);
      if (await this.store.append(commit, next, record)) {
        this.remember(next);
        return { record: next, committed: true, before: record, head: this.headOf(commit, next, record) };
      }
      // Another writer stored this version first: decide again on the newer record.
      this.observer.count(METRICS.retries);
      record = await this.fresh(gameId, true);
      refreshed = true;
    }
    throw new ProtocolError('CONFLICT', 'Other moves kept getting in first; nothing was stored. Look at the new state and try again.');
  }

  /** The head the store put in the commit item: the same pure function of the same inputs. */
  private headOf(commit: Commit, after: GameRecord, before: GameRecord | null): CommitHead {
    return commitHead(commit, after, before, { redriveAfterMs: this.store.redriveAfterMs });
  }

  /** Drop a game from the cache (tests, memory pressure). */
  forget(gameId: string): void {
    this.cache.delete(gameId);
  }
}
