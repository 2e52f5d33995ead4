/**
 * The players' index of games in the table: one item per game in each seated player's
 * partition (PLAYER#id / GAME#id) with the game's status and the version it was written for;
 * whose turn it is comes from each game's head, its latest commit item. A player's hidden games
 * are a flag on their items (hidden-games.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { SEGMENTS, type Segment } from '../../core/games-cursor';
import { indexedSeats, type GamesPage, type IndexedGame, type PlayerGameStore } from '../../stores/player-games';
import { failure, type Observer } from '../../observe/observer';
import { gamesPage, pageStart, type PickedEntry } from '../common/games-page';
import { readHead } from './event-store';
import { upcast } from './catalog';
import type { PlayerGameItem } from './items';
import { keys } from './keys';
import { prefixed } from './query';
import { TABLE } from './table';
import { segmentFilter } from './upcasters/player-game';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Index items one Query reads at most (about 100 bytes each) while looking for a page's games. */
const INDEX_ITEMS_PER_QUERY = 200;

export class DynamoPlayerGameStore implements PlayerGameStore {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Told when correcting a stale index item failed (the next read corrects it again). */
    private readonly observer?: Observer,
  ) {}

  /** A put under its condition: whether it was stored (a failed condition is not an error). */
  protected async conditionalPut(input: PutCommandInput): Promise<boolean> {
    try {
      await this.db.send(new PutCommand(input));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * Index the game under each seated person (indexedSeats), with its status (`myGames` pages the games in
   * play first, see playerGames): written when seats or the status change — creation, joins, start, end —
   * never on a move. A write holds only if no later version of the game was indexed, as writes
   * of one game from different instances may land out of order.
   */
  async indexGame(record: IndexedGame): Promise<void> {
    await Promise.all(
      indexedSeats(record).map(async ({ playerId, seat }) => {
        // A newer version's item already there is fine: the put's condition keeps it.
        await this.conditionalPut({
          TableName: this.table,
          Item: {
            [PK]: keys.player(playerId),
            [SK]: keys.playerGame(record.gameId),
            kind: 'playerGame',
            gameId: record.gameId,
            seat,
            status: record.status,
            version: record.version,
          } satisfies PlayerGameItem,
          ConditionExpression: 'attribute_not_exists(#version) OR #version < :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': record.version },
        });
      }),
    );
  }

  /** Correct one index item's status from the game's head (an item of an older shape, a lost write). */
  private async reindexStatus(playerId: string, gameId: string, status: string, version: number): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(playerId), [SK]: keys.playerGame(gameId) },
          UpdateExpression: 'SET #status = :status, #version = :version',
          ConditionExpression: `attribute_exists(${PK}) AND (attribute_not_exists(#version) OR #version < :version)`,
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: { ':status': status, ':version': version },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException))
        this.observer?.log.warn('correcting an index item failed', failure(error, { gameId, playerId }));
    }
  }

  /**
   * One page of the player's games and the cursor of the next (null after the last). Each page
   * is Queries of the player's index (small items) and one head read per game on the page.
   *
   * Order: the games in play first — every game that can be waiting for the player is among
   * them — then the open ones (waiting for players), then the finished; within each part the
   * index's key order (by gameId), which never changes, so paging neither repeats nor skips a
   * game whose status stays put. Whose turn it is changes with every move and is not indexed
   * (that would be a write per move), so each page is sorted for showing: your turn first, then
   * by part, then most recently changed. A player with more games in play than a page holds
   * finds the rest on the next pages, before any open or finished game: a client that follows
   * `next` until a page holds a game not in play has every game waiting for the player.
   */
  async playerGames(playerId: string, page: { limit: number; cursor?: string }): Promise<GamesPage> {
    const from = pageStart(playerId, page.cursor);
    // The index items of this page, in key order, and whether any item follows them.
    const picked: PickedEntry[] = [];
    let more = false;
    let segment: Segment = from?.segment ?? SEGMENTS[0];
    let start: Record<string, unknown> | undefined = from ? { [PK]: keys.player(playerId), [SK]: keys.playerGame(from.gameId) } : undefined;
    while (!more) {
      const query = prefixed(this.table, keys.player(playerId), 'GAME#');
      const out = await this.db.send(
        new QueryCommand({
          ...query,
          FilterExpression: segmentFilter(segment),
          ExpressionAttributeNames: { '#status': 'status', '#hidden': 'hidden' },
          ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':status': segment },
          ExclusiveStartKey: start,
          Limit: INDEX_ITEMS_PER_QUERY,
        }),
      );
      for (const item of out.Items ?? []) {
        if (picked.length === page.limit) {
          more = true;
          break;
        }
        picked.push({ segment, item: upcast('playerGame', item) });
      }
      if (out.LastEvaluatedKey) start = out.LastEvaluatedKey;
      else if (segment !== SEGMENTS.at(-1)) [segment, start] = [SEGMENTS[SEGMENTS.indexOf(segment) + 1]!, undefined];
      else break;
    }

    const heads = await Promise.all(picked.map(({ item }) => readHead(this.db, this.table, item.gameId)));
    const built = gamesPage(playerId, picked, more, heads);
    await Promise.all(built.stale.map((c) => this.reindexStatus(playerId, c.gameId, c.status, c.version)));
    return { games: built.games, next: built.next };
  }
}
