/**
 * What the accounts' items have in common in the table: a put (only if new), a consistent get
 * and a conditional delete, each reading the item through the catalogue; and a count of recent
 * uses kept in an item, under a conditional write. Apart from accounts.ts so that a function
 * needing only sign-in asks (signin-asks.ts) ships only this.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Counted } from '../../stores/accounts';
import { failedCondition, putNew, recordOf } from './records';
import type { ItemKind } from './items';
import { TABLE } from './table';

export const PK = TABLE.partitionKey;
export const SK = TABLE.sortKey;

/** Epoch seconds for DynamoDB's TTL, from an expiry in ms, with a margin (the checks use expiresAt). */
export const ttlOf = (expiresAtMs: number) => Math.ceil(expiresAtMs / 1000) + 3600;

export class AccountItems {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    protected readonly table: string,
  ) {}

  protected async put(item: Record<string, unknown>, onlyNew = false): Promise<boolean> {
    if (onlyNew) return putNew(this.db, this.table, item);
    await this.db.send(new PutCommand({ TableName: this.table, Item: item }));
    return true;
  }

  /** An item's record (read consistently), or null. */
  protected async get<T>(kind: ItemKind, pk: string, sk: string): Promise<T | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: { [PK]: pk, [SK]: sk }, ConsistentRead: true }));
    return out.Item ? recordOf<T>(kind, out.Item) : null;
  }

  /** Delete an item if `condition` holds; its record as it was, or null when it did not. */
  protected async take<T>(kind: ItemKind, pk: string, sk: string, condition: string, values?: Record<string, unknown>): Promise<T | null> {
    try {
      const out = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { [PK]: pk, [SK]: sk },
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes ? recordOf<T>(kind, out.Attributes) : null;
    } catch (error) {
      if (failedCondition(error)) return null;
      throw error;
    }
  }

  /**
   * Count one more use in an item's list of recent times (`sent`, the last `windowMs`), unless
   * `max` are there already: then how long until the oldest leaves the window. Conditional on
   * the item's `rev`, so concurrent requests cannot both take the last place.
   */
  protected async countRecent(
    kind: 'emailAccount' | 'linkCodes' | 'emailConfirmations' | 'networkUses',
    pk: string,
    sk: string,
    max: number,
    windowMs: number,
    now: Date,
    /** For an item nothing else keeps: when DynamoDB may delete it. */
    ttl?: number,
  ): Promise<Counted> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const item = await this.get<{ sent: number[]; rev: number }>(kind, pk, sk);
      const recent = (item?.sent ?? []).filter((t) => t > now.getTime() - windowMs);
      if (recent.length >= max) return { ok: false, retryAfterMs: Math.min(...recent) + windowMs - now.getTime() };
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { [PK]: pk, [SK]: sk },
            UpdateExpression: `SET kind = if_not_exists(kind, :kind), sent = :sent, #rev = :next${ttl === undefined ? '' : ', #ttl = :ttl'}`,
            ConditionExpression: item?.rev === undefined ? 'attribute_not_exists(#rev)' : '#rev = :rev',
            ExpressionAttributeNames: { '#rev': 'rev', ...(ttl === undefined ? {} : { '#ttl': 'ttl' }) },
            ExpressionAttributeValues: {
              ':kind': kind,
              ':sent': [...recent, now.getTime()],
              ':next': (item?.rev ?? 0) + 1,
              ...(ttl === undefined ? {} : { ':ttl': ttl }),
              ...(item?.rev === undefined ? {} : { ':rev': item.rev }),
            },
          }),
        );
        return { ok: true };
      } catch (error) {
        if (!failedCondition(error)) throw error;
      }
    }
    return { ok: false, retryAfterMs: 1000 };
  }
}
