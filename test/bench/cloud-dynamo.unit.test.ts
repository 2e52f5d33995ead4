/**
 * The DynamoDB model: the application's own DynamoDB stores pass their whole behaviour suite on it
 * (so the simulator runs the code Lambda runs, against a table that answers as DynamoDB does),
 * and each published limit it stands for holds: units billed per started KB / 4 KB, transactions
 * twice, failed conditions billed; a partition key throttled past 1,000 write or 3,000 read units
 * in a second, the SDK's retries recovering when the next second comes; 400 KB items and
 * 100-item or 4 MB transactions refused; every change in the stream, in order per shard.
 */
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bench/cloud/clock';
import { ModelDocumentClient } from '../../bench/cloud/dynamo/client';
import { TableModel } from '../../bench/cloud/dynamo/table';
import { MemoryStream } from '../../bench/cloud/lambda/stream-source';
import { burstOf, hottestKeys } from '../../bench/cloud/report';
import { DynamoListingStore } from '../../functions/adapters/store/listings';
import { keys, lobbyShardOf } from '../../functions/adapters/store/keys';
import { planCreate, planJoin } from '../../functions/core/plans';
import { applyCommit } from '../../functions/core/record';
import type { RatingItem } from '../../functions/adapters/store/items';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { stores as appStores } from '../../functions/app/stores';
import { soleWriterParts } from '../../local/sole-writer';
import { storeContract, type StoreKit } from '../support/store-contract';

const TABLE = 'caravela';

function model(start = Date.UTC(2026, 10, 27, 12)) {
  const clock = new SimClock(start);
  const stream = new MemoryStream({ clock, shardCount: 4 });
  const table = new TableModel(TABLE, clock, (change) => stream.append(change));
  const client = new ModelDocumentClient(new Map([[TABLE, table]]), clock, 7);
  return { clock, table, stream, client, doc: client as unknown as DynamoDBDocumentClient };
}

/** The stores the app builds on the model, as on Lambda or as the local runtime's, with what older builds wrote planted straight in. */
function kitOn(soleWriter: boolean): StoreKit {
  const { doc } = model(Date.now());
  const stores = createApp({
    config: { ...configFromEnv({ TABLE_NAME: TABLE, LOG_LEVEL: 'SILENT' }), soleWriter },
    now: () => new Date(),
    ids: randomIds,
    dynamo: doc,
    ...(soleWriter ? { replacing: soleWriterParts() } : {}),
  }).get(appStores);
  return {
    stores,
    plantSnapshot: async (gameId, stored) => {
      await doc.send(
        new PutCommand({
          TableName: TABLE,
          Item: { pk: keys.game(gameId), sk: keys.snapshot(stored.version), kind: 'snapshot', ...stored },
        }),
      );
    },
    dropSnapshot: async (gameId, version) => {
      await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: keys.game(gameId), sk: keys.snapshot(version) } }));
    },
    restoreCommit: async (item) => {
      await doc.send(new PutCommand({ TableName: TABLE, Item: item }));
    },
    plantRating: async (playerId, game, rating) => {
      const item: Omit<RatingItem, 'rev' | 'board'> = {
        pk: keys.player(playerId),
        sk: keys.rating(game),
        kind: 'rating',
        playerId,
        game,
        ...rating,
      };
      await doc.send(new PutCommand({ TableName: TABLE, Item: item }));
    },
  };
}

describe('stores on the DynamoDB model, as Lambda uses them', () => {
  const kit = kitOn(false);
  storeContract(() => kit);
});

describe("stores on the DynamoDB model, as the local runtime's", () => {
  const kit = kitOn(true);
  storeContract(() => kit, ['games', 'playerGames', 'listings']);
});

const item = (pk: string, sk: string, bytes = 0) => ({ pk, sk, data: 'x'.repeat(bytes) });

describe('the DynamoDB model bills as DynamoDB does', () => {
  it('a write unit per started KB, a read unit per started 4 KB (half when eventually consistent), twice in a transaction, and failed conditions too', async () => {
    const { table, doc } = model();
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '1', 1500) })); // 1.5 KB: 2 units
    expect(table.usage.writeUnits).toBe(2);
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '2', 5000) })); // 5 KB: 5 units
    expect(table.usage.writeUnits).toBe(7);
    await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: '2' }, ConsistentRead: true })); // 5 KB: 2 read units
    expect(table.usage.readUnits).toBe(2);
    await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: '2' } }));
    expect(table.usage.readUnits).toBe(3);
    await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'A' },
        ConsistentRead: true,
      }),
    );
    expect(table.usage.readUnits).toBe(5); // 6.5 KB read together: 2 units
    await expect(
      doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '1', 10), ConditionExpression: 'attribute_not_exists(pk)' })),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(table.usage.writeUnits).toBe(9); // billed as the larger of the two items: 2
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName: TABLE, Item: item('B', '1', 100) } }, { Put: { TableName: TABLE, Item: item('C', '1', 100) } }],
      }),
    );
    expect(table.usage.writeUnits).toBe(13);
    expect(table.usage.conditionalFailures).toBe(1);
  });

  it('refuses an item over 400 KB, a transaction of 101 items or over 4 MB, and two actions on one item in a transaction', async () => {
    const { doc, table } = model();
    await expect(doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '1', 400 * 1024) }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '1', 400 * 1024 - 20) }));
    const puts = (n: number, bytes: number) =>
      Array.from({ length: n }, (_, i) => ({ Put: { TableName: TABLE, Item: item(`T${i}`, '1', bytes) } }));
    await expect(doc.send(new TransactWriteCommand({ TransactItems: puts(101, 10) }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(doc.send(new TransactWriteCommand({ TransactItems: puts(11, 390 * 1024) }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: TABLE, Item: item('D', '1') } }, { Delete: { TableName: TABLE, Key: { pk: 'D', sk: '1' } } }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await doc.send(new TransactWriteCommand({ TransactItems: puts(100, 10) }));
    expect(table.itemCount).toBe(101);
  });

  it('cancels a whole transaction when one condition fails, with the reasons in order', async () => {
    const { doc, table } = model();
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('A', '1') }));
    const cancelled = doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: item('B', '1') } },
          { Put: { TableName: TABLE, Item: item('A', '1'), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    await expect(cancelled).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(table.get('B', '1')).toBeUndefined();
  });
});

describe('a partition key at its limit', () => {
  /** `n` puts of one write unit each to key `pk`, all at once. */
  const burst = (doc: DynamoDBDocumentClient, pk: string, n: number, from = 0) =>
    Array.from({ length: n }, (_, i) =>
      doc.send(new PutCommand({ TableName: TABLE, Item: item(pk, String(from + i), 10) })).then(
        () => 'ok',
        (e: Error) => e.name,
      ),
    );

  it('takes 1,000 write units in one second; the 1,001st is throttled, and after the SDK retries within that second it fails', async () => {
    const { doc, clock, table } = model(Date.UTC(2026, 10, 27, 12, 0, 0, 0));
    const results = burst(doc, 'HOT', 1001);
    await clock.run(clock.now() + 900); // the retries' back-off stays within the second
    const outcome = await Promise.all(results);
    expect(outcome.filter((r) => r === 'ok')).toHaveLength(1000);
    expect(outcome.filter((r) => r === 'ProvisionedThroughputExceededException')).toHaveLength(1);
    expect(table.peaks.get('HOT')).toMatchObject({ read: 0, write: 1000 });
    // Another key is not affected.
    expect(await Promise.all(burst(doc, 'COLD', 10))).toEqual(Array(10).fill('ok'));
  });

  it('recovers when the retry falls in the next second', async () => {
    const { doc, clock, client, table } = model(Date.UTC(2026, 10, 27, 12, 0, 0, 950));
    const results = burst(doc, 'HOT', 1001);
    await clock.run();
    expect((await Promise.all(results)).filter((r) => r !== 'ok')).toEqual([]);
    expect(client.stats.recovered).toBe(1);
    expect(table.usage.throttled).toBeGreaterThanOrEqual(1);
  });

  it('reads 3,000 units a second of one key, not more', async () => {
    const { doc, clock } = model(Date.UTC(2026, 10, 27, 12));
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('R', '1', 10) }));
    const reads = Array.from({ length: 3001 }, () =>
      doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'R', sk: '1' }, ConsistentRead: true })).then(
        () => 'ok',
        (e: Error) => e.name,
      ),
    );
    await clock.run(clock.now() + 500);
    expect((await Promise.all(reads)).filter((r) => r !== 'ok')).toEqual(['ProvisionedThroughputExceededException']);
  });
});

describe("the model's expressions and stream", () => {
  it('updates with SET, if_not_exists, arithmetic, ADD to sets and numbers, REMOVE of map keys, and answers UPDATED_OLD/NEW', async () => {
    const { doc, table } = model();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'P', sk: 'X', live: { c1: 5, c2: 6 }, n: 1 } }));
    const out = await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'P', sk: 'X' },
        UpdateExpression: 'SET #a = if_not_exists(#a, :zero), n = n + :one ADD games :g REMOVE #live.#c',
        ConditionExpression: 'size(#live) < :max AND attribute_exists(pk)',
        ExpressionAttributeNames: { '#a': 'a', '#live': 'live', '#c': 'c1' },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':g': new Set(['g1']), ':max': 3 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    expect(out.Attributes).toEqual({ a: 0, n: 2, games: new Set(['g1']), live: { c2: 6 } });
    expect(table.get('P', 'X')).toEqual({ pk: 'P', sk: 'X', a: 0, n: 2, games: new Set(['g1']), live: { c2: 6 } });
    await expect(
      doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: 'P', sk: 'X' },
          UpdateExpression: 'SET a = :v',
          ExpressionAttributeValues: { ':v': 1, ':unused': 2 },
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('queries in byte order, backwards, from a start key, with a limit and a filter, paging at 1 MB', async () => {
    const { doc, table } = model();
    for (const sk of ['b', 'a', 'B', 'c#1', 'c#2'])
      await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'Q', sk, kind: sk.startsWith('c') ? 'c' : 'x' } }));
    const q = (extra: Record<string, unknown>) =>
      doc.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'Q' }, ...extra }),
      );
    expect(((await q({})).Items as { sk: string }[]).map((i) => i.sk)).toEqual(['B', 'a', 'b', 'c#1', 'c#2']);
    const back = await q({ ScanIndexForward: false, Limit: 2 });
    expect((back.Items as { sk: string }[]).map((i) => i.sk)).toEqual(['c#2', 'c#1']);
    expect(back.LastEvaluatedKey).toEqual({ pk: 'Q', sk: 'c#1' });
    const next = await q({ ScanIndexForward: false, Limit: 2, ExclusiveStartKey: back.LastEvaluatedKey });
    expect((next.Items as { sk: string }[]).map((i) => i.sk)).toEqual(['b', 'a']);
    const filtered = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        FilterExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': 'kind' },
        ExpressionAttributeValues: { ':pk': 'Q', ':c': 'c#', ':k': 'c' },
      }),
    );
    expect(filtered).toMatchObject({ Count: 2, ScannedCount: 2 });
    // Written straight into the table: through the client, 1,200 write units in one second would be throttled.
    for (let i = 0; i < 12; i++) table.write('BIG', String(i).padStart(2, '0'), item('BIG', String(i).padStart(2, '0'), 100 * 1024));
    const page = await doc.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'BIG' } }),
    );
    // It reads until 1 MB has been read: the item that crosses it is the page's last.
    expect(page.Count).toBe(11);
    expect(page.LastEvaluatedKey).toEqual({ pk: 'BIG', sk: '10' });
  });

  it('puts every change in the stream, INSERT, MODIFY and REMOVE in order, each key always on its shard', async () => {
    const { doc, stream, table } = model();
    await doc.send(new PutCommand({ TableName: TABLE, Item: item('S', '1') }));
    await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'S', sk: '1' },
        UpdateExpression: 'SET n = :n',
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: 'S', sk: '1' } }));
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: 'S', sk: '1' } })); // nothing there: no record
    const held = stream.shards().filter((s) => s.records.length);
    expect(held).toHaveLength(1);
    expect(held[0]!.records.map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
    expect(held[0]!.records[1]).toMatchObject({ oldImage: item('S', '1'), newImage: { ...item('S', '1'), n: 1 } });
    expect(table.changes).toBe(3);
  });
});

describe('the report of a run', () => {
  it('names the keys closest to their limit at their busiest second, by kind', async () => {
    const { doc, table, clock } = model(Date.UTC(2026, 10, 27, 12));
    const puts = Array.from({ length: 600 }, (_, i) => doc.send(new PutCommand({ TableName: TABLE, Item: item('LOBBY', String(i), 10) })));
    for (let g = 0; g < 50; g++) puts.push(doc.send(new PutCommand({ TableName: TABLE, Item: item(`GAME#${g}`, 'V#1', 2000) })));
    await clock.run();
    await Promise.all(puts);
    const hot = hottestKeys(table, 3);
    expect(hot[0]).toEqual({ key: 'LOBBY', kind: 'LOBBY', peakWriteUnits: 600, peakReadUnits: 0, shareOfLimit: 0.6 });
    expect(hot.slice(1).map((h) => [h.kind, h.peakWriteUnits])).toEqual([
      ['GAME', 2],
      ['GAME', 2],
    ]);
  });

  it("tells what was written to a key in its busiest second, by the items' kind", async () => {
    const m = model(Date.UTC(2026, 10, 27, 12));
    const put = (sk: string, kind: string) => m.doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'GAME#1', sk, kind } }));
    // Each second's writes, then the clock stands at the next second.
    const second = async (at: number, writes: Promise<unknown>[]) => {
      await m.clock.run(Date.UTC(2026, 10, 27, 12, 0, at));
      await Promise.all(writes);
    };
    await second(1, [put('V#1', 'commit'), put('S#1', 'snapshot')]);
    await second(2, [put('V#2', 'commit'), put('V#3', 'commit'), put('V#4', 'commit'), put('S#4', 'snapshot')]);
    await second(3, [put('V#5', 'commit')]);
    expect(burstOf(m.table, 'GAME#1')).toEqual({ at: '2026-11-27T12:00:01.000Z', writes: { commit: 3, snapshot: 1 } });
  });
});

describe('the lobby on the model table', () => {
  it('writes nothing to the one LOBBY partition of earlier versions when a game listed in its shard starts', async () => {
    const { doc, table } = model();
    const listings = new DynamoListingStore(doc, TABLE);
    const host = { playerId: 'p-host', name: 'Host' };
    let record = applyCommit(
      null,
      planCreate({
        gameId: 'g-shard',
        game: 'goa',
        players: 2,
        options: {},
        player: host,
        seed: 1,
        at: '2026-11-27T12:00:00.000Z',
        listed: true,
      }),
    );
    expect(await listings.write(record, new Map())).toBe(true);
    record = applyCommit(record, planJoin(record, { playerId: 'p-guest', name: 'Guest' }, undefined, 1, record.createdAt)!);
    expect(await listings.write(record, new Map())).toBe(true); // it started: its listing goes
    expect(table.sortKeys(keys.lobbyShard(lobbyShardOf('g-shard')))).toEqual([]);
    // Looked for there (a read), never written: every game's start wrote that one partition before.
    expect(table.peaks.get(keys.lobby)?.write ?? 0).toBe(0);
  });
});
