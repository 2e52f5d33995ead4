/**
 * What the table's stream sets off (handlers/stream.ts): for each stored commit what
 * core/after-commit.ts decides on its head — the players' game index, the due item for the
 * sweep, the lobby's listing, a snapshot now and then, the automatic move nobody claimed
 * (host/reactions.ts) — then its notifications; for each chat message its batched notices. Each
 * is idempotent per commit and message, so a redelivered record changes nothing more.
 */
import type { Sender } from '../adapters/sender';
import type { CommitHead } from '../core/triggers';
import type { StoredChatMessage } from '../stores/chat';
import type { ChatNotices } from './chat-notices';
import type { Notifier } from './notifier';
import type { Reactions } from './reactions';

export interface StreamReactionsDeps {
  reactions: Reactions;
  notifier: Notifier;
  chatNotices: ChatNotices;
  sender: () => Sender;
}

export class StreamReactions {
  constructor(private readonly deps: StreamReactionsDeps) {}

  async onCommit(head: CommitHead): Promise<void> {
    await this.deps.reactions.react(head, this.deps.sender());
    await this.deps.notifier.notifyCommit(head);
  }

  onChatMessage(message: StoredChatMessage): Promise<void> {
    return this.deps.chatNotices.notify(message);
  }
}
