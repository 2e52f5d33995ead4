/** What every store adapter does with an item: read it as its record, and tell a failed condition. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
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
