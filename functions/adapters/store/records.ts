/** What every store adapter does with an item: read it as its record, tell a failed condition, put it only where none is. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { upcast, type Stored } from './catalog';
import type { ItemKind } from './items';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export const failedCondition = (error: unknown) =>
  error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** What an item of this kind holds beside its keys, its kind and its TTL, in its current shape: the record the store answers. */
export function recordOf<T>(kind: ItemKind, item: Stored): T {
  const { [PK]: _pk, [SK]: _sk, kind: _kind, ttl: _ttl, ...record } = upcast(kind, item) as unknown as Stored;
  return record as T;
}

/** Put an item unless one is stored under its key (first writer wins): whether this one was. */
export async function putNew(db: DynamoDBDocumentClient, table: string, item: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: table, Item: item, ConditionExpression: `attribute_not_exists(${PK})` }));
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}
