/** The chat part of the process's runtime (see runtime.ts): the chat service for requests (its notices: runtime-chat-notices.ts). */
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { DynamoChatStore } from '../adapters/store/chat';
import { Chat } from './chat';
import { getRuntime, now } from './runtime';
import { getGames } from './runtime-games';

let chat: Chat | undefined;

export function getChat(): Chat {
  chat ??= new Chat({
    games: getGames().host.games,
    connections: getRuntime().records,
    players: getRuntime().records,
    chat: new DynamoChatStore(dynamo(), config().tableName),
    now,
  });
  return chat;
}
