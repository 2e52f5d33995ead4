/**
 * Every store on a real DynamoDB Local, built by the app as it builds them (functions/app/): the
 * behaviour suites every implementation passes (test/support/store-contract.ts), as Lambda uses
 * the table and as the local runtime's stores do (group commit, connections and lobby watches in
 * memory); then what only the table shows — one conditional write
 * per commit also within a group commit, loads of at most two reads once snapshots exist,
 * snapshots gzipped, the rules version kept, and items of older shapes put straight into the
 * table read through the stores in their current shape (the catalogue).
 */
import { soleWriterParts } from '../../local/sole-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Rng } from '../../domain/engine/rng';
import { SNAPSHOT_FORMAT } from '../../domain/engine/projector';
import { applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { planCommand, planCreate, planJoin } from '../../functions/core/plans';
import { DynamoGameCompactor } from '../../functions/adapters/store/compactor';
import { DynamoConnectionStore } from '../../functions/adapters/store/connections';
import { EventStore, SNAPSHOT_EVERY } from '../../functions/adapters/store/event-store';
import { GroupWriter } from '../../functions/adapters/store/group-commit';
import type { RatingItem } from '../../functions/adapters/store/items';
import { keys, LEADER_SHARDS, leaderShardOf, LOBBY_SHARDS, lobbyShardOf } from '../../functions/adapters/store/keys';
import { rateGame } from '../../functions/core/rate';
import { ratedSeats, type RatedSeat } from '../../functions/core/ratings';
import { createApp, type App } from '../../functions/app/app';
import { raceTournament } from '../support/tournament-race';
import { RecordingSender } from '../support/memory-host';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { stores as appStores } from '../../functions/app/stores';
import type { Stores } from '../../functions/stores';
import { standaloneTable } from '../../local/tables';
import { storeContract, type StoreKit } from '../support/store-contract';
import { botGame } from '../support/bot-game';
import { itemSize } from '../../bench/cloud/dynamo/item-size';
import { queryAll } from '../../functions/adapters/store/query';

let table: Awaited<ReturnType<typeof standaloneTable>>;
let doc: DynamoDBDocumentClient;
const TABLE = 'store-test';
beforeAll(async () => {
  table = await standaloneTable(TABLE);
  doc = table.doc;
}, 90_000);
afterAll(async () => table?.stop());

/** A kit on these stores, with what older builds wrote put straight into the table. */
const kitOf = (stores: Stores): StoreKit => ({
  stores,
  plantSnapshot: async (gameId, stored) => {
    await doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: keys.game(gameId), sk: keys.snapshot(stored.version), kind: 'snapshot', ...stored } }),
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
});

/** The stores of an app on this table: as on Lambda, or as the local runtime (the sole writer). */
const dynamoStores = (soleWriter: boolean): Stores =>
  createApp({
    config: { ...configFromEnv({ TABLE_NAME: TABLE }), soleWriter },
    now: () => new Date(),
    ids: randomIds,
    dynamo: doc,
    ...(soleWriter ? { replacing: soleWriterParts() } : {}),
  }).get(appStores);

describe('stores on DynamoDB, as Lambda uses them', () => {
  let kit: StoreKit;
  beforeAll(() => {
    kit = kitOf(dynamoStores(false));
  });
  storeContract(() => kit);
});

// The sole writer's stores differ in these only: commits and the players' index written in groups,
// lobby watches in memory (its connections are the memory store itself, which the memory suite
// checks; the other stores are the same classes as Lambda's).
describe("stores on DynamoDB, as the local runtime's (group commit, connections and lobby watches in memory)", () => {
  let kit: StoreKit;
  beforeAll(() => {
    kit = kitOf(dynamoStores(true));
  });
  storeContract(() => kit, ['games', 'playerGames', 'listings']);
});

const at = '2026-11-21T12:00:00.000Z';
const players = ['p0', 'p1', 'p2'].map((playerId, i) => ({ playerId, name: `Player ${i}` }));

/** Store a 3-player Vasco da Gama game of `moves` random commands, snapshotting like the host. */
async function storeGame(store: EventStore, gameId: string, moves: number): Promise<GameRecord> {
  let record: GameRecord | null = null;
  const commit = async (c: Commit) => {
    const next = applyCommit(record, c);
    expect(await store.append(c, next, record)).toBe(true);
    record = next;
    if (next.version % SNAPSHOT_EVERY === 0) await store.saveSnapshot(next);
  };
  await commit(planCreate({ gameId, game: 'vasco-da-gama', players: 3, options: {}, player: players[0]!, seed: 1, at }));
  for (const p of players.slice(1)) await commit(planJoin(record!, p, undefined, 99, at)!);
  const rng = new Rng(5);
  for (let i = 0; i < moves; i++) {
    const r = record as unknown as GameRecord;
    const seat = moduleOf(r).activeSeats(r.state)[0]!;
    const legal = moduleOf(r).legal(r.state, seat);
    const plan = planCommand(r, players[seat]!.playerId, `c${i}`, legal[rng.int(legal.length)], at);
    if ('commit' in plan) await commit(plan.commit);
  }
  return record as unknown as GameRecord;
}

describe('the event store on DynamoDB', () => {
  it('loads with at most two reads once a snapshot exists, to the same record', async () => {
    const writer = new EventStore(doc, TABLE);
    const stored = await storeGame(writer, 'g-snap', 70);
    expect(stored.version).toBe(73);
    expect(writer.usage.writes).toBe(73 + Math.floor(73 / SNAPSHOT_EVERY)); // one write per commit, plus snapshots

    const reader = new EventStore(doc, TABLE);
    const loaded = await reader.load('g-snap');
    expect(reader.usage.reads).toBe(2); // latest snapshot, then the commits after it
    expect(loaded).toEqual(stored);

    // With the record cached, catching up is one read.
    const again = new EventStore(doc, TABLE);
    expect(await again.load('g-snap', loaded!)).toEqual(stored);
    expect(again.usage.reads).toBe(1);
  });

  it('stores snapshots gzipped, a fraction of their JSON, in one format: the rules version and the record', async () => {
    const writer = new EventStore(doc, TABLE);
    const stored = await storeGame(writer, 'g-gz', 45);
    const snap = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: keys.game('g-gz'), sk: keys.snapshot(SNAPSHOT_EVERY) } }));
    const gz = snap.Item!.snapshotGz as Uint8Array;
    const json = gunzipSync(gz).toString('utf8');
    expect(gz.byteLength).toBeLessThan(Buffer.byteLength(json) / 3);
    const truth = (await writer.commits('g-gz')).slice(0, SNAPSHOT_EVERY).reduce<GameRecord | null>((r, c) => applyCommit(r, c), null);
    expect(JSON.parse(json)).toEqual({
      format: SNAPSHOT_FORMAT,
      game: 'vasco-da-gama',
      rulesVersion: '1',
      version: SNAPSHOT_EVERY,
      state: truth,
    });
    expect(await new EventStore(doc, TABLE).load('g-gz')).toEqual(stored);
  });

  it('groups concurrent commits of many games into few requests, each still under its own condition', async () => {
    const store = new EventStore(doc, TABLE, { writer: new GroupWriter(doc, true) });
    const writer = (store as unknown as { writer: { stats: { requests: number; items: number } } }).writer;
    // The process's one grouping writer: the suites above used it too.
    const before = { ...writer.stats };
    const created = Array.from({ length: 40 }, (_, i) =>
      planCreate({ gameId: `g-group-${i}`, game: 'tic-tac-toe', players: 2, options: {}, player: players[0]!, seed: i, at }),
    );
    // Game 7's version 1 was stored before: its create loses, in whichever request it travels.
    expect(await store.append(created[7]!, applyCommit(null, created[7]!), null)).toBe(true);
    const results = await Promise.all([
      ...created.map((c) => store.append({ ...c, playerId: 'again' }, applyCommit(null, c), null)),
      ...created.slice(0, 5).map((c) => store.append({ ...c, playerId: 'twice' }, applyCommit(null, c), null)),
    ]);
    // Every create is stored once: the first of each game wins, the repeats (and game 7's) lose.
    expect(results.slice(0, 40).filter((ok) => !ok)).toHaveLength(1);
    expect(results[7]).toBe(false);
    expect(results.slice(40)).toEqual([false, false, false, false, false]);
    for (const [i, c] of created.entries())
      expect((await store.commits(c.gameId)).map((x) => x.playerId)).toEqual([i === 7 ? 'p0' : 'again']);
    // 46 puts in far fewer requests; a lone put is a plain PutItem.
    expect(writer.stats.items - before.items).toBe(40);
    expect(writer.stats.requests - before.requests).toBeLessThan(15);
    expect(store.usage.writes).toBe(46);
  });

  it('groups units of several items with the puts: a unit whose check fails is refused whole, the rest of its group stored', async () => {
    const writer = new GroupWriter(doc, true);
    const item = (pk: string, sk: string) => ({ TableName: TABLE, Item: { pk, sk, v: 2 } });
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'PLAYER#unit', sk: 'NEWER', v: 3 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'PLAYER#unit', sk: 'OLD', v: 1 } }));
    const older = { ConditionExpression: 'attribute_not_exists(v) OR v < :v', ExpressionAttributeValues: { ':v': 2 } };
    const before = { ...writer.stats };
    const [puts, moved, refused] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, (_, i) => writer.put(item(`GAME#unit-${i}`, 'V#1'), `unit-${i}`))),
      // Put one, delete the older one: both hold.
      writer.write(
        [
          { Put: { ...item('PLAYER#unit', 'MOVED'), ...older } },
          { Delete: { TableName: TABLE, Key: { pk: 'PLAYER#unit', sk: 'OLD' }, ...older } },
        ],
        ['PLAYER#unit|MOVED', 'PLAYER#unit|OLD'],
      ),
      // Put one, but a newer version is indexed elsewhere: nothing of it is written.
      writer.write(
        [
          { Put: { ...item('PLAYER#unit', 'REFUSED'), ...older } },
          { ConditionCheck: { TableName: TABLE, Key: { pk: 'PLAYER#unit', sk: 'NEWER' }, ...older } },
        ],
        ['PLAYER#unit|REFUSED', 'PLAYER#unit|NEWER'],
      ),
    ]);
    expect(puts.every((p) => p.stored)).toBe(true);
    expect(moved.stored).toBe(true);
    expect(refused.stored).toBe(false);
    const partition = await queryAll(doc, {
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'PLAYER#unit' },
    });
    expect(partition.map((i) => i.sk).sort()).toEqual(['MOVED', 'NEWER']);
    // Ten items in fewer requests than units.
    expect(writer.stats.requests - before.requests).toBeLessThan(8);
  });

  it("answers an item too big for any group with DynamoDB's own refusal, and keeps writing the others", async () => {
    const writer = new GroupWriter(doc, true);
    const huge = writer.put({ TableName: TABLE, Item: { pk: 'GAME#g-huge', sk: 'V#1', blob: 'x'.repeat(2_200_000) } }, 'g-huge#1');
    const small = writer.put(
      { TableName: TABLE, Item: { pk: 'GAME#g-small', sk: 'V#1' }, ConditionExpression: 'attribute_not_exists(pk)' },
      'g-small#1',
    );
    await expect(huge).rejects.toThrow(/size/i);
    expect(await small).toMatchObject({ stored: true });
  });

  it('replays a game with the rules version it started with, and no other', async () => {
    const store = new EventStore(doc, TABLE);
    await storeGame(store, 'g-rules', 3);
    expect((await store.load('g-rules'))!.rulesVersion).toBe('1');
    // A game recorded under a rules version this build does not have cannot be loaded with another one.
    const first = await store.commits('g-rules');
    const events = JSON.parse(JSON.stringify(first[0]!.events));
    events[0].rulesVersion = '0';
    await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: keys.game('g-rules'), sk: keys.commit(1) },
        UpdateExpression: 'SET events = :e',
        ExpressionAttributeValues: { ':e': JSON.stringify(events) },
      }),
    );
    await expect(new EventStore(doc, TABLE).load('g-rules')).rejects.toThrow(/no module for vasco-da-gama@0/);
  });
});

describe('connections on DynamoDB', () => {
  it('open watching a game with three writes, and subscribing to it then reads and writes nothing', async () => {
    const sent: string[] = [];
    const counting = {
      send: (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        return doc.send(command as never);
      },
    };
    const store = new DynamoConnectionStore(counting as unknown as DynamoDBDocumentClient, TABLE);
    const c = { connectionId: `conn-w-${Date.now()}`, playerId: `p-w-${Date.now()}`, name: 'Wanda' };
    await store.putConnection(c, { gameId: 'g-w', logDelta: true, lean: true });
    // The live map (a profile without one is given it first), the connection with its game, the subscription.
    expect(sent.filter((n) => n !== 'GetCommand').slice(-2)).toEqual(['PutCommand', 'PutCommand']);
    sent.length = 0;
    await store.subscribe('g-w', c, { logDelta: true, lean: true });
    expect(sent).toEqual(['GetCommand']);
    sent.length = 0;
    await store.subscribe('g-w', c, { logDelta: true }); // other options: stored again
    expect(sent).toEqual(['GetCommand', 'UpdateCommand', 'PutCommand']);
  });
});

describe('compaction on DynamoDB', () => {
  const partition = (gameId: string) =>
    queryAll(doc, { TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.game(gameId) } });
  const bytes = (items: Record<string, unknown>[]) => items.reduce((n, i) => n + itemSize(i), 0);

  it('leaves a finished Vasco da Gama game three items, deleting the rest for no more write units than TTL would, and reads it as before', async () => {
    // The same bot game twice: one to compact, one to price TTL on.
    const steps = botGame('vasco-da-gama', 'g-compact', 4);
    const final = steps.at(-1)!.after;
    const writer = new EventStore(doc, TABLE);
    for (const gameId of ['g-compact', 'g-ttl'])
      for (const { commit, after, before } of botGame('vasco-da-gama', gameId, 4)) {
        expect(await writer.append(commit, after, before)).toBe(true);
        if (after.version % SNAPSHOT_EVERY === 0) await writer.saveSnapshot(after);
      }
    const hot = await partition('g-compact');
    const cold = new EventStore(doc, TABLE);
    expect(await cold.load('g-compact')).toEqual(final);
    const hotLoad = { ...cold.usage };
    const replayed = await cold.commits('g-compact');

    // TTL's price: an update of each item the compaction deletes (every commit but the last, every snapshot).
    let ttlUnits = 0;
    for (const item of await partition('g-ttl')) {
      if (item.sk === keys.commit(final.version)) continue;
      const out = await doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET #ttl = :ttl',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':ttl': 2_000_000_000 },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      ttlUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
    }

    const compactor = new DynamoGameCompactor(doc, TABLE);
    expect(await compactor.compact(final)).toEqual({ archived: final.version, removed: hot.length - 1 });
    const left = await partition('g-compact');
    expect(left.map((i) => i.sk)).toEqual([keys.archive(0), keys.snapshot(final.version), keys.commit(final.version)]);
    const [archive, snapshot] = left;
    const writes = (item: Record<string, unknown>) => Math.ceil(itemSize(item) / 1024);
    const deleteUnits = compactor.usage.writeUnits - writes(archive!) - writes(snapshot!);
    // (The archive's and snapshot's units are estimated from their size: a unit either way is rounding.)
    expect(deleteUnits).toBeLessThanOrEqual(ttlUnits + 1);

    const reader = new EventStore(doc, TABLE);
    expect(await reader.load('g-compact')).toEqual(final);
    const coldLoad = { ...reader.usage };
    expect(coldLoad.reads).toBe(2);
    expect(await reader.commits('g-compact')).toEqual(replayed);
    console.info(
      `compaction of a finished 4-player Vasco da Gama game (${final.version} versions): ` +
        `${hot.length} items, ${bytes(hot)} bytes → ${left.length} items, ${bytes(left)} bytes (archive ${itemSize(archive!)}); ` +
        `${compactor.usage.writeUnits} WRU (deletes ${deleteUnits} against ${ttlUnits} to set a TTL), ${compactor.usage.readUnits} RRU; ` +
        `a cold load ${hotLoad.reads} reads, ${hotLoad.readUnits} RRU before, ${coldLoad.reads} reads, ${coldLoad.readUnits} RRU after; ` +
        `a replay ${reader.usage.readUnits - coldLoad.readUnits} RRU after`,
    );
  });
});

/** The `nth` item of this version of its kind in test/fixtures/items/ (kinds whose fixtures are plain JSON). */
const olderShape = (kind: string, version: number, nth = 0): Record<string, unknown> => {
  const file = JSON.parse(readFileSync(new URL(`../fixtures/items/${kind}.json`, import.meta.url), 'utf8'));
  return (file.shapes as { version: number; stored: Record<string, unknown> }[]).filter((f) => f.version === version).at(nth)!.stored;
};

describe('the lobby on DynamoDB', () => {
  const host = { playerId: 'p-lobby-host', name: 'Host' };
  const listed = (gameId: string, minute: number) =>
    applyCommit(
      null,
      planCreate({
        gameId,
        game: 'goa',
        players: 3,
        options: {},
        player: host,
        seed: 1,
        at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
        listed: true,
      }),
    );
  const listingsIn = async (pk: string) =>
    (await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } })))
      .Items ?? [];

  it('spreads the listings over its shards, each game in the one its id names, and pages them merged, oldest first', async () => {
    const stores = dynamoStores(false);
    const records = Array.from({ length: 24 }, (_, i) => listed(`lobby-shard-${i}`, i));
    for (const r of records) await stores.listings.write(r, new Map());
    const where = await Promise.all(Array.from({ length: LOBBY_SHARDS }, (_, i) => listingsIn(keys.lobbyShard(i))));
    for (const [i, items] of where.entries())
      for (const item of items.filter((x) => String(x.gameId).startsWith('lobby-shard-')))
        expect(lobbyShardOf(String(item.gameId))).toBe(i);
    expect(where.filter((items) => items.some((x) => String(x.gameId).startsWith('lobby-shard-'))).length).toBe(LOBBY_SHARDS);
    const shown: string[] = [];
    let after: string | undefined;
    do {
      const page = await stores.listings.page('goa', 5, after);
      shown.push(...page.games.map((g) => g.gameId).filter((g) => g.startsWith('lobby-shard-')));
      after = page.after ?? undefined;
    } while (after);
    expect(shown).toEqual(records.map((r) => r.gameId));
  });

  it('shows a game listed in the one LOBBY partition before the shards among the others, and drops it there once it starts', async () => {
    const stores = dynamoStores(false);
    const [old, next] = [listed('lobby-old', 0), listed('lobby-new', 1)];
    await stores.listings.write(old, new Map());
    await stores.listings.write(next, new Map());
    // Where an earlier version put it: the one partition.
    const [item] = (await listingsIn(keys.lobbyShard(lobbyShardOf('lobby-old')))).filter((x) => x.gameId === 'lobby-old');
    await doc.send(new PutCommand({ TableName: TABLE, Item: { ...item, pk: keys.lobby } }));
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: item!.pk, sk: item!.sk } }));
    const ours = (games: { gameId: string }[]) => games.map((g) => g.gameId).filter((g) => g === 'lobby-old' || g === 'lobby-new');
    expect(ours((await stores.listings.page('goa', 1000)).games)).toEqual(['lobby-old', 'lobby-new']);
    expect(ours(await stores.listings.candidates('goa', String(item!.match)))).toContain('lobby-old');
    // It started (nobody else may join): its listing goes from the partition it is in.
    let started = old;
    for (const p of [
      { playerId: 'p-j1', name: 'J1' },
      { playerId: 'p-j2', name: 'J2' },
    ])
      started = applyCommit(started, planJoin(started, p, undefined, 1, started.createdAt)!);
    expect(await stores.listings.write(started, new Map())).toBe(true);
    expect((await listingsIn(keys.lobby)).filter((x) => x.gameId === 'lobby-old')).toEqual([]);
    expect(ours((await stores.listings.page('goa', 1000)).games)).toEqual(['lobby-new']);
  });
});

describe('the leaderboards on DynamoDB', () => {
  const game = 'board-shards';
  const seats = (ids: string[]): RatedSeat[] =>
    ratedSeats({
      status: 'finished',
      wasStatus: 'active',
      listed: true,
      seats: ids.map((playerId, seat) => ({ seat, playerId, name: playerId })) as never,
      outcome: JSON.stringify({ results: ids.map((_, seat) => ({ seat, rank: seat + 1 })) }),
    })!;
  const rate = async (stores: Stores, gameId: string, ids: string[]) => {
    const s = seats(ids);
    expect(await stores.ratings.apply({ gameId, game, at: at, seats: s }, rateGame(s, await stores.ratings.current(game, ids)))).toBe(
      'stored',
    );
  };
  const entriesIn = async (pk: string) =>
    (await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } })))
      .Items ?? [];

  it("puts each player's entry in the shard their id names, and an entry of the one partition before the shards moves there on its next update", async () => {
    const stores = dynamoStores(false);
    const people = Array.from({ length: 12 }, (_, i) => `p-board-${i}`);
    await rate(stores, 'board-g1', people.slice(0, 6));
    await rate(stores, 'board-g2', people.slice(6));
    for (let shard = 0; shard < LEADER_SHARDS; shard++)
      for (const e of await entriesIn(keys.leaderShard(game, shard))) expect(leaderShardOf(String(e.playerId))).toBe(shard);
    // An entry where an earlier version kept it: the one partition, its rating without `board`.
    const moved = people[0]!;
    const [entry] = (await entriesIn(keys.leaderShard(game, leaderShardOf(moved)))).filter((e) => e.playerId === moved);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { ...entry, pk: keys.leaders(game) } }));
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: entry!.pk, sk: entry!.sk } }));
    await doc.send(
      new UpdateCommand({ TableName: TABLE, Key: { pk: keys.player(moved), sk: keys.rating(game) }, UpdateExpression: 'REMOVE board' }),
    );
    const board = async () => (await stores.ratings.leaders(game, 100)).entries.map((e) => e.playerId);
    expect((await board()).filter((p) => p === moved)).toEqual([moved]);
    await rate(stores, 'board-g3', [moved, people[7]!]);
    expect((await entriesIn(keys.leaders(game))).filter((e) => e.playerId === moved)).toEqual([]);
    expect((await entriesIn(keys.leaderShard(game, leaderShardOf(moved)))).filter((e) => e.playerId === moved)).toHaveLength(1);
    expect((await board()).filter((p) => p === moved)).toEqual([moved]);
    expect(new Set(await board())).toEqual(new Set(people));
  });
});

describe('items of older shapes, read through the stores', () => {
  it('a notification an earlier version held in the one OUTBOX partition: due to the first part of the sweep only, and released', async () => {
    const stores = dynamoStores(false);
    const n = {
      kind: 'yourTurn',
      gameId: 'old-held',
      game: 'tic-tac-toe',
      version: 3,
      playerId: 'p-old-held',
      urgent: false,
      title: 'Your turn',
      body: 'Go.',
      url: 'http://x/',
    } as const;
    const sk = keys.outboxItem('2031-02-01T07:00:00.000Z', `${n.gameId}#${n.version}#${n.playerId}#${n.kind}`);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: keys.outbox, sk, kind: 'held', notification: JSON.stringify(n) } }));
    const mine = (held: { key: string; notification: { gameId: string } }[]) => held.filter((h) => h.notification.gameId === n.gameId);
    const at = new Date('2031-02-01T08:00:00.000Z');
    expect(mine(await stores.notifications.dueHeld(at, { part: 1, of: 4 }))).toEqual([]);
    const [held] = mine(await stores.notifications.dueHeld(at, { part: 0, of: 4 }));
    expect(held?.notification).toEqual(n);
    await stores.notifications.release(held!.key);
    expect(mine(await stores.notifications.dueHeld(at))).toEqual([]);
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: keys.outbox, sk } }))).Item).toBeUndefined();
  });

  it('read as the current shape: the settings alone, a first-build index entry and head, an entry without status, a rating without rev', async () => {
    const stores = dynamoStores(false);
    const put = (item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: TABLE, Item: item }));

    await put({ ...olderShape('settings', 1), pk: keys.player('old-settings') });
    expect(await stores.players.getSettingsRecord('old-settings')).toEqual({
      settings: { webPush: [], webhook: null, email: 'ana@example.com', quietHours: null },
      confirmedEmail: null,
      emailSince: 0,
      confirmationsSent: [],
      rev: 0,
    });

    // One game indexed by the first build (its head with the seats as ids), one by the next (an entry without status).
    const head = (gameId: string, commit: Record<string, unknown>) => ({ ...commit, pk: keys.game(gameId), gameId });
    await put(head('old-1', olderShape('commit', 1, -1)));
    await put({ ...olderShape('playerGame', 1), pk: keys.player('old-ana'), sk: keys.oldPlayerGame('old-1'), gameId: 'old-1' });
    await put(head('old-2', olderShape('commit', 2)));
    await put({ ...olderShape('playerGame', 2), pk: keys.player('old-ana'), sk: keys.oldPlayerGame('old-2'), gameId: 'old-2', seat: 0 });
    const page = await stores.playerGames.playerGames('old-ana', { limit: 10 });
    expect(page.games.map((g) => [g.gameId, g.status, g.seats.map((s) => s?.name ?? null), g.lastMove])).toEqual([
      ['old-1', 'active', ['Seat 1', 'Seat 2'], ''],
      ['old-2', 'active', ['Ana', 'Bo'], ''],
    ]);

    await put({ ...olderShape('rating', 1), pk: keys.player('old-rated') });
    expect((await stores.ratings.current('connect-four', ['old-rated'])).get('old-rated')).toEqual({
      mu: 30,
      sigma: 7,
      ordinal: 9,
      games: 4,
      wins: 3,
      rev: 0,
      board: 'LEADERS#connect-four', // where its leaderboard entry was kept: the one partition before the shards
    });
    expect((await stores.ratings.ratingsOf('old-rated')).map((r) => r.game)).toEqual(['connect-four']);
  });

  it('read a delivery marker that counted its attempts by the time of its claim: retried within the window, given up after, the count gone', async () => {
    const stores = dynamoStores(false);
    const note = {
      kind: 'yourTurn',
      gameId: 'old-delivery',
      game: 'tic-tac-toe',
      version: 3,
      playerId: 'bo',
      urgent: false,
      title: 't',
      body: 'b',
      url: 'u',
    } as const;
    // Three attempts counted of the four the first build allowed, claimed at 12:01.
    const counted: Record<string, unknown> = {
      ...olderShape('delivery', 1, 1),
      pk: keys.delivery('old-delivery#3#bo#yourTurn'),
      sk: 'webhook',
    };
    expect(counted).toMatchObject({ status: 'claimed', attempts: 2 });
    counted.attempts = 3;
    await doc.send(new PutCommand({ TableName: TABLE, Item: counted }));
    const at = (minutes: number) => new Date(Date.parse(counted.at as string) + minutes * 60_000);
    expect(await stores.notifications.claim(note, 'webhook', at(5))).toBe('retry');
    const item = (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: counted.pk, sk: 'webhook' } }))).Item!;
    expect(item).toMatchObject({ status: 'claimed', first: counted.at, at: at(5).toISOString() });
    expect(item.attempts).toBeUndefined();
    expect(await stores.notifications.claim(note, 'webhook', at(11))).toBe('abandoned');
  });
});

describe('a tournament run by two Lambda instances at once, on DynamoDB Local', () => {
  const instances = (): [App, App] => {
    const app = () =>
      createApp({
        config: { ...configFromEnv({ TABLE_NAME: TABLE }), logLevel: 'SILENT' },
        now: () => new Date(),
        ids: randomIds,
        dynamo: doc,
        sender: new RecordingSender(),
      });
    return [app(), app()];
  };
  it('pairs every Swiss round once, creates every game once and ends once', () => raceTournament(instances(), 'swiss', 6), 60_000);
  it('and an elimination bracket with byes', () => raceTournament(instances(), 'elimination', 5), 60_000);
});
