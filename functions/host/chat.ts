/**
 * Players' chat requests: write a message, page back through a game's chat, mute and unmute.
 * A message is checked (text rule, seat, limits) before anything is written, stored in the
 * game's chat, answered, then sent to the game's readers that did not mute its author
 * (best effort, like a commit's frames; the stream's notices tell offline players).
 */
import { chatAccess, chatReaders, CHAT_RULE, MAX_MUTED, type ChatMessage } from '../core/chat';
import { CHAT_PAGE_DEFAULT, ProtocolError, type FrameOf } from '../core/protocol/frames';
import { checkPlayerText } from '../core/protocol/text';
import type { GameRecord } from '../core/record';
import type { Sender } from '../adapters/sender';
import type { ChatStore, StoredChatMessage } from '../stores/chat';
import type { Connection, ConnectionStore } from '../stores/connections';
import type { PlayerStore } from '../stores/players';
import type { Outcome } from './commands';
import type { Games } from './games';
import { failure, type Observer } from '../observe/observer';

export interface ChatDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  games: Games;
  /** Who watches the game (the readers of a new message). */
  connections: ConnectionStore;
  /** The reader's mutes (their settings record). */
  players: PlayerStore;
  chat: ChatStore;
  now: () => Date;
}

/** A stored message as clients receive it. */
const messageOf = ({ id, gameId, playerId, seat, name, text, at }: StoredChatMessage): ChatMessage => ({
  id,
  gameId,
  playerId,
  seat,
  name,
  text,
  at,
});

export class Chat {
  constructor(private readonly deps: ChatDeps) {}

  async send(conn: Connection, frame: FrameOf<'chat'>, sender: Sender): Promise<Outcome> {
    const checked = checkPlayerText(frame.text, CHAT_RULE);
    if (!checked.ok) throw new ProtocolError('BAD_REQUEST', checked.message);
    const record = await this.deps.games.fresh(frame.gameId);
    const { seat, read } = chatAccess(record, conn.playerId);
    if (seat === null) {
      throw new ProtocolError(
        'FORBIDDEN',
        read
          ? 'Spectators may read this chat but not write in it; only the players seated in the game can.'
          : 'Only the players seated in this game can write in its chat.',
      );
    }
    const at = this.deps.now();
    await this.deps.chat.count(record.gameId, conn.playerId, at);
    const id = await this.deps.chat.nextId(record.gameId);
    const stored: StoredChatMessage = {
      id,
      gameId: record.gameId,
      game: record.game,
      playerId: conn.playerId,
      seat,
      name: record.seats[seat]!.name,
      text: checked.text,
      at: at.toISOString(),
      readers: chatReaders(record),
    };
    await this.deps.chat.put(stored);
    const message = messageOf(stored);
    return {
      reply: { type: 'chatSent', requestId: frame.requestId, message },
      after: () => this.broadcast(record, message, sender, conn.connectionId),
    };
  }

  /** The message to every connection watching the game that may read it, but the sender's and those of players who muted the author. */
  private async broadcast(record: GameRecord, message: ChatMessage, sender: Sender, from: string): Promise<void> {
    const { connections, chat } = this.deps;
    try {
      const readers = (await connections.subscribers(record.gameId)).filter(
        (s) => s.connectionId !== from && chatAccess(record, s.playerId).read,
      );
      const muters = await chat.mutersOf(
        readers.map((s) => s.playerId),
        message.playerId,
      );
      await Promise.all(
        readers
          .filter((s) => !muters.has(s.playerId))
          .map(async ({ connectionId }) => {
            if ((await sender.send(connectionId, { type: 'chat', gameId: record.gameId, message })) === 'gone') {
              await connections.deleteSubscription(record.gameId, connectionId);
              await connections.deleteConnection(connectionId);
            }
          }),
      );
    } catch (error) {
      // Readers missed a live frame; the message is stored and their next history has it.
      this.deps.observer.log.warn(
        'sending a chat message to its readers failed',
        failure(error, { gameId: record.gameId, id: message.id }),
      );
    }
  }

  async history(conn: Connection, frame: FrameOf<'chatHistory'>): Promise<Outcome> {
    const record = await this.deps.games.fresh(frame.gameId);
    const { read, seat } = chatAccess(record, conn.playerId);
    if (!read)
      throw new ProtocolError('FORBIDDEN', 'This chat is for the players seated in the game; its creator did not open it to spectators.');
    const [settings, page] = await Promise.all([
      this.deps.players.getSettingsRecord(conn.playerId, true),
      this.deps.chat.page(record.gameId, frame.before, frame.limit ?? CHAT_PAGE_DEFAULT),
    ]);
    const muted = settings.muted ?? [];
    return {
      reply: {
        type: 'chatHistory',
        requestId: frame.requestId,
        gameId: record.gameId,
        messages: page.messages.filter((m) => !muted.includes(m.playerId)).map(messageOf),
        next: page.next,
        muted,
        canWrite: seat !== null,
      },
    };
  }

  /** mute / unmute: the player's muted list changes in their settings record (one conditional write); doing it twice changes nothing. */
  async mute(conn: Connection, frame: FrameOf<'mute' | 'unmute'>): Promise<Outcome> {
    const on = frame.action === 'mute';
    const target = frame.playerId;
    if (target === conn.playerId)
      throw new ProtocolError(
        'BAD_REQUEST',
        on ? 'You cannot mute yourself.' : 'You cannot unmute yourself: your own messages are never hidden from you.',
      );
    if (on && !(await this.deps.chat.playerExists(target)))
      throw new ProtocolError('NOT_FOUND', 'There is no player with that id; nobody was muted.');
    const { after } = await this.deps.players.updateSettings(conn.playerId, (r) => {
      const muted = r.muted ?? [];
      if (muted.includes(target) === on) return null;
      if (on && muted.length >= MAX_MUTED)
        throw new ProtocolError('BAD_REQUEST', `You have muted ${MAX_MUTED} players, the most one may; unmute someone first.`);
      return { ...r, muted: on ? [...muted, target] : muted.filter((p) => p !== target) };
    });
    return { reply: { type: 'muted', requestId: frame.requestId, muted: after.muted ?? [] } };
  }
}
