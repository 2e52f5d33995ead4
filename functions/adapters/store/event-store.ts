/**
 * The event store on DynamoDB. Each accepted change is ONE conditional put of a commit item
 * keyed by game and version: if another writer took that version first, the condition fails
 * and the caller reloads and decides again (the local runtime sends concurrent puts together:
 * group-commit.ts). Every SNAPSHOT_EVERY versions a snapshot of the folded record is written
 * beside the commits (snapshot.ts), so a load is at most two reads: the latest snapshot, then the commits
 * after it. A finished game is compacted by the sweep (`compact`, archive.ts): its commits then
 * live in one archive item, which a read uses where the hot commits it finds have a gap.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { applyCommit, type Commit, type GameRecord } from '../../core/record';
import { REDRIVE_AFTER_MS } from '../../core/clock-due';
import { commitHead } from '../../core/after-commit';
import { GroupWriter } from './group-commit';
import type { Compaction, GameStore } from '../../stores/games';
import { archivedCommitItems, archiveItems, commitsAfter } from './archive';
import { upcast, upcastAll } from './catalog';
import type { ArchiveItem, CommitItem, ItemKey, SnapshotItem } from './items';
import { keys } from './keys';
import { queryAll } from './query';
import { readSnapshot, storedSnapshot, type SnapshotWarning, type StoredSnapshot } from './snapshot';
import { TABLE } from './table';

export { SNAPSHOT_EVERY } from '../../core/after-commit';

/** Deletes a compaction sends at once. */
const DELETES_AT_ONCE = 16;

/** Read and write units DynamoDB reported, for the cost model. */
export interface Usage {
  reads: number;
  writes: number;
  readUnits: number;
  writeUnits: number;
}

export class EventStore implements GameStore {
  readonly usage: Usage = { reads: 0, writes: 0, readUnits: 0, writeUnits: 0 };

  private readonly writer: GroupWriter;
  /** See clockDueOf: the commit carries when the sweep must look at the game next. */
  readonly redriveAfterMs: number;

  /** `writer`: the app's grouping writer, when it writes for many games at once (see group-commit.ts). */
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    options: { writer?: GroupWriter; redriveAfterMs?: number; warn?: SnapshotWarning } = {},
  ) {
    this.writer = options.writer ?? new GroupWriter(db, false);
    this.redriveAfterMs = options.redriveAfterMs ?? REDRIVE_AFTER_MS;
    this.warn = options.warn ?? (() => undefined);
  }

  /** Told why a snapshot was left unused. */
  private readonly warn: SnapshotWarning;

  /**
   * Store a commit. Returns false when its version is taken (the caller lost a race).
   * The item carries the game's head (status, seats, whose turn): the latest commit is what
   * `myGames` and stream consumers read, so no other item needs writing per move.
   */
  async append(commit: Commit, after: GameRecord, before: GameRecord | null, claimedUntil?: string): Promise<boolean> {
    const { stored, units } = await this.writer.put(
      {
        TableName: this.table,
        Item: commitItem(commit, after, before, this.redriveAfterMs, claimedUntil),
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
      `${commit.gameId}#${commit.version}`,
    );
    this.count('write', units);
    return stored;
  }

  /** The record of a game, or null when it does not exist. With `base`, only newer commits are read. */
  async load(gameId: string, base?: GameRecord): Promise<GameRecord | null> {
    let record = base ?? (await this.latestSnapshot(gameId));
    for (const commit of await this.commitsAfter(gameId, record?.version ?? 0)) record = applyCommit(record, commit);
    return record;
  }

  /** Every commit of a game in order (for replays and audits). */
  async commits(gameId: string): Promise<Commit[]> {
    return this.commitsAfter(gameId, 0);
  }

  /** Store a snapshot of the record (see snapshot.ts); keyed by version, so writing it twice is harmless. */
  async saveSnapshot(record: GameRecord): Promise<void> {
    const stored = storedSnapshot(record);
    if (!stored) return;
    const out = await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [TABLE.partitionKey]: keys.game(record.gameId),
          [TABLE.sortKey]: keys.snapshot(record.version),
          kind: 'snapshot',
          ...stored,
        } satisfies SnapshotItem,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    this.count('write', out.ConsumedCapacity?.CapacityUnits);
  }

  private async latestSnapshot(gameId: string): Promise<GameRecord | null> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :s)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':s': 'S#' },
        ScanIndexForward: false,
        Limit: 1,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    this.count('read', out.ConsumedCapacity?.CapacityUnits);
    const item = out.Items?.[0] as StoredSnapshot | undefined;
    return item ? readSnapshot(gameId, item, this.warn) : null;
  }

  /** The commits after `version`: the hot ones, or the archive's where the hot ones have a gap (archive.ts). */
  private async commitsAfter(gameId: string, version: number): Promise<Commit[]> {
    const hot = (await this.hotCommits(gameId, version)).map(commitFromItem);
    return commitsAfter(gameId, version, hot, async () => (await this.archived(gameId))?.map(commitFromItem) ?? []);
  }

  /** The commit items after `version` still in the table. */
  private async hotCommits(gameId: string, version: number): Promise<CommitItem[]> {
    const items = await queryAll(
      this.db,
      {
        TableName: this.table,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':from': keys.commit(version + 1), ':to': keys.lastCommit },
        ConsistentRead: true,
        ReturnConsumedCapacity: 'TOTAL',
      },
      (page) => this.count('read', page.ConsumedCapacity?.CapacityUnits),
    );
    return upcastAll('commit', items);
  }

  /** The commit items of the game's archive, or null when it has none (or not a whole one yet). */
  private async archived(gameId: string): Promise<CommitItem[] | null> {
    const items = await queryAll(
      this.db,
      {
        TableName: this.table,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :a)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':a': keys.archives },
        ConsistentRead: true,
        ReturnConsumedCapacity: 'TOTAL',
      },
      (page) => this.count('read', page.ConsumedCapacity?.CapacityUnits),
    );
    return archivedCommitItems(upcastAll('archive', items));
  }

  /**
   * Compact a finished game (GameStore.compact, archive.ts). Its hot items are deleted, not
   * given a TTL: either is one write per item billed by the item's size (an update that sets
   * `ttl` on the larger of the item before and after, so never less), measured the same on a
   * finished 4-player Vasco da Gama game (test/store/dynamodb.test.ts: 265 write units for its
   * 222 commits and 8 snapshots either way); a delete is gone at once, while TTL leaves the items
   * stored, and read beside the archive, for up to days. The whole compaction: 285 write units
   * (the deletes, the 14 KB archive, the final snapshot) and 49 read units (every commit read
   * once). DeleteItem rather than BatchWriteItem: the same units per item, and the sweep needs no
   * batch grant.
   */
  async compact(record: GameRecord): Promise<Compaction> {
    const { gameId, version } = record;
    const hot = await this.hotCommits(gameId, 0);
    const last = hot.at(-1);
    if (record.status !== 'finished' || last?.version !== version || last.status !== 'finished') {
      throw new Error(`${gameId} at version ${version} is not a finished game's final record: only those are compacted`);
    }
    let archived = 0;
    if (hot.every((c, i) => c.version === i + 1)) {
      // The final snapshot first, so that a load reads it rather than the archive.
      await this.saveSnapshot(record);
      let written = false;
      for (const item of archiveItems(hot)) written = (await this.putIfAbsent(item)) || written;
      if (written) archived = hot.length;
    } else if (!(await this.archived(gameId))) {
      throw new Error(`${gameId}: commits are missing from the table and there is no whole archive of them`);
    }
    const snapshots = await queryAll(
      this.db,
      {
        TableName: this.table,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :s)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':s': 'S#' },
        ProjectionExpression: '#pk, #sk, version',
        ReturnConsumedCapacity: 'TOTAL',
      },
      (page) => this.count('read', page.ConsumedCapacity?.CapacityUnits),
    );
    const doomed: ItemKey[] = [
      ...hot.filter((c) => c.version < version),
      ...snapshots.map((s) => ({ pk: String(s.pk), sk: String(s.sk), version: Number(s.version) })).filter((s) => s.version < version),
    ].map(({ pk, sk }) => ({ pk, sk }));
    let next = 0;
    const worker = async () => {
      while (next < doomed.length) {
        const out = await this.db.send(new DeleteCommand({ TableName: this.table, Key: doomed[next++]!, ReturnConsumedCapacity: 'TOTAL' }));
        this.count('write', out.ConsumedCapacity?.CapacityUnits);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETES_AT_ONCE, doomed.length) }, worker));
    return { archived, removed: doomed.length };
  }

  /** Put an item on condition that it is not there: one already there (another compaction's, the same) stays; false then. */
  private async putIfAbsent(item: ArchiveItem): Promise<boolean> {
    try {
      const out = await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      this.count('write', out.ConsumedCapacity?.CapacityUnits);
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      this.count('write', 1);
      return false;
    }
  }

  private count(kind: 'read' | 'write', units = 0): void {
    if (kind === 'read') {
      this.usage.reads++;
      this.usage.readUnits += units;
    } else {
      this.usage.writes++;
      this.usage.writeUnits += units;
    }
  }
}

/** A commit as stored: its own fields, and the game's head after it and before it (core/after-commit.ts). */
export function commitItem(
  commit: Commit,
  after: GameRecord,
  before: GameRecord | null,
  redriveAfterMs: number,
  claimedUntil?: string,
): CommitItem {
  return {
    [TABLE.partitionKey]: keys.game(commit.gameId),
    [TABLE.sortKey]: keys.commit(commit.version),
    kind: 'commit',
    seat: commit.seat,
    playerId: commit.playerId,
    commandId: commit.commandId,
    at: commit.at,
    ...commitHead(commit, after, before, { redriveAfterMs, claimedUntil }),
  };
}

/** The head of a game: its latest commit item (status, seats, whose turn, version, time), or undefined when it has none. */
export async function readHead(db: DynamoDBDocumentClient, table: string, gameId: string): Promise<CommitItem | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :v)',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': keys.game(gameId), ':v': 'V#' },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item && upcast('commit', item);
}

/** The commit a commit item holds (an item of any version: a commit's own fields never changed). */
export function commitFromItem(stored: CommitItem | Record<string, unknown>): Commit {
  const item = stored as CommitItem;
  return {
    gameId: item.gameId,
    version: item.version,
    seat: item.seat,
    playerId: item.playerId,
    commandId: item.commandId,
    events: JSON.parse(item.events),
    at: item.at,
  };
}
