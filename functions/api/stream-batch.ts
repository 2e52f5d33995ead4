/**
 * A batch of the table's stream records (a Lambda event source in the cloud; the local runtime
 * reads the same stream), handed over one inserted item at a time, to each part of the reader
 * that wants it. A failing record and those after it are reported back, so the stream delivers
 * them again, in order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { upcastItem } from '../adapters/store/catalog';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

type Image = Record<string, AttributeValue>;

/**
 * One part of a stream reader (one filter of its mapping): the inserted items it `wants` (read
 * from the new image, as the filter reads it), what it does with each, brought to its kind's
 * current shape by the catalogue, and what it logs when that fails.
 */
export interface StreamPart<T> {
  wants(image: Image): boolean;
  react(item: T): Promise<void>;
  /** Logged when `react` fails (the stream delivers the record again). */
  failed?: string;
  /**
   * A failure that is no fault (another invocation holds the work: see MoveLeased): delivered
   * again all the same, but logged as information, not counted.
   */
  notYet?(error: unknown): boolean;
}

/**
 * React to each inserted item `wanted` accepts, in order; what fails is logged as `failed` says
 * and delivered again (a failure `notYet` recognises is no fault: see StreamPart).
 */
export function eachInserted<T>(
  event: DynamoDBStreamEvent,
  wanted: (image: Image) => boolean,
  react: (item: T) => Promise<void>,
  observer: Observer,
  failed?: string,
  notYet?: (error: unknown) => boolean,
): Promise<DynamoDBBatchResponse> {
  return eachInsertedBy(event, [{ wants: wanted, react, ...(failed ? { failed } : {}), ...(notYet ? { notYet } : {}) }], observer);
}

/**
 * The same for a reader of several parts (one mapping with several filters, which Lambda ORs):
 * each record goes to every part that wants it, in the parts' order, each part whatever another
 * did with it — as if each had a mapping of its own. A record any part failed on is the first
 * reported, with every record after it: the parts that succeeded on it see it again, so each
 * must be idempotent (they are: by the game's version, its RATED marker, its delivery markers).
 */
export async function eachInsertedBy(
  event: DynamoDBStreamEvent,
  parts: readonly StreamPart<unknown>[],
  observer: Observer,
): Promise<DynamoDBBatchResponse> {
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage as Image | undefined;
    if (record.eventName !== 'INSERT' || !image) continue;
    let failing = false;
    for (const part of parts) {
      if (!part.wants(image)) continue;
      try {
        await part.react(upcastItem(unmarshall(image)));
      } catch (error) {
        failing = true;
        if (part.notYet?.(error)) observer.log.info('not yet: the stream delivers it again', failure(error));
        else {
          observer.log.error(part.failed ?? 'reacting to a commit failed; the stream delivers it again', failure(error));
          observer.count(METRICS.reactorFailures);
        }
      }
    }
    if (failing) return { batchItemFailures: event.Records.slice(i).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })) };
  }
  return { batchItemFailures: [] };
}
