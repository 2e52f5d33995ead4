/** Queries that follow DynamoDB's pages to the end (a page holds at most 1 MB). */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from './table';

export async function queryAll(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
  onPage?: (page: QueryCommandOutput) => void,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    onPage?.(page);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The items of one partition whose sort key starts with `prefix`. */
export function prefixed(table: string, pk: string, prefix: string): QueryCommandInput {
  return {
    TableName: table,
    KeyConditionExpression: `${TABLE.partitionKey} = :pk AND begins_with(${TABLE.sortKey}, :prefix)`,
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  };
}
