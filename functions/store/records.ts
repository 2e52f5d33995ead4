/**
 * Records beside the events: player profiles, live connections and their subscriptions (both
 * expire by TTL), and the per-player index of games; whose turn it is comes from each game's
 * latest commit (for `myGames`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { prefixed, queryAll } from './query';
import type { GameRecord } from '../game/record';
import { NO_RECORD, withSettings, type NotificationSettings, type SettingsRecord } from '../notify/notification';
import { ProtocolError, type GameSummary } from '../protocol/frames';
import { keys } from './keys';
import { limit, rateLimited } from '../limits';
import { TABLE } from './table';

/** API Gateway closes WebSocket connections after 2 hours at most; keep their records a little longer. */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export interface Connection {
  connectionId: string;
  playerId: string;
  name: string;
}

const PK = TABLE.partitionKey;
/** The profile item's map of the player's live connections: connectionId → expiry (epoch seconds). */
const LIVE = 'live';

export const tooManyConnections = (max: number) =>
  new ProtocolError('RATE_LIMITED', `You have ${max} connections open already (tabs or devices); close one, or wait a minute after closing, and connect again.`);
export const tooManySubscriptions = (max: number) =>
  new ProtocolError('RATE_LIMITED', `One connection may watch at most ${max} games at once; reconnect to watch others.`);
const SK = TABLE.sortKey;

/** A connection watching a game; `logDelta`: it asked for log deltas (see protocol/log-delta.ts). */
export interface Subscriber {
  connectionId: string;
  playerId: string;
  logDelta: boolean;
}

export class Records {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Expiry times follow the real clock: DynamoDB deletes by it, whatever clock the games use. */
  private ttl(): number {
    return Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;
  }

  async putPlayer(playerId: string, name: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { [PK]: keys.player(playerId), [SK]: keys.profile, kind: 'player', playerId, name, createdAt: this.now().toISOString(), [LIVE]: {} },
        ConditionExpression: `attribute_not_exists(${PK})`,
      }),
    );
  }

  /**
   * Record a new connection, or refuse it with RATE_LIMITED when the player has
   * CONNECTIONS_PER_PLAYER open already. The player's live connections are a map in their
   * profile item (connection → expiry), claimed with a conditional update: the limit holds
   * across Lambda instances, and it is the one write that says "online" (no marker item).
   */
  async putConnection(c: Connection): Promise<void> {
    await this.claimConnectionSlot(c);
    await this.db.send(new PutCommand({ TableName: this.table, Item: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta, kind: 'connection', ...c, ttl: this.ttl() } }));
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
            ExpressionAttributeValues: { ':ttl': this.ttl(), ':max': max },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      // Full, or no map yet (a profile from before the map existed): look, drop what expired, try again.
      const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ProjectionExpression: '#live', ExpressionAttributeNames: { '#live': LIVE }, ConsistentRead: true }));
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

  /** Whether the player has a live connection (the notifier leaves online players alone). */
  async isOnline(playerId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.profile }, ProjectionExpression: '#live', ExpressionAttributeNames: { '#live': LIVE } }),
    );
    const now = Math.floor(Date.now() / 1000);
    return Object.values((out.Item?.[LIVE] as Record<string, number> | undefined) ?? {}).some((ttl) => ttl > now);
  }

  /** A player's notification settings with the state of their email address. */
  async getSettingsRecord(playerId: string, consistent = false): Promise<SettingsRecord> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.settings }, ConsistentRead: consistent }));
    const item = out.Item;
    if (!item) return NO_RECORD;
    return {
      settings: JSON.parse(item.settings as string) as NotificationSettings,
      confirmedEmail: (item.confirmedEmail as string | undefined) ?? null,
      emailSince: (item.emailSince as number | undefined) ?? 0,
      confirmationsSent: (item.confirmationsSent as number[] | undefined) ?? [],
      // Items written before confirmations existed have no rev.
      rev: (item.rev as number | undefined) ?? 0,
    };
  }

  async getSettings(playerId: string): Promise<NotificationSettings> {
    return (await this.getSettingsRecord(playerId)).settings;
  }

  /**
   * Write a settings record unless the item was written since the record was read (its `rev`):
   * one conditional put holds the settings, the confirmed address and the confirmation count
   * together. Returns the stored record, or null when another write got in first.
   */
  async writeSettingsRecord(playerId: string, record: SettingsRecord): Promise<SettingsRecord | null> {
    const stored = { ...record, rev: record.rev + 1 };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [PK]: keys.player(playerId),
            [SK]: keys.settings,
            kind: 'settings',
            settings: JSON.stringify(stored.settings),
            ...(stored.confirmedEmail ? { confirmedEmail: stored.confirmedEmail } : {}),
            emailSince: stored.emailSince,
            confirmationsSent: stored.confirmationsSent,
            rev: stored.rev,
          },
          ConditionExpression: record.rev === 0 ? 'attribute_not_exists(#rev)' : '#rev = :rev',
          ExpressionAttributeNames: { '#rev': 'rev' },
          ...(record.rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': record.rev } }),
        }),
      );
      return stored;
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  }

  /**
   * Read, change and write back a player's settings record, again if another write got in
   * between. `change` may throw (nothing is written) or return null (nothing to write).
   */
  async updateSettings(playerId: string, change: (r: SettingsRecord) => SettingsRecord | null): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.getSettingsRecord(playerId, true);
      const next = change(before);
      if (!next) return { before, after: before };
      const after = await this.writeSettingsRecord(playerId, { ...next, rev: before.rev });
      if (after) return { before, after };
    }
    throw new ProtocolError('CONFLICT', 'Your notification settings were being changed elsewhere at the same time; try again.');
  }

  /** Replace the settings; the email confirmation stays if the address does. */
  async putSettings(playerId: string, settings: NotificationSettings): Promise<void> {
    await this.updateSettings(playerId, (r) => withSettings(r, settings, this.now()));
  }

  async getConnection(connectionId: string): Promise<(Connection & { games: string[] }) | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.connection(connectionId), [SK]: keys.connectionMeta } }),
    );
    if (!out.Item) return null;
    const games = out.Item.games as Set<string> | undefined;
    return { connectionId, playerId: out.Item.playerId, name: out.Item.name, games: games ? [...games] : [] };
  }

  /**
   * Forget a connection and all its subscriptions; returns its player and the games it watched. The
   * connection's own item is left to expire by its TTL (free, where a delete is a write): no
   * lookup of a closed connection's id follows, and its entry in the player's live connections,
   * which says they are online, is removed now.
   */
  async deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[] } | null> {
    const c = await this.getConnection(connectionId);
    if (!c) return null;
    for (const gameId of c.games) await this.deleteSubscription(gameId, connectionId);
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(c.playerId), [SK]: keys.profile },
        UpdateExpression: 'REMOVE #live.#c',
        ConditionExpression: 'attribute_exists(#live)',
        ExpressionAttributeNames: { '#live': LIVE, '#c': connectionId },
      }),
    ).catch((error) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
    return { playerId: c.playerId, games: c.games };
  }

  /**
   * Watch a game. The connection's item lists the games it watches; adding to that list is
   * conditional on SUBSCRIPTIONS_PER_CONNECTION (RATE_LIMITED beyond) and on the connection
   * still existing, so it comes before the subscription item.
   */
  async subscribe(gameId: string, c: Connection, logDelta = false): Promise<void> {
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
          ttl: this.ttl(),
        },
      }),
    );
  }

  async subscribers(gameId: string): Promise<Subscriber[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.game(gameId), 'SUB#'));
    return items.map((i) => ({ connectionId: i.connectionId as string, playerId: i.playerId as string, logDelta: i.logDelta === true }));
  }

  async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.subscription(connectionId) } }));
  }

  /** Index the game under each seated player (written when seats change, not on every move). */
  async indexGame(record: GameRecord): Promise<void> {
    const items = record.seats.flatMap((s, seat) =>
      s
        ? [{ PutRequest: { Item: { [PK]: keys.player(s.playerId), [SK]: keys.playerGame(record.gameId), kind: 'playerGame', gameId: record.gameId, seat } } }]
        : [],
    );
    for (let i = 0; i < items.length; i += 25) {
      let batch: Record<string, unknown[]> | undefined = { [this.table]: items.slice(i, i + 25) };
      // Retry what DynamoDB could not write at once (throttling), backing off a little.
      for (let attempt = 0; batch && Object.keys(batch).length && attempt < 6; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: batch as never }));
        batch = out.UnprocessedItems as Record<string, unknown[]> | undefined;
      }
    }
  }

  /**
   * Count a game the player is creating against GAMES_PER_HOUR and, if it will wait for players,
   * OPEN_GAMES; RATE_LIMITED beyond either, and nothing is counted. Kept in the profile item:
   * read, then a write conditional on what was read (a concurrent creation makes it read
   * again). The open games are ids checked against their heads only when the list is full.
   */
  async countNewGame(playerId: string, gameId: string, open: boolean, now: Date): Promise<void> {
    const key = { [PK]: keys.player(playerId), [SK]: keys.profile };
    const perHour = limit('GAMES_PER_HOUR');
    const maxOpen = limit('OPEN_GAMES');
    const hour = Math.floor(now.getTime() / 3_600_000);
    for (let attempt = 0; attempt < 12; attempt++) {
      // Concurrent creations of one player take turns: after a lost race, wait a little (with jitter).
      if (attempt) await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
      const item = out.Item ?? {};
      const rev = item.gamesRev as number | undefined;
      const created = item.gamesHour === hour ? (item.gamesInHour as number) : 0;
      if (created >= perHour) {
        throw rateLimited(`You have created ${perHour} games this hour, the most one player may.`, (hour + 1) * 3_600_000 - now.getTime());
      }
      let waiting = (item.openGames as string[] | undefined) ?? [];
      if (open && waiting.length >= maxOpen) {
        const heads = await Promise.all(waiting.map(async (id) => ((await this.head(id))?.status === 'open' ? id : null)));
        waiting = heads.filter((id): id is string => id !== null);
        if (waiting.length >= maxOpen) {
          throw new ProtocolError('RATE_LIMITED', `You have ${maxOpen} games waiting for players, the most one player may; create another once one of them has started.`);
        }
      }
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: 'SET gamesHour = :hour, gamesInHour = :created, openGames = :open, gamesRev = :next',
            ConditionExpression: rev === undefined ? 'attribute_not_exists(gamesRev)' : 'gamesRev = :rev',
            ExpressionAttributeValues: {
              ':hour': hour,
              ':created': created + 1,
              ':open': open ? [...waiting, gameId] : waiting,
              ':next': (rev ?? 0) + 1,
              ...(rev === undefined ? {} : { ':rev': rev }),
            },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new ProtocolError('CONFLICT', 'Too many games were being created for you at once; nothing was stored. Try again.');
  }

  /** The head of a game: its latest commit item (status, seats, whose turn, version, time). */
  private async head(gameId: string): Promise<Record<string, unknown> | undefined> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: `${PK} = :pk AND begins_with(${SK}, :v)`,
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':v': 'V#' },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    return out.Items?.[0];
  }

  /** The player's games, those waiting for them first, then the most recently changed. */
  async playerGames(playerId: string): Promise<GameSummary[]> {
    const index = await queryAll(this.db, prefixed(this.table, keys.player(playerId), 'GAME#'));
    const heads = await Promise.all(index.map(async (i) => ({ seat: i.seat as number, head: await this.head(i.gameId as string) })));
    const games = heads.flatMap(({ seat, head }): GameSummary[] =>
      head
        ? [
            {
              gameId: head.gameId as string,
              game: head.game as string,
              status: head.status as GameSummary['status'],
              seats: head.seats as GameSummary['seats'],
              yourSeat: seat,
              yourTurn: (head.activeSeats as number[]).includes(seat),
              version: head.version as number,
              updatedAt: head.at as string,
              lastMove: (head.summary as string | undefined) ?? '',
            },
          ]
        : [],
    );
    return games.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || b.updatedAt.localeCompare(a.updatedAt));
  }
}
