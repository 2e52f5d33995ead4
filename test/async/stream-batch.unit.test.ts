/**
 * A batch of stream records (functions/api/stream-batch.ts) with work done once per batch (the
 * notifier's lobby changes): the work gets the items it concerns among those handled, in order,
 * up to a failing record; when it fails itself, the records are delivered again from the first
 * item it concerned, counted as a reactor failure.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { eachInserted } from '../../functions/api/stream-batch';
import { METRICS } from '../../functions/observe/metric-names';
import { testObserver } from '../support/observer';

interface Item {
  kind: string;
  version: number;
  lobby?: boolean;
}

/** Items of kinds the catalogue does not know (read as they are), numbered 1…; those flagged `lobby` are the batch work's. */
const batch = (...items: Item[]): DynamoDBStreamEvent =>
  ({
    Records: items.map((item, i) => ({
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: String(i + 1),
        NewImage: {
          kind: { S: item.kind },
          version: { N: String(item.version) },
          ...(item.lobby ? { lobby: { BOOL: true } } : {}),
        },
      },
    })),
  }) as never;

const failures = (...ids: number[]) => ({ batchItemFailures: ids.map((n) => ({ itemIdentifier: String(n) })) });

describe('work once per batch of stream records', () => {
  const event = batch(
    { kind: 'note', version: 1 },
    { kind: 'change', version: 2, lobby: true },
    { kind: 'change', version: 3 },
    { kind: 'change', version: 4, lobby: true },
    { kind: 'change', version: 5, lobby: true },
  );
  const all = () => true;

  it('gets the items it concerns, once, after each had its own reaction', async () => {
    const order: string[] = [];
    const run = vi.fn(async (items: Item[]) => void order.push(`batch ${items.map((i) => i.version)}`));
    const react = async (item: Item) => void order.push(`record ${item.version}`);
    const work = { concerns: (item: Item) => item.lobby === true, run };
    expect(await eachInserted(event, all, react, testObserver(), 'failed', undefined, work)).toEqual(failures());
    expect(order).toEqual(['record 1', 'record 2', 'record 3', 'record 4', 'record 5', 'batch 2,4,5']);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('gets those handled before a failing record, which is delivered again with those after it', async () => {
    const run = vi.fn(async (_items: Item[]) => undefined);
    const react = async (item: Item) => (item.version === 4 ? Promise.reject(new Error('throttled')) : undefined);
    const work = { concerns: (item: Item) => item.lobby === true, run };
    expect(await eachInserted(event, all, react, testObserver(), 'failed', undefined, work)).toEqual(failures(4, 5));
    expect(run.mock.calls.map(([items]) => items.map((i) => i.version))).toEqual([[2]]);
  });

  it('when it fails, has the records delivered again from the first it concerned, and counts a failure', async () => {
    const observer = testObserver();
    const count = vi.spyOn(observer, 'count');
    const work = { concerns: (item: Item) => item.lobby === true, run: () => Promise.reject(new Error('throttled')) };
    expect(await eachInserted(event, all, async () => undefined, observer, 'failed', undefined, work)).toEqual(failures(2, 3, 4, 5));
    expect(count).toHaveBeenCalledWith(METRICS.reactorFailures);
    // Nothing it concerns in the batch: it is not run.
    const idle = { concerns: () => false, run: vi.fn(async () => undefined) };
    expect(await eachInserted(event, all, async () => undefined, observer, 'failed', undefined, idle)).toEqual(failures());
    expect(idle.run).not.toHaveBeenCalled();
  });
});
