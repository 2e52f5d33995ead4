/**
 * The ratings reactor: a second consumer of the table's stream, with its own event source
 * mapping (filtered to commits that finish a game), bundle and failure domain, so neither the
 * rating library's weight nor a failing update touches the notifier. Each finished game's
 * ratings change once (host/ratings.ts), however often its commit is delivered. A failing
 * record and those after it are reported back, so the stream delivers them again, in order.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { CommitItem } from '../adapters/store/items';
import { Ratings } from '../host/ratings';
import { getRatingStore } from '../host/runtime-ratings';
import { observed } from '../observe/observed';
import { failure, logger } from '../observe/log';
import { METRICS } from '../observe/metric-names';
import { count } from '../observe/metrics';

let ratings: Ratings | undefined;

export const handler = observed('ratings', async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  ratings ??= new Ratings(getRatingStore());
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage;
    // The cloud's filter lets only these through; the local poller hands over every record.
    if (record.eventName !== 'INSERT' || !image || image.kind?.S !== 'commit' || image.status?.S !== 'finished') continue;
    try {
      const head = unmarshall(image as Record<string, AttributeValue>) as CommitItem;
      logger.appendKeys({ gameId: head.gameId, version: head.version });
      await ratings.onCommit(head, head.at);
    } catch (error) {
      logger.error('rating a finished game failed; the stream delivers it again', failure(error));
      count(METRICS.reactorFailures);
      return { batchItemFailures: event.Records.slice(i).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })) };
    }
  }
  return { batchItemFailures: [] };
});
