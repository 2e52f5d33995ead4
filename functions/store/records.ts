/**
 * Records beside the events: player profiles, live connections and their subscriptions (both
 * expire by TTL), and the per-player index of games; whose turn it is comes from each game's
 * latest commit (for `myGames`).
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { prefixed, queryAll } from './query';
import type { GameRecord } from '../game/record';
import { NO_RECORD, withSettings, type NotificationSettings, type SettingsRecord } from '../notify/notification';
import { ProtocolError, type GameSummary } from '../protocol/frames';
import { keys } from './keys';
import { TABLE } from './table';

/** API Gateway closes WebSocket connections after 2 hours at most; keep their records a little longer. */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export interface Connection {
  connectionId: string;
  playerId: string;
  name: string;
}

const PK = TABLE.partitionKey;
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
        Item: { [PK]: keys.player(playerId), [SK]: keys.profile, kind: 'player', playerId, name, createdAt: this.now().toISOString() },
        ConditionExpression: `attribute_not_exists(${PK})`,
      }),
    );
  }

  async putConnection(c: Connection): Promise<void> {
    const ttl = this.ttl();
    await Promise.all([
      this.db.send(new PutCommand({ TableName: this.table, Item: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta, kind: 'connection', ...c, ttl } })),
      this.db.send(new PutCommand({ TableName: this.table, Item: { [PK]: keys.player(c.playerId), [SK]: keys.playerConnection(c.connectionId), kind: 'playerConnection', ttl } })),
    ]);
  }

  /** Whether the player has a live connection (the notifier leaves online players alone). */
  async isOnline(playerId: string): Promise<boolean> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: `${PK} = :pk AND begins_with(${SK}, :c)`,
        FilterExpression: '#ttl > :now',
        ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: { ':pk': keys.player(playerId), ':c': 'CONN#', ':now': Math.floor(Date.now() / 1000) },
      }),
    );
    return (out.Items?.length ?? 0) > 0;
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
   * Forget a connection and all its subscriptions; returns the games it watched. The
   * connection's own item is left to expire by its TTL (free, where a delete is a write): no
   * lookup of a closed connection's id follows, and the player's marker, which says they are
   * online, is deleted now.
   */
  async deleteConnection(connectionId: string): Promise<string[]> {
    const c = await this.getConnection(connectionId);
    if (!c) return [];
    for (const gameId of c.games) await this.deleteSubscription(gameId, connectionId);
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.player(c.playerId), [SK]: keys.playerConnection(connectionId) } }));
    return c.games;
  }

  async subscribe(gameId: string, c: Connection, logDelta = false): Promise<void> {
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
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [PK]: keys.connection(c.connectionId), [SK]: keys.connectionMeta },
        UpdateExpression: 'ADD games :g',
        ConditionExpression: `attribute_exists(${PK})`,
        ExpressionAttributeValues: { ':g': new Set([gameId]) },
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
