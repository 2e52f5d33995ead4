/**
 * Game quotas in the table: kept in the player's profile item (PLAYER#id / PROFILE), read, then
 * written with a condition on what was read (gamesRev), so concurrent creations take turns.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ProtocolError } from '../../core/protocol/frames';
import type { QuotaStore } from '../../stores/quotas';
import { countedFor, countedQuota, type GameQuota } from '../common/game-quota';
import { upcast } from './catalog';
import { readHead } from './event-store';
import { keys } from './keys';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

export class DynamoQuotaStore implements QuotaStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Count a game the player is creating against GAMES_PER_HOUR and, if it will wait for players,
   * OPEN_GAMES; RATE_LIMITED beyond either, and nothing is counted. Kept in the profile item:
   * read, then a write conditional on what was read (a concurrent creation makes it read
   * again). The open games are ids checked against their heads only when the list is full.
   */
  async countNewGame(playerId: string, gameId: string, open: boolean, now: Date, createId?: string): Promise<string> {
    const key = { [PK]: keys.player(playerId), [SK]: keys.profile };
    for (let attempt = 0; attempt < 12; attempt++) {
      // Concurrent creations of one player take turns: after a lost race, wait a little (with jitter).
      if (attempt) await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
      // No profile item yet counts as one without quotas (the update below makes it).
      const item: GameQuota & { gamesRev?: number } = out.Item ? upcast('player', out.Item) : {};
      const rev = item.gamesRev;
      const earlier = countedFor(item, createId);
      if (earlier !== undefined) return earlier;
      const quota = await countedQuota(item, gameId, open, now, (ids) => this.stillOpen(ids), createId);
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: 'SET gamesHour = :hour, gamesInHour = :created, openGames = :open, creates = :creates, gamesRev = :next',
            ConditionExpression: rev === undefined ? 'attribute_not_exists(gamesRev)' : 'gamesRev = :rev',
            ExpressionAttributeValues: {
              ':hour': quota.gamesHour,
              ':created': quota.gamesInHour,
              ':open': quota.openGames,
              ':creates': quota.creates,
              ':next': (rev ?? 0) + 1,
              ...(rev === undefined ? {} : { ':rev': rev }),
            },
          }),
        );
        return gameId;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new ProtocolError('CONFLICT', 'Too many games were being created for you at once; nothing was stored. Try again.');
  }

  /** The ids among these whose games are still open (their heads say so). */
  private async stillOpen(ids: string[]): Promise<string[]> {
    const heads = await Promise.all(ids.map(async (id) => ((await readHead(this.db, this.table, id))?.status === 'open' ? id : null)));
    return heads.filter((id): id is string => id !== null);
  }
}
