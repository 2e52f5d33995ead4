/**
 * The reactions to stored commits and chat messages (host/stream-reactions.ts), and to asks for
 * sign-in links (host/signin-email.ts), fed by the table's DynamoDB Stream: a Lambda event
 * source in the cloud; the local runtime reads the same stream. Once per batch, after each
 * record's own reactions, the lobby's changes among its commits are told to the lobby's
 * watchers, coalesced (host/lobby-feed.ts).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eachInserted, type BatchWork } from '../api/stream-batch';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { streamReactions } from '../app/notify';
import { signInLinks } from '../app/signin-links';
import type { ChatMessageItem, CommitItem, SignInAskItem } from '../adapters/store/items';
import { observed } from '../observe/observed';

type Item = CommitItem | ChatMessageItem | SignInAskItem;

/** The kinds of inserted items the stream's reactions act on (the stack's event filter names the same). */
export const REACTED_TO = ['commit', 'chatMessage', 'signInAsk'];

export function stream(app: App) {
  const reactions = app.get(streamReactions);
  const react = async (item: Item) => {
    if (item.kind === 'signInAsk') return app.get(signInLinks).send(item);
    if (item.kind === 'chatMessage') {
      app.get(observer).log.appendKeys({ gameId: item.gameId, chatMessage: item.id });
      return reactions.onChatMessage(item);
    }
    app.get(observer).log.appendKeys({ gameId: item.gameId, version: item.version });
    return reactions.onCommit(item);
  };
  const wanted = (image: { kind?: { S?: string } }) => REACTED_TO.includes(image.kind?.S ?? '');
  const lobby: BatchWork<Item> = {
    concerns: (item) => item.kind === 'commit' && reactions.changesLobby(item),
    run: (items) => reactions.onLobbyChanges(items as CommitItem[]),
  };
  return observed(app.get(observer), 'stream', (event: DynamoDBStreamEvent) =>
    eachInserted(event, wanted, react, app.get(observer), undefined, undefined, lobby),
  );
}
