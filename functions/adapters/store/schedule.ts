/**
 * Items for work that happens later or must happen once: games whose clock the sweep must look
 * at, notifications held back by quiet hours, and one marker per delivered notification and
 * channel target so that a retried or repeated stream record never delivers twice.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query';
import type { Notification } from '../../core/notification';
import { keys } from './keys';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Delivery markers are kept a month: long after any retry could come. */
const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;

export type Claim = 'new' | 'retry' | 'sent' | 'abandoned';

/** A target that failed this many times is given up, so one dead webhook cannot hold the stream back. */
export const MAX_ATTEMPTS = 4;

export class Schedule {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Record when the sweep must look at a game's clock (null: it need not), as of the game's
   * `version`. Writes for different commits may land out of order (chores of commits run side
   * by side, and on several instances in the cloud); one from an older version never replaces
   * a newer one. An older write landing after a newer delete brings back a stale due time: the
   * sweep then looks once and finds nothing to do.
   */
  async setClockDue(gameId: string, due: Date | null, version: number): Promise<void> {
    const Key = { [PK]: keys.clocks, [SK]: gameId };
    const notNewer = {
      ConditionExpression: `attribute_not_exists(${PK}) OR #v <= :v`,
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': version },
    };
    try {
      if (due === null) await this.db.send(new DeleteCommand({ TableName: this.table, Key, ...notNewer }));
      else await this.db.send(new PutCommand({ TableName: this.table, Item: { ...Key, kind: 'clock', gameId, due: due.toISOString(), version }, ...notNewer }));
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async dueClocks(now: Date): Promise<string[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: `${PK} = :pk`,
      FilterExpression: 'due <= :now',
      ExpressionAttributeValues: { ':pk': keys.clocks, ':now': now.toISOString() },
    });
    return items.map((i) => i.gameId as string);
  }

  /** Keep a notification until `notBefore` (quiet hours). */
  async hold(n: Notification, notBefore: Date): Promise<void> {
    const sk = keys.outboxItem(notBefore.toISOString(), deliveryId(n));
    await this.db.send(new PutCommand({ TableName: this.table, Item: { [PK]: keys.outbox, [SK]: sk, kind: 'held', notification: JSON.stringify(n) } }));
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
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          // Expiry follows the real clock (DynamoDB deletes by it), whatever clock the games use.
          Item: { ...Key, kind: 'delivery', status: 'claimed', at: now.toISOString(), ttl: Math.floor(Date.now() / 1000) + DELIVERY_TTL_SECONDS },
          ConditionExpression: `attribute_not_exists(${PK})`,
        }),
      );
      return 'new';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
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
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [PK]: keys.delivery(deliveryId(n)), [SK]: keys.deliveryTarget(target) },
        UpdateExpression: 'SET #s = :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
  }

  /** Every delivery marker of one notification (tests and audits). */
  async deliveries(n: Notification): Promise<{ target: string; status: string }[]> {
    const items = await queryAll(this.db, { TableName: this.table, KeyConditionExpression: `${PK} = :pk`, ExpressionAttributeValues: { ':pk': keys.delivery(deliveryId(n)) } });
    return items.map((i) => ({ target: i[SK] as string, status: i.status as string }));
  }
}

/** One notification is one message about one turn (game, version) for one player. */
export const deliveryId = (n: Notification): string => `${n.gameId}#${n.version}#${n.playerId}#${n.kind}`;
