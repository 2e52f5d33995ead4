/** Each game's chat. */
import { DynamoChatStore } from '../adapters/store/chat';
import { Chat } from '../host/chat';
import type { ChatStore } from '../stores/chat';
import type { App } from './app';
import { connectionStore } from './connections';
import { host } from './games';
import { dynamo, observer } from './outside';
import { playerStore } from './players';

export function chatStore(app: App): ChatStore {
  return app.deps.stores?.chat ?? new DynamoChatStore(app.get(dynamo), app.deps.config.tableName);
}

export function chat(app: App): Chat {
  return new Chat({
    games: app.get(host).games,
    connections: app.get(connectionStore),
    players: app.get(playerStore),
    chat: app.get(chatStore),
    observer: app.get(observer),
    now: app.deps.now,
  });
}
