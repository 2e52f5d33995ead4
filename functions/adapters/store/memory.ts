/**
 * The host's storage in memory: the event store, the records and the schedule with the
 * semantics of the DynamoDB ones — a commit is stored only if its version is free, loads are the
 * latest snapshot and the commits after it (snapshots stored and read as on DynamoDB, see
 * snapshot.ts), index items and due items are conditioned by version — and one behaviour suite
 * checks both. For fast tests of hosting logic, with no DynamoDB; no runtime uses it.
 *
 * What the table does by itself is left out: connections and subscriptions do not expire (a
 * test does not run for hours), and there is no stream — a test hands the stored commit items
 * (`MemoryEventStore.items`) to the reactions as the stream would.
 */
import { applyCommit, type Commit, type GameRecord } from '../../core/record';
import { decodeCursor, SEGMENTS } from '../../core/games-cursor';
import { ProtocolError, type GameSummary } from '../../core/protocol/frames';
import { REDRIVE_AFTER_MS } from '../../core/clock-due';
import { commitFromItem, commitItem } from './event-store';
import type { GameStore, HostRecords, HostSchedule } from './host-storage';
import type { CommitItem } from './items';
import { LiveConnections } from './live-connections';
import { CLOCK_SHARDS, clockShardOf, keys } from './keys';
import {
  countedFor,
  countedQuota,
  gamesPage,
  type Connection,
  type GameQuota,
  type IndexedGame,
  type PickedEntry,
  type Subscriber,
} from './records';
import type { DueClock } from './schedule';
import { readSnapshot, storedSnapshot, type StoredSnapshot } from './snapshot';

export class MemoryEventStore implements GameStore {
  /** gameId → version → the commit item, as the table would hold it. */
  private readonly commitItems = new Map<string, Map<number, CommitItem>>();
  /** gameId → version → the snapshot, in its stored form. */
  private readonly snapshots = new Map<string, Map<number, StoredSnapshot>>();
  /** Requests served, by kind (a test can tell whether a load read the store). */
  readonly usage = { reads: 0, writes: 0 };

  constructor(readonly redriveAfterMs = REDRIVE_AFTER_MS) {}

  async append(commit: Commit, after: GameRecord, before: GameRecord | null, claimedUntil?: string): Promise<boolean> {
    this.usage.writes++;
    const game = this.commitItems.get(commit.gameId) ?? new Map<number, CommitItem>();
    if (game.has(commit.version)) return false;
    // A copy, as the table keeps its own: the records it was made from may be changed later.
    const item = commitItem(commit, after, before, this.redriveAfterMs, claimedUntil);
    this.commitItems.set(commit.gameId, game.set(commit.version, structuredClone(item)));
    return true;
  }

  async load(gameId: string, base?: GameRecord): Promise<GameRecord | null> {
    let record = base ?? this.latestSnapshot(gameId);
    for (const commit of this.commitsAfter(gameId, record?.version ?? 0)) record = applyCommit(record, commit);
    return record;
  }

  async commits(gameId: string): Promise<Commit[]> {
    return this.commitsAfter(gameId, 0);
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

  /** Every game with a stored commit. */
  gameIds(): string[] {
    return [...this.commitItems.keys()];
  }

  /** The stored commit items of a game in version order — what the table's stream delivers (tests feed them to the reactions). */
  items(gameId: string): CommitItem[] {
    return this.inOrder(gameId).map((i) => structuredClone(i));
  }

  /** The game's latest commit item, as `myGames` reads it. */
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

  private commitsAfter(gameId: string, version: number): Commit[] {
    this.usage.reads++;
    return this.inOrder(gameId)
      .filter((i) => i.version > version)
      .map(commitFromItem);
  }
}

/** One item of a player's index of games. */
interface IndexItem {
  gameId: string;
  seat: number;
  status: string;
  version: number;
}

export class MemoryRecords implements HostRecords {
  private readonly live = new LiveConnections();
  /** playerId → gameId → index item */
  private readonly index = new Map<string, Map<string, IndexItem>>();
  private readonly quotas = new Map<string, GameQuota>();

  /** The records read the games' heads from the event store, as the table's records read its commit items. */
  constructor(private readonly store: MemoryEventStore) {}

  async putConnection(c: Connection): Promise<void> {
    this.live.put(c);
  }

  // No lobby watch is kept here: a connection is known to have none.
  async getConnection(
    connectionId: string,
  ): Promise<(Connection & { games: string[]; watchesGames: boolean; watchesLobby?: boolean }) | null> {
    const live = this.live.get(connectionId);
    return live && { ...live, watchesLobby: false };
  }

  async deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[]; watchesLobby?: boolean } | null> {
    const gone = this.live.delete(connectionId);
    return gone && { ...gone, watchesLobby: false };
  }

  async isOnline(playerId: string): Promise<boolean> {
    return this.live.isOnline(playerId);
  }

  async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    this.live.unsubscribe(gameId, connectionId);
  }

  /** As the table's conditional update: a connection that is gone cannot subscribe. */
  async subscribe(gameId: string, c: Connection, logDelta = false): Promise<void> {
    this.live.subscribe(gameId, c, logDelta);
  }

  async subscribers(gameId: string): Promise<Subscriber[]> {
    return this.live.subscribers(gameId);
  }

  async watchGames(c: Connection): Promise<void> {
    this.live.setWatchesGames(c.connectionId, true);
  }

  async gamesWatchers(playerId: string): Promise<string[]> {
    return this.live.gamesWatchers(playerId);
  }

  async unwatchGames(_playerId: string, connectionId: string): Promise<void> {
    this.live.setWatchesGames(connectionId, false);
  }

  async indexGame(record: IndexedGame): Promise<void> {
    record.seats.forEach((s, seat) => {
      if (!s) return;
      const games = this.index.get(s.playerId) ?? new Map<string, IndexItem>();
      this.index.set(s.playerId, games);
      const item = games.get(record.gameId);
      // As the table's condition: a newer version's item stays.
      if (item && item.version >= record.version) return;
      games.set(record.gameId, { gameId: record.gameId, seat, status: record.status, version: record.version });
    });
  }

  async playerGames(playerId: string, page: { limit: number; cursor?: string }): Promise<{ games: GameSummary[]; next: string | null }> {
    const from = page.cursor === undefined ? null : decodeCursor(playerId, page.cursor);
    if (page.cursor !== undefined && !from) {
      throw new ProtocolError(
        'BAD_REQUEST',
        'That cursor is not one the server gave you for your games; ask for the first page again, without a cursor.',
      );
    }
    // The index in key order (the table sorts by `GAME#<id>`), by part, from the cursor on.
    const items = [...(this.index.get(playerId)?.values() ?? [])].sort((a, b) =>
      compareKeys(keys.playerGame(a.gameId), keys.playerGame(b.gameId)),
    );
    const following: PickedEntry[] = SEGMENTS.slice(SEGMENTS.indexOf(from?.segment ?? SEGMENTS[0])).flatMap((segment) =>
      items
        .filter((i) => i.status === segment)
        .filter((i) => !from || segment !== from.segment || compareKeys(keys.playerGame(i.gameId), keys.playerGame(from.gameId)) > 0)
        .map((i) => ({ segment, item: { gameId: i.gameId, seat: i.seat, status: i.status } })),
    );
    const picked = following.slice(0, page.limit);
    const built = gamesPage(
      playerId,
      picked,
      following.length > picked.length,
      picked.map(({ item }) => this.store.head(item.gameId) as Record<string, unknown> | undefined),
    );
    for (const stale of built.stale) {
      const item = this.index.get(playerId)?.get(stale.gameId);
      if (item && item.version < stale.version) Object.assign(item, { status: stale.status, version: stale.version });
    }
    return { games: built.games, next: built.next };
  }

  async countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string> {
    const counted = this.quotas.get(playerId) ?? {};
    const earlier = countedFor(counted, createId);
    if (earlier !== undefined) return earlier;
    const quota = await countedQuota(
      counted,
      gameId,
      open,
      now,
      async (ids) => ids.filter((id) => this.store.head(id)?.status === 'open'),
      createId,
    );
    this.quotas.set(playerId, quota);
    return gameId;
  }
}

/** Compares keys as DynamoDB sorts them: by their UTF-8 bytes. */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

interface DueItem {
  gameId: string;
  due: string;
  version: number;
}

export class MemorySchedule implements HostSchedule {
  /** shard → due key → item, as the table's sharded partitions sorted by due time. */
  private readonly shards = new Map<string, Map<string, DueItem>>();
  /** gameId → the game's pointer to its current due item, as of a version. */
  private readonly pointers = new Map<string, { version: number; dueShard?: string; dueKey?: string }>();

  async setClockDue(gameId: string, due: Date | null, version: number, options: { unlessSet?: boolean } = {}): Promise<void> {
    if (options.unlessSet && (this.pointers.get(gameId)?.version ?? -1) >= version) return;
    const shard = keys.clockShard(clockShardOf(gameId));
    const dueKey = due ? keys.clockDue(due.toISOString(), gameId) : undefined;
    // The same steps as on the table: the due item, then the pointer (conditioned by version), then the previous item goes.
    if (due && dueKey) this.shard(shard).set(dueKey, { gameId, due: due.toISOString(), version });
    const previous = this.pointers.get(gameId);
    if (previous && previous.version > version) {
      if (dueKey) await this.removeDueIfStale({ shard, key: dueKey, gameId });
      return;
    }
    this.pointers.set(gameId, dueKey ? { version, dueShard: shard, dueKey } : { version });
    if (previous?.dueKey && previous.dueShard && previous.dueKey !== dueKey) this.shard(previous.dueShard).delete(previous.dueKey);
  }

  async dueClocks(now: Date, max = 1000): Promise<{ due: DueClock[]; readUnits: number }> {
    const until = keys.clockDueUntil(now.toISOString());
    const due = Array.from({ length: CLOCK_SHARDS }, (_, i) => keys.clockShard(i)).flatMap((shard) =>
      [...this.shard(shard).entries()]
        .filter(([key]) => compareKeys(key, until) <= 0)
        .sort(([a], [b]) => compareKeys(a, b))
        .slice(0, max)
        .map(([key, item]) => ({ shard, key, gameId: item.gameId, due: new Date(item.due), version: item.version })),
    );
    return { due, readUnits: 0 };
  }

  async removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void> {
    const current = this.pointers.get(item.gameId);
    if (current?.dueKey === item.key && current.dueShard === item.shard) return;
    this.shard(item.shard).delete(item.key);
  }

  private shard(shard: string): Map<string, DueItem> {
    let items = this.shards.get(shard);
    if (!items) this.shards.set(shard, (items = new Map()));
    return items;
  }
}

/** The three, wired as the host takes them: the records read the games' heads from this store. */
export function memoryStorage(options: { redriveAfterMs?: number } = {}): {
  store: MemoryEventStore;
  records: MemoryRecords;
  schedule: MemorySchedule;
} {
  const store = new MemoryEventStore(options.redriveAfterMs);
  return { store, records: new MemoryRecords(store), schedule: new MemorySchedule() };
}
