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
import type { ChatMessageItem } from '../adapters/store/items';
import type { Records } from '../adapters/store/records';
import type { Notifier } from './notifier';

export interface ChatNoticesDeps {
  records: Records;
  notifier: Notifier;
  now: () => Date;
  gameUrl: (gameId: string) => string;
}

export class ChatNotices {
  constructor(private readonly deps: ChatNoticesDeps) {}

  /** Everything a stored message should tell; throws when a delivery failed, so the stream delivers it again. */
  async notify(item: ChatMessageItem): Promise<void> {
    const outcomes = await Promise.allSettled(item.readers.filter((p) => p !== item.playerId).map((p) => this.tell(item, p)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (failures.length) throw new AggregateError(failures, `${failures.length} chat notice(s) of ${item.gameId}#${item.id} failed`);
  }

  private async tell(item: ChatMessageItem, playerId: string): Promise<void> {
    const { records, notifier, now, gameUrl } = this.deps;
    if (await records.isOnline(playerId)) return;
    const record = await records.getSettingsRecord(playerId);
    if (record.muted?.includes(item.playerId)) return;
    const at = now();
    const goesOut = quietUntil(record.settings.quietHours, at) ?? at;
    await notifier.deliver(chatNotice(item, playerId, noticeHour(goesOut), gameUrl(item.gameId)), record);
  }
}
