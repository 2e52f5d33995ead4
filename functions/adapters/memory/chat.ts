/**
 * Games' chats in memory, as on the table: ids from each game's counter, each message stored
 * once under its id, each writer's rate per game counted against the chat limits. Mutes and
 * whether a player exists are read from the players' store, as the table's chat reads the
 * players' items.
 */
import { countChat, type ChatRate } from '../../core/chat';
import type { ChatPage, ChatStore, StoredChatMessage } from '../../stores/chat';
import { chatLimits, rateLimited } from '../limits';
import type { MemoryPlayerStore } from './players';
import type { MemoryStream } from './stream';

export class MemoryChatStore implements ChatStore {
  /** gameId → the last id handed out */
  private readonly counters = new Map<string, number>();
  /** gameId → id → message */
  private readonly messages = new Map<string, Map<number, StoredChatMessage>>();
  /** `gameId|playerId` → what the player sent lately in that game */
  private readonly rates = new Map<string, ChatRate>();

  constructor(
    private readonly players: MemoryPlayerStore,
    private readonly stream?: MemoryStream,
  ) {}

  async count(gameId: string, playerId: string, now: Date): Promise<void> {
    const key = `${gameId}|${playerId}`;
    const counted = countChat(this.rates.get(key) ?? null, now.getTime(), chatLimits());
    if (!counted.ok) throw rateLimited(counted.why, counted.retryAfterMs);
    this.rates.set(key, counted.next);
  }

  async nextId(gameId: string): Promise<number> {
    const id = (this.counters.get(gameId) ?? 0) + 1;
    this.counters.set(gameId, id);
    return id;
  }

  async put(message: StoredChatMessage): Promise<void> {
    const game = this.messages.get(message.gameId) ?? new Map<number, StoredChatMessage>();
    if (game.has(message.id)) throw new Error(`chat message ${message.gameId}#${message.id} is stored already`);
    const { id, gameId, game: module, playerId, seat, name, text, at, readers } = message;
    const stored = { id, gameId, game: module, playerId, seat, name, text, at, readers };
    this.messages.set(gameId, game.set(id, structuredClone(stored)));
    // As the table's item (kind chatMessage) reaches its stream.
    this.stream?.insert({ kind: 'chatMessage', ...stored });
  }

  async page(gameId: string, before: number | undefined, count: number): Promise<ChatPage> {
    // Newest first, one more than asked: whether an older page exists.
    const items = [...(this.messages.get(gameId)?.values() ?? [])]
      .filter((m) => before === undefined || m.id < before)
      .sort((a, b) => b.id - a.id)
      .slice(0, count + 1);
    const page = items
      .slice(0, count)
      .reverse()
      .map((m) => structuredClone(m));
    return { messages: page, next: items.length > count ? page[0]!.id : null };
  }

  async mutersOf(playerIds: readonly string[], author: string): Promise<Set<string>> {
    const muters = new Set<string>();
    for (const playerId of new Set(playerIds)) {
      if (playerId !== author && (await this.players.getSettingsRecord(playerId)).muted?.includes(author)) muters.add(playerId);
    }
    return muters;
  }

  async playerExists(playerId: string): Promise<boolean> {
    return this.players.exists(playerId);
  }
}
