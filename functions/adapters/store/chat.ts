/**
 * A game's chat in the table: its own partition beside the game's (CHAT#gameId), never inside a
 * commit. A message is one conditional put under an id from the game's counter (one atomic
 * update); each writer's rate in that game is one item revised with a conditional put, so the
 * limits hold across Lambda instances. Mutes live in the players' settings items.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countChat } from '../../core/chat';
import { ProtocolError } from '../../core/protocol/frames';
import type { ChatPage, ChatStore, StoredChatMessage } from '../../stores/chat';
import { upcast, upcastAll } from './catalog';
import type { ChatMessageItem, ChatRateItem } from './items';
import { keys } from './keys';
import { chatLimits, rateLimited } from '../limits';
import { TABLE } from './table';

const PK = TABLE.partitionKey;
const SK = TABLE.sortKey;
/** Rate items outlive the longest window they count (a day) and then expire. */
const RATE_TTL_SECONDS = 2 * 24 * 60 * 60;

/** A message's own fields (an item's, without its keys and kind). */
const storedMessage = ({ id, gameId, game, playerId, seat, name, text, at, readers }: StoredChatMessage): StoredChatMessage => ({
  id,
  gameId,
  game,
  playerId,
  seat,
  name,
  text,
  at,
  readers,
});

export class DynamoChatStore implements ChatStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Count a message of this player in this game against the chat limits, or refuse it with
   * RATE_LIMITED (nothing counted). Read, then a put conditional on what was read: a message
   * sent at the same moment from another instance makes it read again.
   */
  async count(gameId: string, playerId: string, now: Date): Promise<void> {
    const Key = { [PK]: keys.chat(gameId), [SK]: keys.chatRate(playerId) };
    const limits = chatLimits();
    for (let attempt = 0; attempt < 8; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      const read = (await this.db.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }))).Item;
      const item = read && upcast('chatRate', read);
      const counted = countChat(item ?? null, now.getTime(), limits);
      if (!counted.ok) throw rateLimited(counted.why, counted.retryAfterMs);
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            // Expiry follows the real clock (DynamoDB deletes by it), whatever clock the games use.
            Item: {
              ...Key,
              kind: 'chatRate',
              ...counted.next,
              rev: (item?.rev ?? 0) + 1,
              ttl: Math.floor(Date.now() / 1000) + RATE_TTL_SECONDS,
            } satisfies ChatRateItem,
            ConditionExpression: item ? '#rev = :rev' : `attribute_not_exists(${PK})`,
            ...(item ? { ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':rev': item.rev } } : {}),
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new ProtocolError('CONFLICT', 'Too many of your chat messages arrived at once; this one was not sent. Send it again.');
  }

  /** A new message id for the game: one atomic increment (an id lost to a crash leaves a harmless gap). */
  async nextId(gameId: string): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [PK]: keys.chat(gameId), [SK]: keys.chatHead },
        UpdateExpression: 'SET #kind = :kind ADD #seq :one',
        ExpressionAttributeNames: { '#kind': 'kind', '#seq': 'seq' },
        ExpressionAttributeValues: { ':kind': 'chatHead', ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes!.seq as number;
  }

  /** Store a message under its id; the id is this writer's alone, the condition only guards against a double write. */
  async put(message: StoredChatMessage): Promise<void> {
    const item: ChatMessageItem = {
      [PK]: keys.chat(message.gameId),
      [SK]: keys.chatMessage(message.id),
      kind: 'chatMessage',
      ...storedMessage(message),
    };
    await this.db.send(new PutCommand({ TableName: this.table, Item: item, ConditionExpression: `attribute_not_exists(${PK})` }));
  }

  /** The newest `count` messages before the id `before` (all when absent), oldest first, and the `before` of the page before them. */
  async page(gameId: string, before: number | undefined, count: number): Promise<ChatPage> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression:
          before === undefined ? `${PK} = :pk AND begins_with(${SK}, :lo)` : `${PK} = :pk AND ${SK} BETWEEN :lo AND :hi`,
        ExpressionAttributeValues: {
          ':pk': keys.chat(gameId),
          ':lo': 'M#',
          ...(before === undefined ? {} : { ':hi': keys.chatMessage(before - 1) }),
        },
        ScanIndexForward: false,
        // One more than asked: whether an older page exists.
        Limit: count + 1,
      }),
    );
    const items = upcastAll('chatMessage', out.Items ?? []);
    const page = items.slice(0, count).reverse().map(storedMessage);
    return { messages: page, next: items.length > count ? page[0]!.id : null };
  }

  /** Which of these players muted `author` (their settings items, read consistently: a mute holds at once). */
  async mutersOf(playerIds: readonly string[], author: string): Promise<Set<string>> {
    const muters = await Promise.all(
      [...new Set(playerIds)].map(async (playerId) => {
        if (playerId === author) return null;
        const out = await this.db.send(
          new GetCommand({
            TableName: this.table,
            Key: { [PK]: keys.player(playerId), [SK]: keys.settings },
            ProjectionExpression: '#muted',
            ExpressionAttributeNames: { '#muted': 'muted' },
            ConsistentRead: true,
          }),
        );
        return ((out.Item?.muted as string[] | undefined) ?? []).includes(author) ? playerId : null;
      }),
    );
    return new Set(muters.filter((p): p is string => p !== null));
  }

  /** Whether a player with this id signed up. */
  async playerExists(playerId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { [PK]: keys.player(playerId), [SK]: keys.profile },
        ProjectionExpression: '#pk',
        ExpressionAttributeNames: { '#pk': PK },
      }),
    );
    return out.Item !== undefined;
  }
}
