/**
 * The reactions to stored commits, fed by the table's DynamoDB Stream (a Lambda event source in
 * the cloud; the local runtime reads the same stream and calls this handler). For each inserted
 * commit item: what core/after-commit.ts decides on its head — the players' game index, the due
 * item for the sweep, the lobby's listing, a snapshot now and then, the automatic move nobody
 * claimed (host/reactions.ts) — then the notifications it concerns
 * (core/triggers.ts). For each inserted chat message, its batched notices (host/chat-notices.ts).
 * All are idempotent per commit and message. A failing record and those after it are
 * reported back, so the stream delivers them again, in order.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ChatMessageItem, CommitItem } from '../adapters/store/items';
import { senderFor } from '../host/runtime';
import { getGames } from '../host/runtime-games';
import { getNotifier } from '../host/runtime-notify';
import { getChatNotices } from '../host/runtime-chat-notices';
import { observed } from '../observe/observed';
import { failure, logger } from '../observe/log';
import { METRICS } from '../observe/metric-names';
import { count } from '../observe/metrics';

export const handler = observed('stream', async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const notifier = getNotifier();
  const { reactions } = getGames().host;
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage;
    const kind = image?.kind?.S;
    if (record.eventName !== 'INSERT' || !image || (kind !== 'commit' && kind !== 'chatMessage')) continue;
    try {
      if (kind === 'chatMessage') {
        const message = unmarshall(image as Record<string, AttributeValue>) as ChatMessageItem;
        logger.appendKeys({ gameId: message.gameId, chatMessage: message.id });
        await getChatNotices().notify(message);
        continue;
      }
      const head = unmarshall(image as Record<string, AttributeValue>) as CommitItem;
      logger.appendKeys({ gameId: head.gameId, version: head.version });
      await reactions.react(head, senderFor({}));
      await notifier.notifyCommit(head);
    } catch (error) {
      logger.error('reacting to a commit failed; the stream delivers it again', failure(error));
      count(METRICS.reactorFailures);
      return {
        batchItemFailures: event.Records.slice(i).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })),
      };
    }
  }
  return { batchItemFailures: [] };
});
