/**
 * The event store in memory, with the DynamoDB one's semantics: a commit is stored only if its
 * version is free, a load is the latest snapshot and the commits after it (snapshots stored and
 * read as on DynamoDB, see store/snapshot.ts), and each commit is kept as the table's item —
 * with the game's head — which the players' index and the quotas read, as they read the table's.
 * Given a stream, each stored commit goes to it too, as the table's stream carries it; without,
 * a test hands the stored commit items (`items`) to the reactions as the stream would. A finished
 * game is compacted as on the table (store/archive.ts): its archive items, then the deletes.
 */
import { REDRIVE_AFTER_MS } from '../../core/clock-due';
import { applyCommit, type Commit, type GameRecord } from '../../core/record';
import type { Compaction, GameCompactor, GameStore } from '../../stores/games';
import { archivedCommitItems, archiveItems, commitsAfter } from '../store/archive';
import { commitFromItem, commitItem } from '../store/event-store';
import type { ArchiveItem, CommitItem } from '../store/items';
import { readSnapshot, storedSnapshot, type StoredSnapshot } from '../store/snapshot';
import type { MemoryStream } from './stream';

export class MemoryEventStore implements GameStore, GameCompactor {
  /** gameId → version → the commit item, as the table would hold it. */
  private readonly commitItems = new Map<string, Map<number, CommitItem>>();
  /** gameId → version → the snapshot, in its stored form. */
  private readonly snapshots = new Map<string, Map<number, StoredSnapshot>>();
  /** gameId → chunk → the archive item of a compacted game. */
  private readonly archives = new Map<string, Map<number, ArchiveItem>>();
  /** gameId → the lease on its next automatic move. */
  private readonly leases = new Map<string, { version: number; until: number }>();
  /** Requests served, by kind (a test can tell whether a load read the store). */
  readonly usage = { reads: 0, writes: 0 };

  constructor(
    readonly redriveAfterMs = REDRIVE_AFTER_MS,
    private readonly stream?: MemoryStream,
  ) {}

  async append(commit: Commit, after: GameRecord, before: GameRecord | null): Promise<boolean> {
    this.usage.writes++;
    const game = this.commitItems.get(commit.gameId) ?? new Map<number, CommitItem>();
    if (game.has(commit.version)) return false;
    // A copy, as the table keeps its own: the records it was made from may be changed later.
    const item = commitItem(commit, after, before, this.redriveAfterMs);
    this.commitItems.set(commit.gameId, game.set(commit.version, structuredClone(item)));
    this.stream?.insert(item as unknown as Record<string, unknown>);
    return true;
  }

  async leaseMove(gameId: string, version: number, until: Date, now: Date): Promise<boolean> {
    this.usage.writes++;
    const held = this.leases.get(gameId);
    if (held && (held.version > version || (held.version === version && held.until > now.getTime()))) return false;
    this.leases.set(gameId, { version, until: until.getTime() });
    return true;
  }

  async load(gameId: string, base?: GameRecord): Promise<GameRecord | null> {
    let record = base ?? this.latestSnapshot(gameId);
    for (const commit of await this.commitsAfter(gameId, record?.version ?? 0)) record = applyCommit(record, commit);
    return record;
  }

  async commits(gameId: string): Promise<Commit[]> {
    return this.commitsAfter(gameId, 0);
  }

  async compact(record: GameRecord): Promise<Compaction> {
    const { gameId, version } = record;
    const hot = this.inOrder(gameId);
    const last = hot.at(-1);
    if (record.status !== 'finished' || last?.version !== version || last.status !== 'finished') {
      throw new Error(`${gameId} at version ${version} is not a finished game's final record: only those are compacted`);
    }
    let archived = 0;
    if (hot.every((c, i) => c.version === i + 1)) {
      await this.saveSnapshot(record);
      const chunks = this.archives.get(gameId) ?? new Map<number, ArchiveItem>();
      this.archives.set(gameId, chunks);
      let written = false;
      for (const item of archiveItems(hot)) {
        this.usage.writes++;
        if (chunks.has(item.chunk)) continue;
        chunks.set(item.chunk, item);
        written = true;
      }
      if (written) archived = hot.length;
    } else if (!this.archived(gameId)) {
      throw new Error(`${gameId}: commits are missing from the table and there is no whole archive of them`);
    }
    const commits = hot.filter((c) => c.version < version).map((c) => c.version);
    const snapshots = this.snapshotVersions(gameId).filter((v) => v < version);
    for (const v of commits) this.commitItems.get(gameId)!.delete(v);
    for (const v of snapshots) this.deleteSnapshot(gameId, v);
    this.usage.writes += commits.length + snapshots.length;
    return { archived, removed: commits.length + snapshots.length };
  }

  /** Put back a commit item as it was stored (tests: a compaction that died before its deletes, or half way through them). */
  restoreCommit(item: CommitItem): void {
    const game = this.commitItems.get(item.gameId) ?? new Map<number, CommitItem>();
    this.commitItems.set(item.gameId, game.set(item.version, structuredClone(item)));
  }

  /** The chunks of a game's archive (tests). */
  archiveItems(gameId: string): ArchiveItem[] {
    return [...(this.archives.get(gameId)?.values() ?? [])].sort((a, b) => a.chunk - b.chunk);
  }

  async saveSnapshot(record: GameRecord): Promise<void> {
    const stored = storedSnapshot(record);
    if (stored) this.putSnapshot(record.gameId, stored);
  }

  /** Keep a snapshot in a given stored form (tests: the formats older builds wrote). */
  putSnapshot(gameId: string, stored: StoredSnapshot): void {
    this.usage.writes++;
    const game = this.snapshots.get(gameId) ?? new Map<number, StoredSnapshot>();
    this.snapshots.set(gameId, game.set(stored.version, { ...stored }));
  }

  /** Remove a snapshot (tests). */
  deleteSnapshot(gameId: string, version: number): void {
    this.snapshots.get(gameId)?.delete(version);
  }

  /** The versions of a game's stored snapshots (tests). */
  snapshotVersions(gameId: string): number[] {
    return [...(this.snapshots.get(gameId)?.keys() ?? [])].sort((a, b) => a - b);
  }

  /** Every game with a stored commit. */
  gameIds(): string[] {
    return [...this.commitItems.keys()];
  }

  /** The stored commit items of a game in version order — what the table's stream delivers (tests feed them to the reactions). */
  items(gameId: string): CommitItem[] {
    return this.inOrder(gameId).map((i) => structuredClone(i));
  }

  /** The game's latest commit item (its head), as the players' index and the quotas read it. */
  head(gameId: string): CommitItem | undefined {
    const game = this.commitItems.get(gameId);
    return game?.size ? structuredClone(game.get(Math.max(...game.keys()))) : undefined;
  }

  private inOrder(gameId: string): CommitItem[] {
    return [...(this.commitItems.get(gameId)?.values() ?? [])].sort((a, b) => a.version - b.version);
  }

  private latestSnapshot(gameId: string): GameRecord | null {
    this.usage.reads++;
    const game = this.snapshots.get(gameId);
    if (!game?.size) return null;
    return readSnapshot(gameId, game.get(Math.max(...game.keys()))!);
  }

  private commitsAfter(gameId: string, version: number): Promise<Commit[]> {
    this.usage.reads++;
    const hot = this.inOrder(gameId)
      .filter((i) => i.version > version)
      .map(commitFromItem);
    return commitsAfter(gameId, version, hot, async () => this.archived(gameId)?.map(commitFromItem) ?? []);
  }

  private archived(gameId: string): CommitItem[] | null {
    this.usage.reads++;
    return archivedCommitItems(this.archiveItems(gameId));
  }
}
