/**
 * What the table's stream sets off (handlers/stream.ts): for each stored commit its reactions —
 * the next automatic move, the players' game index, a snapshot now and then, the due item, the
 * lobby's listing — then its notifications; for each chat message its batched notices. Each is
 * idempotent per commit and message, so a redelivered record changes nothing more.
 */
import type { Sender } from '../adapters/sender';
import type { ChatMessageItem } from '../adapters/store/items';
import type { CommitHead } from '../core/triggers';
import type { ChatNotices } from './chat-notices';
import type { LobbyFeed } from './lobby-feed';
import type { Notifier } from './notifier';
import type { Reactions } from './reactions';

export interface StreamReactionsDeps {
  reactions: Reactions;
  lobbyFeed?: LobbyFeed;
  notifier: Notifier;
  chatNotices: ChatNotices;
  sender: () => Sender;
}

export class StreamReactions {
  constructor(private readonly deps: StreamReactionsDeps) {}

  async onCommit(head: CommitHead): Promise<void> {
    const { reactions, lobbyFeed } = this.deps;
    const sender = this.deps.sender();
    // Independent of each other: a failure of one still lets the others finish before the retry.
    const outcomes = await Promise.allSettled([
      reactions.react(head, sender),
      reactions.index(head),
      reactions.snapshot(head),
      reactions.clock(head),
      lobbyFeed?.react(head, sender),
    ]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    await this.deps.notifier.notifyCommit(head);
  }

  onChatMessage(message: ChatMessageItem): Promise<void> {
    return this.deps.chatNotices.notify(message);
  }
}
