/**
 * Records beside the events: player profiles, live connections and their subscriptions (both
 * expire by TTL), and the per-player index of games; whose turn it is comes from each game's
 * latest commit (for `myGames`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type PutCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { prefixed, queryAll } from './query';
import type { GameStatus } from '../../core/record';
import { ProtocolError, type GameSummary } from '../../core/protocol/frames';
import { decodeCursor, encodeCursor, SEGMENTS, type Segment } from '../../core/games-cursor';
import { NO_RECORD, withSettings, type NotificationSettings, type SettingsRecord } from '../../core/notification';
import type { ConnectionItem, GamesWatchItem, PlayerGameItem, PlayerItem, SettingsItem, SubscriptionItem } from './items';
import type { HostRecords } from './host-storage';
import { keys } from './keys';
import { limit, rateLimited } from '../limits';
import { TABLE } from './table';
import { failure, logger } from '../../observe/log';

/** API Gateway closes WebSocket connections after 2 hours at most; keep their records a little longer. */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export interface Connection {
  connectionId: string;
  playerId: string;
  name: string;
  /** The signed-in device (accounts); absent for a v1 token. */
  deviceId?: string;
}

/** Index items one Query reads at most (about 100 bytes each) while looking for a page's games. */
const INDEX_ITEMS_PER_QUERY = 200;
/** A `games` page's summaries stay below this many bytes, far below the frame limit. */
export const GAMES_PAGE_BYTES = 64 * 1024;

/** How a player's list shows a game, from its head (its latest commit item). */
export function summaryOf(head: Record<string, unknown>, seat: number): GameSummary {
  return {
    gameId: head.gameId as string,
    game: head.game as string,
    status: head.status as GameSummary['status'],
    seats: head.seats as GameSummary['seats'],
    yourSeat: seat,
    yourTurn: (head.activeSeats as number[]).includes(seat),
    version: head.version as number,
    updatedAt: head.at as string,
    lastMove: (head.summary as string | undefined) ?? '',
  };
}

/** An item of the players' index picked for a `myGames` page, with the part of the index it was found in. */
export interface PickedEntry {
  segment: Segment;
  item: { gameId: string; seat: number; status?: string };
}

/**
 * A `myGames` page from the index items picked for it (in index order, `more`: others follow)
 * and the heads of their games (undefined: no commit stored), as every implementation of the
 * records assembles it; `stale`: the picked items whose status their head corrects.
 */
export function gamesPage(
  playerId: string,
  picked: readonly PickedEntry[],
  more: boolean,
  heads: readonly (Record<string, unknown> | undefined)[],
): { games: GameSummary[]; next: string | null; stale: { gameId: string; status: string; version: number }[] } {
  const games: GameSummary[] = [];
  let bytes = 0;
  let taken = 0;
  for (; taken < picked.length; taken++) {
    const head = heads[taken];
    if (!head) continue;
    const summary = summaryOf(head, picked[taken]!.item.seat);
    const size = Buffer.byteLength(JSON.stringify(summary)) + 1;
    // Long names and log lines could make a page too large for one frame: the rest goes on the next.
    if (games.length && bytes + size > GAMES_PAGE_BYTES) break;
    games.push(summary);
    bytes += size;
  }
  if (taken < picked.length) more = true;
  const stale = picked.slice(0, taken).flatMap(({ item }, i) => {
    const head = heads[i];
    return head && head.status !== item.status
      ? [{ gameId: item.gameId, status: head.status as string, version: head.version as number }]
      : [];
  });
  const last = picked[taken - 1];
  const rank = (g: GameSummary) => (g.yourTurn ? 0 : 1 + SEGMENTS.indexOf(g.status));
  return {
    games: games.sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt)),
    next: more && last ? encodeCursor(playerId, { segment: last.segment, gameId: last.item.gameId }) : null,
    stale,
  };
}

/** The game quotas kept in a player's profile: games created in the current clock hour, and the open games they created. */
export interface GameQuota {
  gamesHour?: number;
  gamesInHour?: number;
  openGames?: string[];
  /** The last CREATES_KEEP createIds the player sent, each with the game it was counted for (absent in older profiles). */
  creates?: [createId: string, gameId: string][];
}

/**
 * A createGame sent again (within seconds, as a rule) is recognised among the player's last this
 * many; few, because every connect and disconnect rewrites the profile item, billed by its size.
 */
const CREATES_KEEP = 4;

/** The game an earlier createGame with this createId was counted for, if it is among the last kept. */
export const countedFor = (quota: GameQuota, createId: string | undefined): string | undefined =>
  createId === undefined ? undefined : quota.creates?.find(([c]) => c === createId)?.[1];

/**
 * The quotas once a new game is counted, or RATE_LIMITED (GAMES_PER_HOUR, OPEN_GAMES).
 * `stillOpen` keeps the ids of games still waiting for players; it is asked only when the list
 * of open games is full, so counting costs no read of the games as a rule.
 */
export async function countedQuota(
  quota: GameQuota,
  gameId: string,
  open: boolean,
  now: Date,
  stillOpen: (ids: string[]) => Promise<string[]>,
  createId?: string,
): Promise<Required<GameQuota>> {
  const perHour = limit('GAMES_PER_HOUR');
  const maxOpen = limit('OPEN_GAMES');
  const hour = Math.floor(now.getTime() / 3_600_000);
  const created = quota.gamesHour === hour ? (quota.gamesInHour ?? 0) : 0;
  if (created >= perHour) {
    throw rateLimited(`You have created ${perHour} games this hour, the most one player may.`, (hour + 1) * 3_600_000 - now.getTime());
  }
  let waiting = quota.openGames ?? [];
  if (open && waiting.length >= maxOpen) {
    waiting = await stillOpen(waiting);
    if (waiting.length >= maxOpen) {
      throw new ProtocolError(
        'RATE_LIMITED',
        `You have ${maxOpen} games waiting for players, the most one player may; create another once one of them has started.`,
      );
    }
  }
  const creates = createId === undefined ? (quota.creates ?? []) : [...(quota.creates ?? []), [createId, gameId] as [string, string]];
  return {
    gamesHour: hour,
    gamesInHour: created + 1,
    openGames: open ? [...waiting, gameId] : waiting,
    creates: creates.slice(-CREATES_KEEP),
  };
}

const PK = TABLE.partitionKey;
/** The profile item's map of the player's live connections: connectionId → expiry (epoch seconds). */
const LIVE = 'live';

export const tooManyConnections = (max: number) =>
  new ProtocolError(
    'RATE_LIMITED',
    `You have ${max} connections open already (tabs or devices); close one, or wait a minute after closing, and connect again.`,
  );
export const tooManySubscriptions = (max: number) =>
  new ProtocolError('RATE_LIMITED', `One connection may watch at most ${max} games at once; reconnect to watch others.`);
const SK = TABLE.sortKey;

/** A connection watching a game; `logDelta`: it asked for log deltas (see protocol/log-delta.ts). */
export interface Subscriber {
  connectionId: string;
  playerId: string;
  logDelta: boolean;
}

/** What the players' game index needs of a commit: a game record, or a commit's head from the stream. */
export interface IndexedGame {
  gameId: string;
  seats: readonly ({ playerId: string } | null)[];
  status: GameStatus;
  version: number;
}

export class Records implements HostRecords {
  constructor(
    protected readonly db: DynamoDBDocumentClient,
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
        Item: {
          [PK]: keys.player(playerId),
          [SK]: keys.profile,
          kind: 'player',
          playerId,
          name,
          createdAt: this.now().toISOString(),
          [LIVE]: {},
        } satisfies PlayerItem,
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
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [PK]: keys.connection(c.connectionId),
          [SK]: keys.connectionMeta,
          kind: 'connection',
          ...c,
          ttl: this.ttl(),
        } satisfies ConnectionItem,
      }),
    );
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

  /** Whether the player has a live connection (the notifier leaves online players alone). */
  async isOnline(playerId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
        ProjectionExpression: '#live',
        ExpressionAttributeNames: { '#live': LIVE },
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    return Object.values((out.Item?.[LIVE] as Record<string, number> | undefined) ?? {}).some((ttl) => ttl > now);
  }

  /** The ids of a player's live connections (to close a revoked device's). */
  async connectionIdsOf(playerId: string): Promise<string[]> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
        ProjectionExpression: '#live',
        ExpressionAttributeNames: { '#live': LIVE },
        ConsistentRead: true,
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    return Object.entries((out.Item?.[LIVE] as Record<string, number> | undefined) ?? {})
      .filter(([, ttl]) => ttl > now)
      .map(([id]) => id);
  }

  /** A player's notification settings with the state of their email address. */
  async getSettingsRecord(playerId: string, consistent = false): Promise<SettingsRecord> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.settings }, ConsistentRead: consistent }),
    );
    const item = out.Item;
    if (!item) return NO_RECORD;
    return {
      settings: JSON.parse(item.settings as string) as NotificationSettings,
      confirmedEmail: (item.confirmedEmail as string | undefined) ?? null,
      emailSince: (item.emailSince as number | undefined) ?? 0,
      confirmationsSent: (item.confirmationsSent as number[] | undefined) ?? [],
      // Items written before confirmations existed have no rev.
      rev: (item.rev as number | undefined) ?? 0,
      ...(item.muted ? { muted: item.muted as string[] } : {}),
      ...(item.emailBlocked ? { emailBlocked: item.emailBlocked as SettingsRecord['emailBlocked'] } : {}),
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
            ...(stored.muted?.length ? { muted: stored.muted } : {}),
            ...(stored.emailBlocked ? { emailBlocked: stored.emailBlocked } : {}),
          } satisfies SettingsItem,
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
  async updateSettings(
    playerId: string,
    change: (r: SettingsRecord) => SettingsRecord | null,
  ): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
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

  async getConnection(
    connectionId: string,
  ): Promise<(Connection & { games: string[]; watchesGames: boolean; watchesLobby?: boolean }) | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [PK]: keys.connection(connectionId), [SK]: keys.connectionMeta } }),
    );
    if (!out.Item) return null;
    const games = out.Item.games as Set<string> | undefined;
    return {
      connectionId,
      playerId: out.Item.playerId,
      name: out.Item.name,
      ...(typeof out.Item.deviceId === 'string' ? { deviceId: out.Item.deviceId } : {}),
      games: games ? [...games] : [],
      watchesGames: out.Item.watchesGames === true,
      watchesLobby: typeof out.Item.lobbyWatch === 'string',
    };
  }

  /**
   * Forget a connection and all its subscriptions; returns its player and the games it watched. The
   * connection's own item is left to expire by its TTL (free, where a delete is a write): no
   * lookup of a closed connection's id follows, and its entry in the player's live connections,
   * which says they are online, is removed now. `watchesLobby`: whether it had a lobby watch to
   * remove (its filter is on the connection's item), so $disconnect writes nothing when it had none.
   */
  async deleteConnection(connectionId: string): Promise<{ playerId: string; games: string[]; watchesLobby?: boolean } | null> {
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
        } satisfies SubscriptionItem,
      }),
    );
  }

  async subscribers(gameId: string): Promise<Subscriber[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.game(gameId), 'SUB#'));
    return items.map((i) => ({ connectionId: i.connectionId as string, playerId: i.playerId as string, logDelta: i.logDelta === true }));
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
          ttl: this.ttl(),
        } satisfies GamesWatchItem,
      }),
    );
  }

  /** The connections watching a player's games. */
  async gamesWatchers(playerId: string): Promise<string[]> {
    const items = await queryAll(this.db, prefixed(this.table, keys.player(playerId), 'WATCH#'));
    return items.map((i) => i.connectionId as string);
  }

  async unwatchGames(playerId: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.player(playerId), [SK]: keys.gamesWatch(connectionId) } }),
    );
  }

  async deleteSubscription(gameId: string, connectionId: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { [PK]: keys.game(gameId), [SK]: keys.subscription(connectionId) } }),
    );
  }

  /**
   * Index the game under each seated player, with its status (`myGames` pages the games in
   * play first, see playerGames): written when seats or the status change — creation, joins, start, end —
   * never on a move. A write holds only if no later version of the game was indexed, as writes
   * of one game from different instances may land out of order.
   */
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

  async indexGame(record: IndexedGame): Promise<void> {
    await Promise.all(
      record.seats.map(async (s, seat) => {
        if (!s) return;
        // A newer version's item already there is fine: the put's condition keeps it.
        await this.conditionalPut({
          TableName: this.table,
          Item: {
            [PK]: keys.player(s.playerId),
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

  /** Correct one index item's status from the game's head (items written before statuses were indexed, a lost write). */
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
        logger.warn('correcting an index item failed', failure(error, { gameId, playerId }));
    }
  }

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
      const item = out.Item ?? {};
      const rev = item.gamesRev as number | undefined;
      const earlier = countedFor(item as GameQuota, createId);
      if (earlier !== undefined) return earlier;
      const quota = await countedQuota(item as GameQuota, gameId, open, now, (ids) => this.stillOpen(ids), createId);
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
    const heads = await Promise.all(ids.map(async (id) => ((await this.head(id))?.status === 'open' ? id : null)));
    return heads.filter((id): id is string => id !== null);
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
  async playerGames(playerId: string, page: { limit: number; cursor?: string }): Promise<{ games: GameSummary[]; next: string | null }> {
    const from = page.cursor === undefined ? null : decodeCursor(playerId, page.cursor);
    if (page.cursor !== undefined && !from) {
      throw new ProtocolError(
        'BAD_REQUEST',
        'That cursor is not one the server gave you for your games; ask for the first page again, without a cursor.',
      );
    }
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
          // Index items written before statuses were indexed count as in play until read; games the player hid are left out.
          FilterExpression: `(${segment === 'active' ? 'attribute_not_exists(#status) OR #status = :status' : '#status = :status'}) AND attribute_not_exists(#hidden)`,
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
        picked.push({ segment, item: item as PickedEntry['item'] });
      }
      if (out.LastEvaluatedKey) start = out.LastEvaluatedKey;
      else if (segment !== SEGMENTS.at(-1)) [segment, start] = [SEGMENTS[SEGMENTS.indexOf(segment) + 1]!, undefined];
      else break;
    }

    const heads = await Promise.all(picked.map(({ item }) => this.head(item.gameId)));
    const built = gamesPage(playerId, picked, more, heads);
    await Promise.all(built.stale.map((c) => this.reindexStatus(playerId, c.gameId, c.status, c.version)));
    return { games: built.games, next: built.next };
  }
}
