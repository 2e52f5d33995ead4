/**
 * A player's name from their profile item: every store that greets a player reads it so. Its own
 * module, so the stores that need only this carry nothing else of the players' store.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { TABLE } from './table';

/** The player's name, or null when there is no such player. */
export async function profileName(db: DynamoDBDocumentClient, table: string, playerId: string): Promise<string | null> {
  const out = await db.send(
    new GetCommand({
      TableName: table,
      Key: { [TABLE.partitionKey]: keys.player(playerId), [TABLE.sortKey]: keys.profile },
      ProjectionExpression: '#n',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  return typeof out.Item?.name === 'string' ? out.Item.name : null;
}
