/** The chat part of the process's runtime (see runtime.ts): the chat service for requests, its notices for the stream. */
import { dynamo } from '../adapters/aws';
import { config, gameUrl } from '../adapters/config';
import { ChatStore } from '../adapters/store/chat';
import { Chat } from './chat';
import { ChatNotices } from './chat-notices';
import { getRuntime, now } from './runtime';
import { getGames } from './runtime-games';
import { getNotifier } from './runtime-notify';

let chat: Chat | undefined;
let notices: ChatNotices | undefined;

export function getChat(): Chat {
  chat ??= new Chat({ games: getGames().host.games, records: getRuntime().records, store: new ChatStore(dynamo(), config().tableName), now });
  return chat;
}

export function getChatNotices(): ChatNotices {
  notices ??= new ChatNotices({ records: getRuntime().records, notifier: getNotifier(), now, gameUrl });
  return notices;
}
