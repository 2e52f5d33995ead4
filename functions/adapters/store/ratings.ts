/**
 * Ratings in the table. The update of one finished game is ONE TransactWriteItems: the game's
 * RATED marker (only if absent), each person's rating item (only if unchanged since it was read),
 * their history and recent-game items, and their leaderboard entries moved. A redelivered or
 * concurrent end finds the marker and changes nothing; a person whose other game was rated in
 * between makes the transaction fail as a whole, and the caller reads and rates again.
 * Reads: a player's ratings with their history, their recent games, a game's leaderboard. The
 * sweep's asks to rate a game (RATEASK#at) are kept a day: only their stream records matter.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RatingAsk } from '../../core/rating-ask';
import { leaderKey, type SeatUpdate, type StoredRating } from '../../core/ratings';
import {
  HISTORY_POINTS,
  type ApplyResult,
  type GameRating,
  type Leader,
  type PlayedGame,
  type RatedGame,
  type RatingStore,
} from '../../stores/ratings';
import { upcast, upcastAll } from './catalog';
import type { LeaderItem, PlayedItem, RateAskItem, RatedItem, RatingItem, RatingLogItem } from './items';
import { keys, LEADER_SHARDS, leaderShardOf } from './keys';
import { profileName } from './profile-name';
import { prefixed, queryAll } from './query';
import { atRevision } from './revision';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** An ask is read from the stream within seconds, or by the reader's retries within its day; then it may go. */
const ASK_TTL_SECONDS = 24 * 60 * 60;

export class DynamoRatingStore implements RatingStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** A registered player's name, or null when no player has this id. */
  async playerName(playerId: string): Promise<string | null> {
    return profileName(this.db, this.table, playerId);
  }

  async isRated(gameId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.rated }, ConsistentRead: true }),
    );
    return Boolean(out.Item);
  }

  async askRating(ask: RatingAsk, now: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...ask,
          [PK]: keys.game(ask.gameId),
          [SK]: keys.rateAsk(now.toISOString()),
          kind: 'rateAsk',
          // Expiry follows the real clock (DynamoDB deletes by it), whatever clock the games use.
          ttl: Math.floor(Date.now() / 1000) + ASK_TTL_SECONDS,
        } satisfies RateAskItem,
      }),
    );
  }

  /** The people's current ratings in one game (null: not rated yet), read consistently. */
  async current(game: string, playerIds: readonly string[]): Promise<Map<string, StoredRating | null>> {
    const read = await Promise.all(
      playerIds.map(async (id) => {
        const out = await this.db.send(
          new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(id), [SK]: keys.rating(game) }, ConsistentRead: true }),
        );
        const item = out.Item && upcast('rating', out.Item);
        return [
          id,
          item
            ? {
                mu: item.mu,
                sigma: item.sigma,
                ordinal: item.ordinal,
                games: item.games,
                wins: item.wins,
                rev: item.rev,
                board: item.board,
              }
            : null,
        ] as const;
      }),
    );
    return new Map(read);
  }

  /** Store one game's update in one transaction (see the file's comment). */
  async apply(rated: RatedGame, updates: readonly SeatUpdate[]): Promise<ApplyResult> {
    const { gameId, game, at, seats } = rated;
    const Put = (Item: object, condition?: ReturnType<typeof atRevision> | { ConditionExpression: string }) => ({
      Put: { TableName: this.table, Item, ...condition },
    });
    const table = seats.map((s) => ({ name: s.name, playerId: s.playerId, ...(s.bot ? { bot: s.bot } : {}), rank: s.rank }));
    const items: Record<string, unknown>[] = [
      Put({ [PK]: keys.game(gameId), [SK]: keys.rated, kind: 'rated', at } satisfies RatedItem, {
        ConditionExpression: `attribute_not_exists(${PK})`,
      }),
    ];
    for (const u of updates) {
      const { playerId, name } = u.seat;
      const player = keys.player(playerId);
      const before = u.before;
      // The entry's shard, and where its last update put it (an earlier version: the one partition).
      const leaders = keys.leaderShard(game, leaderShardOf(playerId));
      const board = before?.board ?? leaders;
      const rating: RatingItem = {
        [PK]: player,
        [SK]: keys.rating(game),
        kind: 'rating',
        playerId,
        game,
        name,
        ...u.after,
        updatedAt: at,
        rev: (before?.rev ?? 0) + 1,
        board: leaders,
      };
      // Only over the rating it was computed from (revision 0: none, or one without `rev`).
      items.push(Put(rating, atRevision(before?.rev ?? 0)));
      const change = { rank: u.seat.rank, before: before?.ordinal ?? null, after: u.after.ordinal };
      items.push(
        Put({
          [PK]: player,
          [SK]: keys.ratingLog(game, at, gameId),
          kind: 'ratingLog',
          gameId,
          game,
          at,
          ...change,
        } satisfies RatingLogItem),
      );
      items.push(
        Put({
          [PK]: player,
          [SK]: keys.played(at, gameId),
          kind: 'played',
          gameId,
          game,
          at,
          seat: u.seat.seat,
          won: u.won,
          ...change,
          table,
        } satisfies PlayedItem),
      );
      const from = before ? leaderKey(before.ordinal, playerId) : null;
      const to = leaderKey(u.after.ordinal, playerId);
      // One transaction may touch an item once: an entry that stays where it is is only rewritten.
      if (from && (from !== to || board !== leaders)) items.push({ Delete: { TableName: this.table, Key: { [PK]: board, [SK]: from } } });
      items.push(
        Put({
          [PK]: leaders,
          [SK]: to,
          kind: 'leader',
          playerId,
          name,
          ordinal: u.after.ordinal,
          games: u.after.games,
          wins: u.after.wins,
        } satisfies LeaderItem),
      );
    }
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: items as never }));
      return 'stored';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'already';
      // A rating changed since it was read, or another transaction held an item (TransactionConflict): read and rate again.
      return 'conflict';
    }
  }

  /** A player's rating in each game they were rated in, each with its latest history. */
  async ratingsOf(playerId: string): Promise<GameRating[]> {
    const items = upcastAll('rating', await queryAll(this.db, prefixed(this.table, keys.player(playerId), 'RATING#')));
    return Promise.all(
      items.map(async (r) => {
        const out = await this.db.send(
          new QueryCommand({
            ...prefixed(this.table, keys.player(playerId), keys.ratingLogs(r.game)),
            ScanIndexForward: false,
            Limit: HISTORY_POINTS,
          }),
        );
        const history = upcastAll('ratingLog', out.Items ?? [])
          .reverse()
          .map((l) => ({ at: l.at, gameId: l.gameId, rank: l.rank, ordinal: l.after }));
        return {
          game: r.game,
          mu: r.mu,
          sigma: r.sigma,
          ordinal: r.ordinal,
          games: r.games,
          wins: r.wins,
          updatedAt: r.updatedAt,
          history,
        };
      }),
    );
  }

  /** A player's latest rated games, newest first. */
  async recentGames(playerId: string, limit: number): Promise<PlayedGame[]> {
    const out = await this.db.send(
      new QueryCommand({ ...prefixed(this.table, keys.player(playerId), 'PLAYED#'), ScanIndexForward: false, Limit: limit }),
    );
    return upcastAll('played', out.Items ?? []).map(({ gameId, game, at, seat, rank, won, before, after, table }) => ({
      gameId,
      game,
      at,
      seat,
      rank,
      won,
      before,
      after,
      table,
    }));
  }

  /**
   * Up to `limit` leaderboard entries, best first, after the entry with key `after`; and whether
   * more follow. Each shard's best limit + 1 below `after` hold the merged board's (one more than
   * asked: whether another page follows, without an empty last page).
   */
  async leaders(game: string, limit: number, after?: string): Promise<{ entries: Leader[]; more: boolean }> {
    const partitions = [...Array.from({ length: LEADER_SHARDS }, (_, i) => keys.leaderShard(game, i)), keys.leaders(game)];
    const pages = await Promise.all(
      partitions.map((pk) =>
        this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: `${PK} = :pk`,
            ExpressionAttributeValues: { ':pk': pk },
            ScanIndexForward: false,
            Limit: limit + 1,
            ...(after ? { ExclusiveStartKey: { [PK]: pk, [SK]: after } } : {}),
          }),
        ),
      ),
    );
    const best = upcastAll(
      'leader',
      pages.flatMap((out) => out.Items ?? []),
    ).sort((a, b) => (a[SK] < b[SK] ? 1 : a[SK] > b[SK] ? -1 : 0));
    const items = best.slice(0, limit + 1).map((i) => ({
      key: i[SK],
      playerId: i.playerId,
      name: i.name,
      ordinal: i.ordinal,
      games: i.games,
      wins: i.wins,
    }));
    return { entries: items.slice(0, limit), more: items.length > limit };
  }
}
