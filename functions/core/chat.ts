/**
 * A game's chat, apart from its rules: who may read and write it, the text rule for messages,
 * the per-player rate count, and the batched notice an offline player gets. Pure: time comes in
 * as an argument.
 */
import type { TextRule } from './protocol/text';
import type { Notification } from './notification';
import type { ChatMessage } from './protocol/server-frames';
import { seatOf, type GameRecord } from './record';
import { titleOf } from './triggers';

/** Chat messages follow the player-text rule (one line of visible text) up to this length. */
export const CHAT_RULE: TextRule = { label: 'Chat messages', max: 500 };

/** One message as clients receive it (its schema is the protocol's, server-frames.ts). */
export type { ChatMessage };

/** Seated players read and write; spectators read only when the game was created with `spectatorChat`. */
export function chatAccess(record: GameRecord, playerId: string): { read: boolean; write: boolean; seat: number | null } {
  const seat = seatOf(record, playerId);
  return { seat, write: seat !== null, read: seat !== null || record.spectatorChat };
}

/** The people seated in a game (not bots): who a message may notify. */
export const chatReaders = (record: GameRecord): string[] => record.seats.flatMap((s, i) => (s && !record.bots[i] ? [s.playerId] : []));

export interface ChatLimits {
  perWindow: number;
  windowMs: number;
  perDay: number;
}

/** What a player has sent in one game lately: the times (ms) within the last window, and the count of the current UTC day. */
export interface ChatRate {
  recent: number[];
  day: number;
  dayCount: number;
}

const DAY_MS = 86_400_000;

/** Count one more message at `now`, or say what limit it would pass and when it may be sent. */
export function countChat(
  rate: ChatRate | null,
  now: number,
  limits: ChatLimits,
): { ok: true; next: ChatRate } | { ok: false; why: string; retryAfterMs: number } {
  // Messages counted with a later time than this one's stay counted: another instance's clock, or
  // a retry after a lost race (which keeps the time it read first), may run behind the one that
  // stored them. Dropping them would let a burst from several connections pass the limit.
  const recent = (rate?.recent ?? []).filter((t) => t > now - limits.windowMs);
  const day = Math.max(Math.floor(now / DAY_MS), rate?.day ?? 0);
  const dayCount = rate?.day === day ? rate.dayCount : 0;
  if (dayCount >= limits.perDay) {
    return {
      ok: false,
      why: `You have sent ${limits.perDay} chat messages in this game today (UTC), the most one player may.`,
      retryAfterMs: (day + 1) * DAY_MS - now,
    };
  }
  if (recent.length >= limits.perWindow) {
    const seconds = Math.round(limits.windowMs / 1000);
    return {
      ok: false,
      why: `You can send at most ${limits.perWindow} chat messages in ${seconds} seconds.`,
      retryAfterMs: Math.min(...recent) + limits.windowMs - now,
    };
  }
  const next = [...recent, now].sort((a, b) => a - b).slice(-limits.perWindow);
  return { ok: true, next: { recent: next, day, dayCount: dayCount + 1 } };
}

const HOUR_MS = 3_600_000;

/** The clock hour (hours since the epoch) a notice sent at `at` belongs to: one chat notice per game, player and hour. */
export const noticeHour = (at: Date): number => Math.floor(at.getTime() / HOUR_MS);

/** Quoted text cut to a notification's length. */
function quote(text: string, max = 140): string {
  const chars = [...text];
  return `“${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text}”`;
}

/**
 * The notice to one offline reader about a message: its `version` is the clock hour it goes out
 * in, so the delivery markers let one through per game, player and hour, whatever follows.
 */
export function chatNotice(
  message: Pick<ChatMessage, 'gameId' | 'name' | 'text'> & { game: string },
  playerId: string,
  hour: number,
  url: string,
): Notification {
  return {
    kind: 'chat',
    gameId: message.gameId,
    game: message.game,
    version: hour,
    playerId,
    urgent: false,
    title: `${message.name} wrote in your game of ${titleOf(message.game)}`,
    body: `${message.name}: ${quote(message.text)}`,
    url,
  };
}

/** The most players one player may mute (their settings item stays small). */
export const MAX_MUTED = 200;
