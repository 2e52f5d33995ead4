/**
 * A batch of the table's stream records (a Lambda event source in the cloud; the local runtime
 * reads the same stream), handed over one inserted item at a time, then — for work done once per
 * batch — the items handled, together. A failing record and those after it are reported back, so
 * the stream delivers them again, in order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { upcastItem } from '../adapters/store/catalog';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

type Image = Record<string, AttributeValue>;

/**
 * Work done once per batch, after each record's own reaction: `run` gets the items handled (up to
 * a failing record, in order) that `concerns` names. When it fails, they are delivered again,
 * from the first of them (with the records after it, whose own reactions are idempotent).
 */
export interface BatchWork<T> {
  concerns(item: T): boolean;
  run(items: T[]): Promise<void>;
}

/**
 * React to each inserted item `wanted` accepts (read from its new image, brought to its kind's
 * current shape by the catalogue), in order, then do the batch's `work` on those handled; what
 * fails is logged as `failed` says and delivered again. A failure `notYet` recognises (another
 * invocation holds the work: see MoveLeased) is delivered again too, but is no fault: logged as
 * information, not counted.
 */
export async function eachInserted<T>(
  event: DynamoDBStreamEvent,
  wanted: (image: Image) => boolean,
  react: (item: T) => Promise<void>,
  observer: Observer,
  failed = 'reacting to a commit failed; the stream delivers it again',
  notYet: (error: unknown) => boolean = () => false,
  work?: BatchWork<T>,
): Promise<DynamoDBBatchResponse> {
  /** The first record to deliver again (none: the batch's length). */
  let again = event.Records.length;
  const handled: { at: number; item: T }[] = [];
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage as Image | undefined;
    if (record.eventName !== 'INSERT' || !image || !wanted(image)) continue;
    try {
      const item = upcastItem(unmarshall(image)) as T;
      await react(item);
      handled.push({ at: i, item });
    } catch (error) {
      if (notYet(error)) observer.log.info('not yet: the stream delivers it again', failure(error));
      else {
        observer.log.error(failed, failure(error));
        observer.count(METRICS.reactorFailures);
      }
      again = i;
      break;
    }
  }
  const concerned = work ? handled.filter((h) => work.concerns(h.item)) : [];
  if (work && concerned.length) {
    try {
      await work.run(concerned.map((h) => h.item));
    } catch (error) {
      observer.log.error(failed, failure(error));
      observer.count(METRICS.reactorFailures);
      again = Math.min(again, concerned[0]!.at);
    }
  }
  return { batchItemFailures: event.Records.slice(again).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })) };
}
