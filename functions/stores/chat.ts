/**
 * Games' chats: each game's messages under ids from the game's own counter, and each writer's
 * rate in each game, so the chat limits hold across processes. Mutes live in the players'
 * settings records (PlayerStore).
 */
import type { ChatMessage } from '../core/chat';

/** A message as stored: as clients receive it, with its game module (for notices) and the people seated when it was written (whom notices consider). */
export interface StoredChatMessage extends ChatMessage {
  game: string;
  readers: string[];
}

/** A page of a game's chat, oldest first, and the `before` of the page before it (null: none). */
export interface ChatPage {
  messages: StoredChatMessage[];
  next: number | null;
}

export interface ChatStore {
  /**
   * Count a message of this player in this game against the chat limits (CHAT_MESSAGES_PER_WINDOW
   * in CHAT_WINDOW_SECONDS, CHAT_MESSAGES_PER_DAY per UTC day), or refuse it with RATE_LIMITED
   * (nothing counted). Concurrent messages are each counted.
   */
  count(gameId: string, playerId: string, now: Date): Promise<void>;
  /** A new message id for the game: 1, 2, 3…, each handed out once (an id lost to a crash leaves a harmless gap). */
  nextId(gameId: string): Promise<number>;
  /** Store a message under its id; the id is this writer's alone (an error if it was stored already). */
  put(message: StoredChatMessage): Promise<void>;
  /** The newest `count` messages before the id `before` (all when absent), oldest first, and the `before` of the page before them. */
  page(gameId: string, before: number | undefined, count: number): Promise<ChatPage>;
  /** Which of these players muted `author` (their settings, read consistently: a mute holds at once); never the author. */
  mutersOf(playerIds: readonly string[], author: string): Promise<Set<string>>;
  /** Whether a player with this id signed up. */
  playerExists(playerId: string): Promise<boolean>;
}
