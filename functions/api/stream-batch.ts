/**
 * A batch of the table's stream records (a Lambda event source in the cloud; the local runtime
 * reads the same stream), handed over one inserted item at a time, to each part of the reader
 * that wants it, then — for work done once per batch — the items handled, together. A failing
 * record and those after it are reported back, so the stream delivers them again, in order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { upcastItem } from '../adapters/store/catalog';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

type Image = Record<string, AttributeValue>;

const FAILED = 'reacting to a commit failed; the stream delivers it again';

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
 * Work done once per batch, after each record's own reaction: `run` gets the items handled (up to
 * a failing record, in order) that `concerns` names. When it fails, they are delivered again,
 * from the first of them (with the records after it, whose own reactions are idempotent).
 */
export interface BatchWork<T> {
  concerns(item: T): boolean;
  run(items: T[]): Promise<void>;
}

/**
 * React to each inserted item `wanted` accepts, in order, then do the batch's `work` on those
 * handled; what fails is logged as `failed` says and delivered again (a failure `notYet`
 * recognises is no fault: see StreamPart).
 */
export function eachInserted<T>(
  event: DynamoDBStreamEvent,
  wanted: (image: Image) => boolean,
  react: (item: T) => Promise<void>,
  observer: Observer,
  failed?: string,
  notYet?: (error: unknown) => boolean,
  work?: BatchWork<T>,
): Promise<DynamoDBBatchResponse> {
  const part: StreamPart<T> = { wants: wanted, react, ...(failed ? { failed } : {}), ...(notYet ? { notYet } : {}) };
  return eachInsertedBy(event, [part as StreamPart<unknown>], observer, work as BatchWork<unknown> | undefined);
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
  work?: BatchWork<unknown>,
): Promise<DynamoDBBatchResponse> {
  /** The first record to deliver again (none: the batch's length). */
  let again = event.Records.length;
  const handled: { at: number; item: unknown }[] = [];
  for (const [i, record] of event.Records.entries()) {
    const image = record.dynamodb?.NewImage as Image | undefined;
    if (record.eventName !== 'INSERT' || !image) continue;
    const wanting = parts.filter((part) => part.wants(image));
    if (!wanting.length) continue;
    let failing = false;
    for (const part of wanting) {
      try {
        await part.react(upcastItem(unmarshall(image))); // a copy each: no part sees what another did to it
      } catch (error) {
        failing = true;
        if (part.notYet?.(error)) observer.log.info('not yet: the stream delivers it again', failure(error));
        else {
          observer.log.error(part.failed ?? FAILED, failure(error));
          observer.count(METRICS.reactorFailures);
        }
      }
    }
    if (failing) {
      again = i;
      break;
    }
    if (work) handled.push({ at: i, item: upcastItem(unmarshall(image)) });
  }
  const concerned = work ? handled.filter((h) => work.concerns(h.item)) : [];
  if (work && concerned.length) {
    try {
      await work.run(concerned.map((h) => h.item));
    } catch (error) {
      observer.log.error(FAILED, failure(error));
      observer.count(METRICS.reactorFailures);
      again = Math.min(again, concerned[0]!.at);
    }
  }
  return { batchItemFailures: event.Records.slice(again).map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })) };
}
