/**
 * Chat notices: the stream's reaction to a stored chat message. Each person seated when it was
 * written — not its author, not a player who muted the author, not one who is online — is told
 * by push and webhook (never email), at most once per game and clock hour: the notice's version
 * is the hour it goes out in, and the delivery markers let one notice per (game, hour, player)
 * through however many messages or redeliveries follow. In quiet hours the hour is the one the
 * quiet ends in, so every message of a quiet night makes one notice, released in the morning.
 */
import { chatNotice, noticeHour } from '../core/chat';
import { quietUntil } from '../core/quiet';
import type { StoredChatMessage } from '../stores/chat';
import type { ConnectionStore } from '../stores/connections';
import type { PlayerStore } from '../stores/players';
import type { Notifier } from './notifier';

export interface ChatNoticesDeps {
  /** Who is online (they see it live). */
  connections: ConnectionStore;
  /** Their settings: mutes, quiet hours. */
  players: PlayerStore;
  notifier: Notifier;
  now: () => Date;
  gameUrl: (gameId: string) => string;
}

export class ChatNotices {
  constructor(private readonly deps: ChatNoticesDeps) {}

  /** Everything a stored message should tell; throws when a delivery failed, so the stream delivers it again. */
  async notify(message: StoredChatMessage): Promise<void> {
    const outcomes = await Promise.allSettled(message.readers.filter((p) => p !== message.playerId).map((p) => this.tell(message, p)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (failures.length) throw new AggregateError(failures, `${failures.length} chat notice(s) of ${message.gameId}#${message.id} failed`);
  }

  private async tell(message: StoredChatMessage, playerId: string): Promise<void> {
    const { connections, players, notifier, now, gameUrl } = this.deps;
    if (await connections.isOnline(playerId)) return;
    const record = await players.getSettingsRecord(playerId);
    if (record.muted?.includes(message.playerId)) return;
    const at = now();
    const goesOut = quietUntil(record.settings.quietHours, at) ?? at;
    await notifier.deliver(chatNotice(message, playerId, noticeHour(goesOut), gameUrl(message.gameId)), record);
  }
}
