/** Each game's chat. */
import { ChatStore } from '../adapters/store/chat';
import { Chat } from '../host/chat';
import type { App } from './app';
import { host } from './games';
import { dynamo } from './outside';
import { records } from './records';

export function chatStore(app: App): ChatStore {
  return new ChatStore(app.get(dynamo), app.deps.config.tableName);
}

export function chat(app: App): Chat {
  return new Chat({ games: app.get(host).games, records: app.get(records), store: app.get(chatStore), now: app.deps.now });
}
