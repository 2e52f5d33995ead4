/**
 * Live connections in the table: one item per connection (CONN#id / META), expiring by TTL; its
 * subscriptions in the games' partitions (GAME#id / SUB#connection) and its watch of its
 * player's games in the player's partition (PLAYER#id / WATCH#connection), expiring with it;
 * and the player's live connections as a map in their profile item (connection → expiry), which
 * is what says "online" and holds CONNECTIONS_PER_PLAYER across Lambda instances.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  ClosedConnection,
  Connection,
  ConnectionState,
  ConnectionStore,
  SubscribeOptions,
  Subscriber,
  Watch,
} from '../../stores/connections';
import { limit, tooManyConnections, tooManySubscriptions } from '../limits';
import { upcast, upcastAll } from './catalog';
import type { ConnectionItem, GamesWatchItem, SubscriptionItem } from './items';
import { keys } from './keys';
import { prefixed, queryAll } from './query';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;

/** API Gateway closes WebSocket connections after 2 hours at most; keep their records a little longer. */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

/** Expiry times follow the real clock: DynamoDB deletes by it, whatever clock the games use. */
export const connectionTtl = (): number => Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;

/** The profile item's map of the player's live connections: connectionId → expiry (epoch seconds). */
const LIVE = 'live';

export class DynamoConnectionStore implements ConnectionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Record a new connection, or refuse it with RATE_LIMITED when the player has
   * CONNECTIONS_PER_PLAYER open already. The player's live connections are a map in their
   * profile item (connection → expiry), claimed with a conditional update: the limit holds
   * across Lambda instances, and it is the one write that says "online" (no marker item). A
   * `watch` is listed on the connection's item as it is put (one write fewer than `subscribe`).
   */
  async putConnection(c: Connection, watch?: Watch): Promise<void> {
    await this.claimConnectionSlot(c);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.connection(c.connectionId),
          [SK]: keys.connectionMeta,
          kind: 'connection',
          ...c,
          ...(watch ? { games: new Set([watch.gameId]) } : {}),
          ttl: connectionTtl(),
        } satisfies ConnectionItem,
      }),
    );
    if (watch) await this.putSubscription(watch.gameId, c, watch);
  }

  private async claimConnectionSlot(c: Connection): Promise<void> {
    const max = limit('CONNECTIONS_PER_PLAYER');
    const key = { [PK]: keys.player(c.playerId), [SK]: keys.profile };
    const names = { '#live': LIVE, '#c': c.connectionId };
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: 'SET #live.#c = :ttl',
            ConditionExpression: 'size(#live) < :max',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':ttl': connectionTtl(), ':max': max },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      // Full, or no map yet (a profile of version 1, see upcasters/player.ts): look, drop what expired, try again.
      const out = await this.db.send(
        new GetCommand({
          TableName: this.table,
          Key: key,
          ProjectionExpression: '#live',
          ExpressionAttributeNames: { '#live': LIVE },
          ConsistentRead: true,
        }),
      );
      const live = out.Item?.[LIVE] as Record<string, number> | undefined;
      if (!live) {
        await this.db
          .send(
            new UpdateCommand({
              TableName: this.table,
              Key: key,
              UpdateExpression: 'SET #live = :live',
              ConditionExpression: 'attribute_not_exists(#live)',
              ExpressionAttributeNames: { '#live': LIVE },
              ExpressionAttributeValues: { ':live': {} },
            }),
          )
          .catch((error) => {
            if (!(error instanceof ConditionalCheckFailedException)) throw error;
          });
        continue;
      }
      const now = Math.floor(Date.now() / 1000);
      const expired = Object.keys(live).filter((id) => live[id]! <= now);
      if (Object.keys(live).length - expired.length >= max) break;
      if (expired.length) {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: `REMOVE ${expired.map((_, i) => `#live.#e${i}`).join(', ')}`,
            ExpressionAttributeNames: { '#live': LIVE, ...Object.fromEntries(expired.map((id, i) => [`#e${i}`, id])) },
          }),
        );
      }
    }
    throw tooManyConnections(max);
  }

  /** The player's live connections: the unexpired entries of their profile's map. */
  private async live(playerId: string, consistent: boolean): Promise<string[]> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
        ProjectionExpression: '#live',
        ExpressionAttributeNames: { '#live': LIVE },
        ConsistentRead: consistent,
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    return Object.entries((out.Item?.[LIVE] as Record<string, number> | undefined) ?? {})
      .filter(([, ttl]) => ttl > now)
      .map(([id]) => id);
  }

  async strike(connectionId: string): Promise<number> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.connection(connectionId), [SK]: keys.connectionMeta },
          UpdateExpression: 'ADD strikes :one',
          ConditionExpression: `attribute_exists(${PK})`,
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.strikes ?? 0);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 0;
      throw error;
    }
  }

  /** Whether the player has a live connection (the notifier leaves online players alone). */
  async isOnline(playerId: string): Promise<boolean> {
    return (await this.live(playerId, false)).length > 0;
  }

  /** The ids of a player's live connections (to close a revoked device's). */
  async connectionIdsOf(playerId: string): Promise<string[]> {
    return this.live(playerId, true);
  }

  async getConnection(connectionId: string): Promise<ConnectionState | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.connection(connectionId), [SK]: keys.connectionMeta } }),
    );
    if (!out.Item) return null;
    const item = upcast('connection', out.Item);
    return {
      connectionId,
      playerId: item.playerId,
      name: item.name,
      ...(typeof item.deviceId === 'string' ? { deviceId: item.deviceId } : {}),
      ...(typeof item.connectedAt === 'string' ? { connectedAt: item.connectedAt } : {}),
      games: item.games ? [...item.games] : [],
      watchesGames: item.watchesGames === true,
      watchesLobby: typeof item.lobbyWatch === 'string',
    };
  }

  /**
   * Forget a connection and all its subscriptions; returns its player and the games it watched. The
   * connection's own item is left to expire by its TTL (free, where a delete is a write): no
   * lookup of a closed connection's id follows, and its entry in the player's live connections,
   * which says they are online, is removed now. `watchesLobby`: whether it had a lobby watch to
   * remove (its filter is on the connection's item), so $disconnect writes nothing when it had none.
   */
  async deleteConnection(connectionId: string): Promise<ClosedConnection | null> {
    const c = await this.getConnection(connectionId);
    if (!c) return null;
    for (const gameId of c.games) await this.deleteSubscription(gameId, connectionId);
    if (c.watchesGames) await this.unwatchGames(c.playerId, connectionId);
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.player(c.playerId), [SK]: keys.profile },
          UpdateExpression: 'REMOVE #live.#c',
          ConditionExpression: 'attribute_exists(#live)',
          ExpressionAttributeNames: { '#live': LIVE, '#c': connectionId },
        }),
      )
      .catch((error) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
    return { playerId: c.playerId, games: c.games, watchesLobby: c.watchesLobby };
  }

  /**
   * Watch a game. The connection's item lists the games it watches; adding to that list is
   * conditional on SUBSCRIPTIONS_PER_CONNECTION (RATE_LIMITED beyond) and on the connection
   * still existing, so it comes before the subscription item. A subscription already stored
   * with the same options (the connection opened watching the game) is read, not written again:
   * a read costs a fifth of a write, and it exists only once its game is on the list.
   */
  async subscribe(gameId: string, c: Connection, options: SubscribeOptions = {}): Promise<void> {
    const stored = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.game(gameId), [SK]: keys.subscription(c.connectionId) },
        ProjectionExpression: 'logDelta, lean',
        ConsistentRead: true,
      }),
    );
    if (
      stored.Item &&
      (stored.Item.logDelta === true) === (options.logDelta === true) &&
      (stored.Item.lean === true) === (options.lean === true)
    )
      return;
    const max = limit('SUBSCRIPTIONS_PER_CONNECTION');
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta },
          UpdateExpression: 'ADD games :g',
          ConditionExpression: `attribute_exists(${PK}) AND (attribute_not_exists(games) OR size(games) < :max OR contains(games, :id))`,
          ExpressionAttributeValues: { ':g': new Set([gameId]), ':max': max, ':id': gameId },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException && error.Item) throw tooManySubscriptions(max);
      throw error;
    }
    await this.putSubscription(gameId, c, options);
  }

  private async putSubscription(gameId: string, c: Connection, { logDelta = false, lean = false }: SubscribeOptions): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.game(gameId),
          [SK]: keys.subscription(c.connectionId),
          kind: 'subscription',
          connectionId: c.connectionId,
          playerId: c.playerId,
          ...(logDelta ? { logDelta } : {}),
          ...(lean ? { lean } : {}),
          ttl: connectionTtl(),
        } satisfies SubscriptionItem,
      }),
    );
  }

  async subscribers(gameId: string): Promise<Subscriber[]> {
    const items = upcastAll('subscription', await queryAll(this.db, prefixed(this.table, keys.game(gameId), 'SUB#')));
    return items.map((i) => ({
      connectionId: i.connectionId,
      playerId: i.playerId,
      logDelta: i.logDelta === true,
      ...(i.lean === true ? { lean: true as const } : {}),
    }));
  }

  async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.subscription(connectionId) } }),
    );
  }

  /**
   * Watch the player's own games (the live lobby): marked on the connection item first, on
   * condition that it still exists, so $disconnect finds the watch to remove; the watch item
   * lives in the player's partition, where a commit's broadcast finds it with one query.
   */
  async watchGames(c: Connection): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta },
          UpdateExpression: 'SET watchesGames = :t',
          ConditionExpression: `attribute_exists(${PK})`,
          ExpressionAttributeValues: { ':t': true },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return; // the connection is gone already
      throw error;
    }
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.player(c.playerId),
          [SK]: keys.gamesWatch(c.connectionId),
          kind: 'gamesWatch',
          connectionId: c.connectionId,
          ttl: connectionTtl(),
        } satisfies GamesWatchItem,
      }),
    );
  }

  /** The connections watching a player's games. */
  async gamesWatchers(playerId: string): Promise<string[]> {
    const items = upcastAll('gamesWatch', await queryAll(this.db, prefixed(this.table, keys.player(playerId), 'WATCH#')));
    return items.map((i) => i.connectionId);
  }

  async unwatchGames(playerId: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.gamesWatch(connectionId) } }),
    );
  }
}
