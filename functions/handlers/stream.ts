/**
 * The reactions to stored commits and chat messages (host/stream-reactions.ts), fed by the
 * table's DynamoDB Stream: a Lambda event source in the cloud; the local runtime reads the same stream.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eachInserted } from '../api/stream-batch';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { streamReactions } from '../app/notify';
import type { ChatMessageItem, CommitItem } from '../adapters/store/items';
import { observed } from '../observe/observed';

export function stream(app: App) {
  const reactions = app.get(streamReactions);
  const react = async (item: CommitItem | ChatMessageItem) => {
    if (item.kind === 'chatMessage') {
      app.get(observer).log.appendKeys({ gameId: item.gameId, chatMessage: item.id });
      return reactions.onChatMessage(item);
    }
    app.get(observer).log.appendKeys({ gameId: item.gameId, version: item.version });
    return reactions.onCommit(item);
  };
  const wanted = (image: { kind?: { S?: string } }) => image.kind?.S === 'commit' || image.kind?.S === 'chatMessage';
  return observed(app.get(observer), 'stream', (event: DynamoDBStreamEvent) => eachInserted(event, wanted, react, app.get(observer)));
}
