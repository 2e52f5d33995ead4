/**
 * The event store on DynamoDB. Each accepted change is ONE conditional put of a commit item
 * keyed by game and version: if another writer took that version first, the condition fails
 * and the caller reloads and decides again (the local runtime sends concurrent puts together:
 * group-commit.ts). Every SNAPSHOT_EVERY versions a snapshot of the folded record is written
 * beside the commits (snapshot.ts), so a load is at most two reads: the latest snapshot, then the commits
 * after it. A finished game is compacted by the sweep (compactor.ts): its commits then live in
 * one archive item, which a read uses where the hot commits it finds have a gap (archive.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { applyCommit, type Commit, type GameRecord } from '../../core/record';
import { REDRIVE_AFTER_MS } from '../../core/clock-due';
import { commitHead } from '../../core/after-commit';
import { GroupWriter } from './group-commit';
import type { GameStore } from '../../stores/games';
import { archivedCommitItems, commitsAfter } from './archive';
import { upcast, upcastAll } from './catalog';
import type { CommitItem, MoveLeaseItem, SnapshotItem } from './items';
import { keys } from './keys';
import { queryAll } from './query';
import { readSnapshot, storedSnapshot, type SnapshotWarning, type StoredSnapshot } from './snapshot';
import { TABLE } from './table';

export { SNAPSHOT_EVERY } from '../../core/after-commit';

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
  async append(commit: Commit, after: GameRecord, before: GameRecord | null): Promise<boolean> {
    const { stored, units } = await this.writer.put(
      {
        TableName: this.table,
        Item: commitItem(commit, after, before, this.redriveAfterMs),
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
      },
      `${commit.gameId}#${commit.version}`,
    );
    this.count('write', units);
    return stored;
  }

  /** See GameStore.leaseMove: one conditional put of the game's lease item. */
  async leaseMove(gameId: string, version: number, until: Date, now: Date): Promise<boolean> {
    try {
      const out = await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [TABLE.partitionKey]: keys.game(gameId),
            [TABLE.sortKey]: keys.moveLease,
            kind: 'moveLease',
            version,
            until: until.toISOString(),
          } satisfies MoveLeaseItem,
          // ISO times of one format compare as strings do.
          ConditionExpression: 'attribute_not_exists(#pk) OR #version < :version OR (#version = :version AND #until <= :now)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#version': 'version', '#until': 'until' },
          ExpressionAttributeValues: { ':version': version, ':now': now.toISOString() },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      this.count('write', out.ConsumedCapacity?.CapacityUnits);
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
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
    const read = (units?: number) => this.count('read', units);
    const hot = (await hotCommitItems(this.db, this.table, gameId, version, read)).map(commitFromItem);
    return commitsAfter(
      gameId,
      version,
      hot,
      async () => (await archivedItems(this.db, this.table, gameId, read))?.map(commitFromItem) ?? [],
    );
  }

  private count(kind: 'read' | 'write', units = 0): void {
    countUsage(this.usage, kind, units);
  }
}

/** Add one request, and the units it consumed, to a store's usage. */
export function countUsage(usage: Usage, kind: 'read' | 'write', units = 0): void {
  if (kind === 'read') {
    usage.reads++;
    usage.readUnits += units;
  } else {
    usage.writes++;
    usage.writeUnits += units;
  }
}

/** Told the read units of each page a query read. */
type ReadUnits = (units: number | undefined) => void;

/** A game's commit items after `version` still in the table (strongly consistent: a commit just stored is read). */
export async function hotCommitItems(
  db: DynamoDBDocumentClient,
  table: string,
  gameId: string,
  version: number,
  read: ReadUnits,
): Promise<CommitItem[]> {
  const from = keys.commit(version + 1);
  return upcastAll(
    'commit',
    await queryGame(db, table, gameId, '#sk BETWEEN :from AND :to', { ':from': from, ':to': keys.lastCommit }, read),
  );
}

/** The commit items of a game's archive, or null when it has none (or not a whole one yet). */
export async function archivedItems(
  db: DynamoDBDocumentClient,
  table: string,
  gameId: string,
  read: ReadUnits,
): Promise<CommitItem[] | null> {
  const items = await queryGame(db, table, gameId, 'begins_with(#sk, :a)', { ':a': keys.archives }, read);
  return archivedCommitItems(upcastAll('archive', items));
}

function queryGame(
  db: DynamoDBDocumentClient,
  table: string,
  gameId: string,
  range: string,
  values: Record<string, string>,
  read: ReadUnits,
): Promise<Record<string, unknown>[]> {
  return queryAll(
    db,
    {
      TableName: table,
      KeyConditionExpression: `#pk = :pk AND ${range}`,
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': keys.game(gameId), ...values },
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    },
    (page) => read(page.ConsumedCapacity?.CapacityUnits),
  );
}

/** A commit as stored: its own fields, and the game's head after it and before it (core/after-commit.ts). */
export function commitItem(commit: Commit, after: GameRecord, before: GameRecord | null, redriveAfterMs: number): CommitItem {
  return {
    [TABLE.partitionKey]: keys.game(commit.gameId),
    [TABLE.sortKey]: keys.commit(commit.version),
    kind: 'commit',
    seat: commit.seat,
    playerId: commit.playerId,
    commandId: commit.commandId,
    at: commit.at,
    ...commitHead(commit, after, before, { redriveAfterMs }),
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
