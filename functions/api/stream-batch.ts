/**
 * A batch of the table's stream records (a Lambda event source in the cloud; the local runtime
 * reads the same stream), handed over one inserted item at a time. A failing record and those
 * after it are reported back, so the stream delivers them again, in order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { upcastItem } from '../adapters/store/catalog';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

type Image = Record<string, AttributeValue>;

/**
 * React to each inserted item `wanted` accepts (read from its new image, brought to its kind's
 * current shape by the catalogue), in order; what fails is logged as `failed` says and delivered
 * again. A failure `notYet` recognises (another invocation holds the work: see MoveLeased) is
 * delivered again too, but is no fault: logged as information, not counted.
 */
export async function eachInserted<T>(
  event: DynamoDBStreamEvent,
  wanted: (image: Image) => boolean,
  react: (item: T) => Promise<void>,
  observer: Observer,
  failed = 'reacting to a commit failed; the stream delivers it again',
  notYet: (error: unknown) => boolean = () => false,
): Promise<DynamoDBBatchResponse> {
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage as Image | undefined;
    if (record.eventName !== 'INSERT' || !image || !wanted(image)) continue;
    try {
      await react(upcastItem(unmarshall(image)) as T);
    } catch (error) {
      if (notYet(error)) observer.log.info('not yet: the stream delivers it again', failure(error));
      else {
        observer.log.error(failed, failure(error));
        observer.count(METRICS.reactorFailures);
      }
      return { batchItemFailures: event.Records.slice(i).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })) };
    }
  }
  return { batchItemFailures: [] };
}
