/**
 * What the table's stream sets off (handlers/stream.ts): for each stored commit what
 * core/after-commit.ts decides on its head — the players' game index, the due item for the
 * sweep, a snapshot now and then (host/reactions.ts) — then its notifications; for each chat
 * message its batched notices; and once per batch, the lobby's changes among its commits,
 * coalesced (each game's newest, told to the lobby's watchers: host/lobby-feed.ts). Each is
 * idempotent per commit and message, so a redelivered record changes nothing more (a lobby
 * watcher may hear a change again, and keeps the newest version).
 */
import type { Sender } from '../adapters/sender';
import { afterCommit } from '../core/after-commit';
import type { CommitHead } from '../core/triggers';
import type { StoredChatMessage } from '../stores/chat';
import type { ChatNotices } from './chat-notices';
import type { Notifier } from './notifier';
import type { Reactions } from './reactions';
import type { Vacations } from './vacations';

export interface StreamReactionsDeps {
  reactions: Reactions;
  notifier: Notifier;
  chatNotices: ChatNotices;
  sender: () => Sender;
  /** A game just begun: who is on vacation is away in it too (host/vacations.ts). */
  vacations?: Pick<Vacations, 'onGameStarted'>;
}

export class StreamReactions {
  constructor(private readonly deps: StreamReactionsDeps) {}

  async onCommit(head: CommitHead): Promise<void> {
    await this.deps.reactions.react(head);
    await this.deps.vacations?.onGameStarted(head, this.deps.sender());
    await this.deps.notifier.notifyCommit(head);
  }

  /** Whether a commit changes the lobby (core/after-commit.ts): `onLobbyChanges` tells it, with its batch's. */
  changesLobby(head: CommitHead): boolean {
    return afterCommit(head).lobby;
  }

  /** The lobby's changes among a batch's commits, once each had its `onCommit`: coalesced, told once (Reactions.relist). */
  onLobbyChanges(heads: readonly CommitHead[]): Promise<void> {
    return this.deps.reactions.relist(heads, this.deps.sender());
  }

  onChatMessage(message: StoredChatMessage): Promise<void> {
    return this.deps.chatNotices.notify(message);
  }
}
