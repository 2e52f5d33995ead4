/**
 * The public lobby in the table: one listing item per open listed game (in one of LOBBY_SHARDS
 * partitions by game id, each sorted by game then creation time; a page reads every shard and
 * merges them, so the order is the one partition's), the guard item in the game's partition that makes every write
 * conditional on the game's version (a late write of an older version cannot bring back a game
 * that has started), and the connections watching the lobby (LOBBYWATCH partition, by the game
 * they filter on). `LiveListingStore` (live-listings.ts) keeps the watches in memory for the
 * local runtime, which serves every socket itself.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { inLobby, isListingPosition, matchKey, openGameOf } from '../../core/lobby';
import { ProtocolError, type OpenGame } from '../../core/protocol/frames';
import type { GameRecord } from '../../core/record';
import type { Connection } from '../../stores/connections';
import { ALL_GAMES, type ListingStore, type LobbyWatcher } from '../../stores/listings';
import { connectionTtl } from './connections';
import { upcastAll } from './catalog';
import type { ListingGuardItem, ListingItem, LobbyWatchItem } from './items';
import { keys, LOBBY_SHARDS, lobbyShardOf } from './keys';
import { prefixed, queryAll } from './query';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Listings quick play looks at, at most (oldest first), and how many it reads looking for them (in all shards). */
const CANDIDATES = 10;
const CANDIDATE_READS = 500;

/** Where listings are: the shards, and the one partition of versions before them (its listings leave as their games do). */
const LISTING_PARTITIONS = [...Array.from({ length: LOBBY_SHARDS }, (_, i) => keys.lobbyShard(i)), keys.lobby];

const bySortKey = (a: ListingItem, b: ListingItem) => (a[SK] < b[SK] ? -1 : a[SK] > b[SK] ? 1 : 0);

/** A listing item as the lobby shows it. */
export function openGameOfItem(i: ListingItem): OpenGame {
  return {
    gameId: i.gameId,
    game: i.game,
    seats: JSON.parse(i.seats) as OpenGame['seats'],
    options: JSON.parse(i.options) as unknown,
    clock: i.clock ? (JSON.parse(i.clock) as OpenGame['clock']) : null,
    onResign: i.onResign,
    createdAt: i.createdAt,
    version: i.version,
  };
}

export class DynamoListingStore implements ListingStore {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
    protected readonly table: string,
  ) {}

  /**
   * Put the game's listing as of this record (or delete it once the game left the lobby), on
   * condition that neither this version nor a later one was written: one transaction with the
   * guard item. Returns false when nothing was written: the request's follow-up and the stream
   * write each version, the first one's write stands.
   */
  async write(record: GameRecord, ratings: ReadonlyMap<string, number>): Promise<boolean> {
    const open = inLobby(record);
    const sk = keys.listing(record.game, record.createdAt, record.gameId);
    const listingKey = { [PK]: keys.lobbyShard(lobbyShardOf(record.gameId)), [SK]: sk };
    const game = openGameOf(record, ratings);
    const listing: ListingItem = {
      ...(listingKey as { pk: string; sk: string }),
      kind: 'listing',
      gameId: game.gameId,
      game: game.game,
      seats: JSON.stringify(game.seats),
      options: JSON.stringify(game.options ?? {}),
      clock: game.clock ? JSON.stringify(game.clock) : null,
      onResign: game.onResign,
      createdAt: game.createdAt,
      version: game.version,
      match: matchKey(record.game, record.players, game.clock, record.options),
    };
    // A game listed before the shards leaves the one partition it was listed in: looked for first
    // (half a read unit), since deleting it blindly wrote that one partition on every game's start.
    const legacy = open ? null : await this.legacyListing(sk);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  [PK]: keys.game(record.gameId),
                  [SK]: keys.listingGuard,
                  kind: 'listingGuard',
                  version: record.version,
                  open,
                } satisfies ListingGuardItem,
                ConditionExpression: 'attribute_not_exists(#version) OR #version < :version',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':version': record.version },
              },
            },
            ...(open
              ? [{ Put: { TableName: this.table, Item: listing } }]
              : [
                  { Delete: { TableName: this.table, Key: listingKey } },
                  ...(legacy ? [{ Delete: { TableName: this.table, Key: legacy } }] : []),
                ]),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  /** The key of the game's listing in the one `LOBBY` partition of earlier versions, if it has one. */
  private async legacyListing(sk: string): Promise<{ [PK]: string; [SK]: string } | null> {
    const key = { [PK]: keys.lobby, [SK]: sk };
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ProjectionExpression: '#pk', ExpressionAttributeNames: { '#pk': PK } }),
    );
    return out.Item ? key : null;
  }

  /** Players' displayed ratings in a game (read from their rating items; a player without one is left out). */
  async ratings(game: string, playerIds: readonly string[]): Promise<Map<string, number>> {
    const found = await Promise.all(
      [...new Set(playerIds)].map(async (playerId) => {
        const out = await this.db.send(
          new GetCommand({
            TableName: this.table,
            Key: { [PK]: keys.player(playerId), [SK]: keys.rating(game) },
            ProjectionExpression: 'ordinal',
          }),
        );
        const ordinal = out.Item?.ordinal;
        return typeof ordinal === 'number' && Number.isFinite(ordinal) ? ([playerId, ordinal] as const) : null;
      }),
    );
    return new Map(found.filter((f): f is readonly [string, number] => f !== null));
  }

  /** One page of open listed games (of one game, if given), by game then oldest first. */
  async page(game: string | undefined, limit: number, after?: string): Promise<{ games: OpenGame[]; after: string | null }> {
    const prefix = keys.listings(game);
    if (after !== undefined && !isListingPosition(after, prefix))
      throw new ProtocolError(
        'BAD_REQUEST',
        'That cursor is not one the server gave you for this list of open games; ask for the first page again, without a cursor.',
      );
    // Each shard's first limit + 1 after the position hold the merged list's (one more than asked
    // for says whether a page follows; listings are small: no 1 MB page cut comes first).
    const pages = await Promise.all(
      LISTING_PARTITIONS.map((pk) =>
        this.db.send(
          new QueryCommand({
            ...prefixed(this.table, pk, prefix),
            ExclusiveStartKey: after === undefined ? undefined : { [PK]: pk, [SK]: after },
            Limit: limit + 1,
          }),
        ),
      ),
    );
    const items = upcastAll(
      'listing',
      pages.flatMap((out) => out.Items ?? []),
    ).sort(bySortKey);
    const shown = items.slice(0, limit);
    return { games: shown.map(openGameOfItem), after: items.length > limit ? shown.at(-1)![SK] : null };
  }

  /** Quick play's candidates: open listings of the game with this match key, oldest first (each shard's oldest, merged). */
  async candidates(game: string, match: string): Promise<OpenGame[]> {
    const perShard = await Promise.all(LISTING_PARTITIONS.map((pk) => this.candidatesIn(pk, game, match)));
    return upcastAll('listing', perShard.flat()).sort(bySortKey).slice(0, CANDIDATES).map(openGameOfItem);
  }

  private async candidatesIn(pk: string, game: string, match: string): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    let read = 0;
    do {
      const out = await this.db.send(
        new QueryCommand({
          ...prefixed(this.table, pk, keys.listings(game)),
          FilterExpression: '#match = :match',
          ExpressionAttributeNames: { '#match': 'match' },
          ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.listings(game), ':match': match },
          ExclusiveStartKey: start,
          Limit: 100,
        }),
      );
      found.push(...(out.Items ?? []));
      read += out.ScannedCount ?? 0;
      start = out.LastEvaluatedKey;
    } while (start && found.length < CANDIDATES && read < CANDIDATE_READS / LISTING_PARTITIONS.length);
    return found.slice(0, CANDIDATES);
  }

  /**
   * Watch the lobby (`filter`: a game, or ALL_GAMES): the filter is set on the connection item
   * first, on condition that it still exists, so $disconnect finds the watch to remove; a
   * previous watch with another filter is replaced.
   */
  async watch(c: Connection, filter: string): Promise<void> {
    let previous: string | undefined;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta },
          UpdateExpression: 'SET lobbyWatch = :f',
          ConditionExpression: `attribute_exists(${PK})`,
          ExpressionAttributeValues: { ':f': filter },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      previous = out.Attributes?.lobbyWatch as string | undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return; // the connection is gone already
      throw error;
    }
    if (previous !== undefined && previous !== filter) await this.dropWatcher({ connectionId: c.connectionId, filter: previous });
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.lobbyWatchers,
          [SK]: keys.lobbyWatch(filter, c.connectionId),
          kind: 'lobbyWatch',
          connectionId: c.connectionId,
          filter,
          ttl: connectionTtl(),
        } satisfies LobbyWatchItem,
      }),
    );
  }

  /** Stop a connection's lobby watch, if it has one (`openGames` with `watch: false`, $disconnect). */
  async unwatch(connectionId: string): Promise<void> {
    let previous: string | undefined;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.connection(connectionId), [SK]: keys.connectionMeta },
          UpdateExpression: 'REMOVE lobbyWatch',
          ConditionExpression: 'attribute_exists(lobbyWatch)',
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      previous = out.Attributes?.lobbyWatch as string | undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return; // it watched nothing
      throw error;
    }
    if (previous !== undefined) await this.dropWatcher({ connectionId, filter: previous });
  }

  /** The connections to tell of changes to games of these kinds: one query per kind, and one for the watchers of every game. */
  async watchers(...games: string[]): Promise<LobbyWatcher[]> {
    const lists = await Promise.all(
      [...new Set(games), ALL_GAMES].map((filter) =>
        queryAll(this.db, prefixed(this.table, keys.lobbyWatchers, keys.lobbyWatchesOf(filter))),
      ),
    );
    return upcastAll('lobbyWatch', lists.flat()).map((i) => ({ connectionId: i.connectionId, filter: i.filter }));
  }

  /** Forget one watch (its connection is gone). */
  async dropWatcher(w: LobbyWatcher): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.lobbyWatchers, [SK]: keys.lobbyWatch(w.filter, w.connectionId) } }),
    );
  }
}
