/**
 * Chat's notices for the stream (see runtime.ts), apart from runtime-chat.ts: they need the
 * notifier and its channels (Web Push's crypto), which the message handler's bundle need not carry.
 */
import { gameUrl } from '../adapters/config';
import { ChatNotices } from './chat-notices';
import { getRuntime, now } from './runtime';
import { getNotifier } from './runtime-notify';

let notices: ChatNotices | undefined;

export function getChatNotices(): ChatNotices {
  notices ??= new ChatNotices({ connections: getRuntime().records, players: getRuntime().records, notifier: getNotifier(), now, gameUrl });
  return notices;
}
