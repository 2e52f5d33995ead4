/**
 * Items for work that happens later or must happen once: when the sweep must look at a game
 * (its clock, or an automatic seat to re-drive), notifications held back by quiet hours, and one marker per delivered notification and
 * channel target so that a retried or repeated stream record never delivers twice.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query';
import type { Notification } from '../../core/notification';
import type { ClockDueItem, GameClockItem } from './items';
import type { HostSchedule } from './host-storage';
import { CLOCK_SHARDS, clockShardOf, keys } from './keys';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Delivery markers are kept a month: long after any retry could come. */
const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;

export type Claim = 'new' | 'retry' | 'sent' | 'abandoned';

/** A clock item the sweep found due. */
export interface DueClock {
  shard: string;
  key: string;
  gameId: string;
  due: Date;
  version: number;
}

/** A target that failed this many times is given up, so one dead webhook cannot hold the stream back. */
export const MAX_ATTEMPTS = 4;

export class Schedule implements HostSchedule {
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
   * wrote it (two writes saved per move of a game with a clock), or whose due time the sweep has
   * moved since.
   */
  async setClockDue(gameId: string, due: Date | null, version: number, options: { unlessSet?: boolean } = {}): Promise<void> {
    if (options.unlessSet) {
      const out = await this.db.send(
        new GetCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.gameClock }, ConsistentRead: true }),
      );
      if (((out.Item as GameClockItem | undefined)?.version ?? -1) >= version) return;
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
      previous = out.Attributes as GameClockItem | undefined;
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
  async dueClocks(now: Date, limit = 1000): Promise<{ due: DueClock[]; readUnits: number }> {
    let readUnits = 0;
    const perShard = await Promise.all(
      Array.from({ length: CLOCK_SHARDS }, async (_, i) => {
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
        return (out.Items ?? []).map((item) => {
          const clock = item as ClockDueItem;
          return { shard: clock[PK], key: clock[SK], gameId: clock.gameId, due: new Date(clock.due), version: clock.version };
        });
      }),
    );
    return { due: perShard.flat(), readUnits };
  }

  /** After the sweep handled a due item: remove it unless it is still the game's current one. */
  async removeDueIfStale(item: { shard: string; key: string; gameId: string }): Promise<void> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.game(item.gameId), [SK]: keys.gameClock }, ConsistentRead: true }),
    );
    const current = out.Item as GameClockItem | undefined;
    if (current?.dueKey === item.key && current.dueShard === item.shard) return;
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: item.shard, [SK]: item.key } }));
  }

  /** Keep a notification until `notBefore` (quiet hours). */
  async hold(n: Notification, notBefore: Date): Promise<void> {
    const sk = keys.outboxItem(notBefore.toISOString(), deliveryId(n));
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { [PK]: keys.outbox, [SK]: sk, kind: 'held', notification: JSON.stringify(n) } }),
    );
  }

  async dueHeld(now: Date): Promise<{ key: string; notification: Notification }[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk AND ${SK} <= :upTo`,
      ExpressionAttributeValues: { ':pk': keys.outbox, ':upTo': `${now.toISOString()}#~` },
    });
    return items.map((i) => ({ key: i[SK] as string, notification: JSON.parse(i.notification as string) as Notification }));
  }

  async release(key: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.outbox, [SK]: key } }));
  }

  /**
   * Claim the delivery of a notification to one target. 'new': first attempt; 'retry': an
   * earlier attempt claimed it but did not finish (crash, failure): send again; 'sent': done;
   * 'abandoned': it failed MAX_ATTEMPTS times, skip it.
   */
  async claim(n: Notification, target: string, now: Date): Promise<Claim> {
    const Key = { [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) };
    if (await putClaim(this.db, this.table, Key, now)) return 'new';
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key,
        UpdateExpression: 'ADD attempts :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (out.Attributes?.status === 'sent') return 'sent';
    return ((out.Attributes?.attempts as number | undefined) ?? 0) >= MAX_ATTEMPTS ? 'abandoned' : 'retry';
  }

  async markSent(n: Notification, target: string): Promise<void> {
    await markDelivered(this.db, this.table, { [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) });
  }

  /** Every delivery marker of one notification (tests and audits). */
  async deliveries(n: Notification): Promise<{ target: string; status: string }[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.delivery(deliveryId(n)) },
    });
    return items.map((i) => ({ target: i[SK] as string, status: i.status as string }));
  }
}

/**
 * Writes a delivery marker 'claimed' at `now` if none exists: true for the first claim, false
 * when a marker was there already (the caller decides between retrying and skipping).
 */
export async function putClaim(db: DynamoDBDocumentClient, table: string, Key: Record<string, string>, now: Date): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: table,
        // Expiry follows the real clock (DynamoDB deletes by it), whatever clock the games use.
        Item: {
          ...Key,
          kind: 'delivery',
          status: 'claimed',
          at: now.toISOString(),
          ttl: Math.floor(Date.now() / 1000) + DELIVERY_TTL_SECONDS,
        },
        ConditionExpression: `attribute_not_exists(${PK})`,
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return false;
  }
}

/** Marks a claimed delivery done. */
export async function markDelivered(db: DynamoDBDocumentClient, table: string, Key: Record<string, string>): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key,
      UpdateExpression: 'SET #s = :sent',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent' },
    }),
  );
}

/** One notification is one message about one turn (game, version) for one player. */
export const deliveryId = (n: Notification): string => `${n.gameId}#${n.version}#${n.playerId}#${n.kind}`;
