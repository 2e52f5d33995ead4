/**
 * When the sweep must look at a game (its clock, or an automatic seat to re-drive), in the
 * table: one due item per game in one of CLOCK_SHARDS partitions sorted by due time (so a sweep
 * reads only what is due), and in the game's partition the pointer to its current one.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { boundHolds, dueOfKey, type DueClock, type ScheduleStore, type SetDueOptions } from '../../stores/schedule';
import { upcast, upcastAll } from './catalog';
import type { ClockDueItem, GameClockItem } from './items';
import { shardsIn, WHOLE_SWEEP } from '../../core/sweep-part';
import { CLOCK_SHARDS, clockShardOf, keys } from './keys';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoScheduleStore implements ScheduleStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Record when the sweep must look at a game (null: it need not), as of the game's `version`.
   * The due item is written first, then the game's pointer to it, then the previous item is
   * deleted: a process that dies between these steps leaves at most an extra item, which the
   * sweep finds, finds nothing to do for, and removes — never a game without its due item.
   * Writes for different versions may land out of order (stream reactions and the sweep, on
   * several instances): one from an older version never replaces a newer one.
   *
   * `unlessSet`: first read the game's pointer (one strongly consistent read) and write nothing if
   * it is at this version or later already — the stream's reaction to a commit whose request
   * wrote it, or whose due time the sweep has moved since. `bound`: read it too, and write nothing
   * while its due time is a lower bound (SetDueOptions): one read instead of three writes a move.
   */
  async setClockDue(gameId: string, due: Date | null, version: number, options: SetDueOptions = {}): Promise<void> {
    if (options.unlessSet || options.bound) {
      const out = await this.db.send(
        new GetCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.gameClock }, ConsistentRead: true }),
      );
      const pointer = out.Item && upcast('gameClock', out.Item);
      if (options.unlessSet && pointer && pointer.version >= version) return;
      if (boundHolds(pointer?.dueKey ? dueOfKey(pointer.dueKey) : undefined, due, options.bound)) return;
    }
    const shard = keys.clockShard(clockShardOf(gameId));
    const dueKey = due ? keys.clockDue(due.toISOString(), gameId) : undefined;
    if (due && dueKey) {
      const item: ClockDueItem = { [PK]: shard, [SK]: dueKey, kind: 'clockDue', gameId, due: due.toISOString(), version };
      await this.db.send(new PutCommand({ TableName: this.table, Item: item }));
    }
    let previous: GameClockItem | undefined;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.game(gameId), [SK]: keys.gameClock },
          UpdateExpression: dueKey
            ? 'SET #kind = :kind, #v = :v, dueShard = :shard, dueKey = :key'
            : 'SET #kind = :kind, #v = :v REMOVE dueShard, dueKey',
          ConditionExpression: `attribute_not_exists(${PK}) OR #v <= :v`,
          ExpressionAttributeNames: { '#v': 'version', '#kind': 'kind' },
          ExpressionAttributeValues: { ':v': version, ':kind': 'gameClock', ...(dueKey ? { ':shard': shard, ':key': dueKey } : {}) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      previous = out.Attributes && upcast('gameClock', out.Attributes);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // A newer version set the game's due time: the item just written is not the game's.
      if (dueKey) await this.removeDueIfStale({ shard, key: dueKey, gameId });
      return;
    }
    if (previous?.dueKey && previous.dueShard && previous.dueKey !== dueKey) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: previous.dueShard, [SK]: previous.dueKey } }));
    }
  }

  /**
   * The clock items due at `now`, oldest first per shard: one range query per shard, run side
   * by side, at most `limit` items each. `readUnits`: the read capacity the queries consumed.
   */
  async dueClocks(now: Date, limit = 1000, part = WHOLE_SWEEP): Promise<{ due: DueClock[]; readUnits: number }> {
    let readUnits = 0;
    const perShard = await Promise.all(
      shardsIn(part, CLOCK_SHARDS).map(async (i) => {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: `${PK} = :pk AND ${SK} <= :upTo`,
            ExpressionAttributeValues: { ':pk': keys.clockShard(i), ':upTo': keys.clockDueUntil(now.toISOString()) },
            Limit: limit,
            ReturnConsumedCapacity: 'TOTAL',
          }),
        );
        readUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
        return upcastAll('clockDue', out.Items ?? []).map((clock) => ({
          shard: clock[PK],
          key: clock[SK],
          gameId: clock.gameId,
          due: new Date(clock.due),
          version: clock.version,
        }));
      }),
    );
    return { due: perShard.flat(), readUnits };
  }

  /** After the sweep handled a due item: remove it unless it is still the game's current one. */
  async removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.game(item.gameId), [SK]: keys.gameClock }, ConsistentRead: true }),
    );
    const current = out.Item && upcast('gameClock', out.Item);
    if (current?.dueKey === item.key && current.dueShard === item.shard) return;
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: item.shard, [SK]: item.key } }));
  }
}
