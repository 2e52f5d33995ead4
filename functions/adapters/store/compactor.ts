/**
 * The compaction of finished games on DynamoDB (GameCompactor; what it leaves and how reads use
 * it: archive.ts), the sweep's alone. Its hot items are deleted, not given a TTL: either is one
 * write per item billed by the item's size (an update that sets `ttl` on the larger of the item
 * before and after, so never less), measured the same on a finished 4-player Vasco da Gama game
 * (test/store/dynamodb.test.ts: 265 write units for its 222 commits and 8 snapshots either way);
 * a delete is gone at once, while TTL leaves the items stored, and read beside the archive, for up
 * to days. The whole compaction: 285 write units (the deletes, the 14 KB archive, the final
 * snapshot) and 49 read units (every commit read once). DeleteItem rather than BatchWriteItem:
 * the same units per item, and the sweep needs no batch grant.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GameRecord } from '../../core/record';
import type { Compaction, GameCompactor } from '../../stores/games';
import { archiveItems } from './archive';
import { archivedItems, countUsage, EventStore, hotCommitItems, type Usage } from './event-store';
import type { ArchiveItem, ItemKey } from './items';
import { keys } from './keys';
import { queryAll } from './query';
import { TABLE } from './table';

/** Deletes a compaction sends at once. */
const DELETES_AT_ONCE = 16;

export class DynamoGameCompactor implements GameCompactor {
  /** Read and write units DynamoDB reported (the final snapshot's included). */
  readonly usage: Usage = { reads: 0, writes: 0, readUnits: 0, writeUnits: 0 };
  /** Writes the final snapshot as every snapshot is written. */
  private readonly snapshots: EventStore;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.snapshots = new EventStore(db, table);
  }

  async compact(record: GameRecord): Promise<Compaction> {
    const { gameId, version } = record;
    const read = (units?: number) => this.count('read', units);
    const hot = await hotCommitItems(this.db, this.table, gameId, 0, read);
    const last = hot.at(-1);
    if (record.status !== 'finished' || last?.version !== version || last.status !== 'finished') {
      throw new Error(`${gameId} at version ${version} is not a finished game's final record: only those are compacted`);
    }
    let archived = 0;
    if (hot.every((c, i) => c.version === i + 1)) {
      // The final snapshot first, so that a load reads it rather than the archive.
      const units = this.snapshots.usage.writeUnits;
      await this.snapshots.saveSnapshot(record);
      this.count('write', this.snapshots.usage.writeUnits - units);
      let written = false;
      for (const item of archiveItems(hot)) written = (await this.putIfAbsent(item)) || written;
      if (written) archived = hot.length;
    } else if (!(await archivedItems(this.db, this.table, gameId, read))) {
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
      (page) => read(page.ConsumedCapacity?.CapacityUnits),
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
    countUsage(this.usage, kind, units);
  }
}
