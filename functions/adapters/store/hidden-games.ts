/**
 * A player's finished games left out of their `myGames` (`hideGame`): a flag on their index
 * item. The update writes the whole index entry as of the finished version too, so the
 * index's own later write of that version (the stream's, conditioned on an older version)
 * cannot put the item back without the flag.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { GameRecord } from '../../core/record';
import type { HiddenGameStore } from '../../stores/hidden-games';
import type { PlayerGameItem } from './items';
import { keys } from './keys';
import { TABLE } from './table';

export class DynamoHiddenGameStore implements HiddenGameStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Hide (or show again) a finished game in one player's list. */
  async set(playerId: string, seat: number, record: GameRecord, hidden: boolean): Promise<void> {
    const values = {
      ':kind': 'playerGame' satisfies PlayerGameItem['kind'],
      ':gameId': record.gameId,
      ':seat': seat,
      ':status': record.status,
      ':version': record.version,
    };
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [TABLE.partitionKey]: keys.player(playerId), [TABLE.sortKey]: keys.playerGame(record.gameId) },
          UpdateExpression: `SET #kind = :kind, #gameId = :gameId, #seat = :seat, #status = :status, #version = :version ${hidden ? ', #hidden = :hidden' : 'REMOVE #hidden'}`,
          ConditionExpression: 'attribute_not_exists(#version) OR #version <= :version',
          ExpressionAttributeNames: {
            '#kind': 'kind',
            '#gameId': 'gameId',
            '#seat': 'seat',
            '#status': 'status',
            '#version': 'version',
            '#hidden': 'hidden',
          },
          ExpressionAttributeValues: hidden ? { ...values, ':hidden': true } : values,
        }),
      );
    } catch (error) {
      // A later version is indexed: a finished game has none, so this cannot be a finished game's item.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
