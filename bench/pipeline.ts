/**
 * Pipeline benchmark: the whole path of a move through the local server — WebSocket frame,
 * handler, decide, one conditional write to DynamoDB Local (its data in files), ack — with 1, 50 and 500 games of
 * tic-tac-toe played at once, each move waiting for the previous one's ack. Beside it, the
 * floor (one conditional PutItem plus one Query on the same DynamoDB Local) and the store's own
 * capacity: the most items per second it accepts from 50 writers grouped as the runtime groups
 * its writes (group-commit.ts). During each load the items the runtime stored are counted, and
 * the CPU time of the server's process and of DynamoDB Local's Java process, per command: what
 * the time is spent on.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { LOCAL_CREDENTIALS } from '../local/dynamodb';
import { dynamo } from '../functions/app/outside';
import { GroupWriter } from '../functions/adapters/store/group-commit';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../local/server';
import { streamReads } from '../local/stream';
import { Client, register } from '../test/support/client';
import type { ServerFrame } from '../functions/core/protocol/frames';
import { inBatches, round } from './measure';

export interface Latency {
  count: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

/** One conditional PutItem and one Query per sample, sequentially: what a move cannot go below. Each sample's time. */
async function floor(server: LocalServer, samples: number): Promise<number[]> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
  );
  const pk = `BENCH#${randomUUID()}`;
  const times: number[] = [];
  for (let i = 0; i < samples + 20; i++) {
    const start = performance.now();
    await doc.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { pk, sk: `V#${String(i).padStart(10, '0')}`, events: '[{"type":"Marked","seat":0,"cell":4}]' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await doc.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND sk > :sk',
        ExpressionAttributeValues: { ':pk': pk, ':sk': `V#${String(i).padStart(10, '0')}` },
      }),
    );
    if (i >= 20) times.push(performance.now() - start); // the first ones warm up
  }
  doc.destroy();
  return times;
}

/** A process's CPU time so far in ms (Linux: /proc; user + system at 100 ticks a second), or NaN elsewhere. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const item = (pk: string, i: number) => ({ pk, sk: `V#${String(i).padStart(10, '0')}`, events: '[{"type":"Marked","seat":0,"cell":4}]' });

/**
 * The store's own write capacity: `writers` loops of conditional puts for `durationMs`, nothing
 * else — each put its own PutItem, or grouped as the runtime groups its commits (the puts that
 * arrive while a write is on its way go together as one TransactWriteItems).
 */
async function storeWrites(server: LocalServer, writers: number, durationMs: number, grouped: boolean) {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
  );
  const writer = new GroupWriter(doc, grouped);
  let writes = 0;
  const javaBefore = cpuMsOf(server.dynamo.pid);
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      const pk = `BENCH#${randomUUID()}`;
      for (let i = 0; performance.now() < end; i++, writes++) {
        await writer.put({ TableName: TABLE_NAME, Item: item(pk, i), ConditionExpression: 'attribute_not_exists(pk)' }, `${pk}|${i}`);
      }
    }),
  );
  const javaCpuMs = cpuMsOf(server.dynamo.pid) - javaBefore;
  // And what one read costs it (a GetItem of a missing item), for comparison.
  const readsBefore = cpuMsOf(server.dynamo.pid);
  for (let i = 0; i < 500; i++) await doc.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: 'BENCH#none', sk: String(i) } }));
  const storeCpuMsPerRead = round((cpuMsOf(server.dynamo.pid) - readsBefore) / 500);
  doc.destroy();
  return {
    storeCpuMsPerRead,
    itemsPerSecond: round(writes / (durationMs / 1000)),
    itemsPerRequest: round(writes / Math.max(1, writer.stats.requests)),
    storeCpuMsPerItem: round(javaCpuMs / Math.max(1, writes)),
  };
}

/** Items the server's DynamoDB client has stored so far (puts, updates, deletes, transaction and batch items), and its requests by operation. */
const stored = { items: 0, requests: {} as Record<string, number> };
function countStoredItems(server: LocalServer): void {
  server.app.get(dynamo).middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const input = args.input as { TransactItems?: { ConditionCheck?: unknown }[]; RequestItems?: Record<string, unknown[]> };
      const operation = (context.commandName ?? 'unknown').replace(/Command$/, '');
      stored.requests[operation] = (stored.requests[operation] ?? 0) + 1;
      switch (context.commandName) {
        case 'PutItemCommand':
        case 'UpdateItemCommand':
        case 'DeleteItemCommand':
          stored.items++;
          break;
        case 'TransactWriteItemsCommand':
          stored.items += (input.TransactItems ?? []).filter((t) => !t.ConditionCheck).length;
          break;
        case 'BatchWriteItemCommand':
          stored.items += Object.values(input.RequestItems ?? {}).reduce((n, r) => n + r.length, 0);
          break;
      }
      return out;
    },
    { step: 'initialize', name: 'benchStoredItems' },
  );
}

interface Table {
  x: Client;
  o: Client;
  gameId: string;
}

async function newGame(x: Client, o: Client): Promise<string> {
  const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 2,
  });
  await o.request({ action: 'joinGame', gameId });
  await Promise.all([
    x.request({ action: 'subscribe', gameId, logDelta: true }),
    o.request({ action: 'subscribe', gameId, logDelta: true }),
  ]);
  return gameId;
}

/**
 * Open `games` tables (two players, one game each), then for `durationMs` play tic-tac-toe on
 * all of them at once; a finished game is replaced by a new one. Only `command` round trips
 * are timed; creating games is part of the load.
 */
async function load(server: LocalServer, games: number, durationMs: number) {
  const tables: Table[] = await inBatches(games, 25, async (i) => {
    // Names are unique, and every level plays on the same server: each level's players are its own.
    const [xp, op] = await Promise.all([register(server.url, `X${games}-${i}`), register(server.url, `O${games}-${i}`)]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    return { x, o, gameId: await newGame(x, o) };
  });
  const samples: number[] = [];
  const itemsBefore = stored.items;
  const requestsBefore = { ...stored.requests, GetRecords: streamReads.getRecords, 'GetRecords (empty)': streamReads.empty };
  const javaBefore = cpuMsOf(server.dynamo.pid);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    tables.map(async (table) => {
      while (performance.now() < deadline) {
        // Each takes the lowest free cell: X wins on the diagonal 2-4-6 at the seventh move.
        for (let move = 0; move < 7 && performance.now() < deadline; move++) {
          const mover = move % 2 === 0 ? table.x : table.o;
          const start = performance.now();
          const ack = await mover.request({
            action: 'command',
            gameId: table.gameId,
            commandId: randomUUID(),
            command: { type: 'mark', cell: move },
          });
          if (ack.type !== 'ack') throw new Error(`move ${move} of ${table.gameId}: ${JSON.stringify(ack)}`);
          samples.push(performance.now() - start);
        }
        if (performance.now() < deadline) table.gameId = await newGame(table.x, table.o);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  const items = stored.items - itemsBefore;
  const requestsAfter = { ...stored.requests, GetRecords: streamReads.getRecords, 'GetRecords (empty)': streamReads.empty };
  const javaCpuMs = cpuMsOf(server.dynamo.pid) - javaBefore;
  await Promise.all(tables.flatMap(({ x, o }) => [x.close(), o.close()]));
  const commands = Math.max(1, samples.length);
  return {
    games,
    connections: games * 2,
    commandsPerSecond: round(samples.length / seconds),
    roundTrip: latency(samples),
    // Everything the load stored (commits of moves and of new games, joins, the players' index, ratings…).
    storeItemsPerSecond: round(items / seconds),
    storeItemsPerCommand: round(items / commands),
    // The store's work by kind: every request the runtime made of DynamoDB Local (its stream readers' included), per command.
    storeRequestsPerCommand: Object.fromEntries(
      Object.entries(requestsAfter)
        .map(([op, n]) => [op, round((n - (requestsBefore[op as keyof typeof requestsBefore] ?? 0)) / commands)] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]),
    ),
    // Where the time goes: CPU of the server's process (the clients' share included: they run in it) and of DynamoDB Local.
    cpuMsPerCommand: { serverProcess: round((node.user + node.system) / 1000 / commands), store: round(javaCpuMs / commands) },
  };
}

/**
 * The store keeps its data in files (`-dbPath`, as `npm start` runs it), so an acknowledged
 * command is on disk: durably stored. `inMemory` measures DynamoDB Local without its files.
 */
export async function pipelineSuite(opts: { durationMs?: number; levels?: number[]; inMemory?: boolean } = {}) {
  const dataDir = opts.inMemory ? null : mkdtempSync(path.join(tmpdir(), 'caravela-bench-'));
  const server = await startLocalServer({ port: 0, dataDir });
  try {
    countStoredItems(server);
    const capacityMs = Math.min(opts.durationMs ?? 8000, 4000);
    // DynamoDB Local's JVM compiles as it goes: warm it up (grouped writes, discarded) before
    // measuring what it can do, so its capacity and the floor are not a cold start's.
    await storeWrites(server, 50, capacityMs, true);
    const plain = await storeWrites(server, 50, capacityMs, false);
    const storeCapacity = {
      description: 'items per second from 50 writers, grouped as the runtime groups its writes',
      ...(await storeWrites(server, 50, capacityMs, true)),
    };
    // The floor just before and just after the 1-game load, so both see the store in the same state
    // (its p50 moves by ±25 % from one minute to the next on a shared machine).
    const floorSamples = await floor(server, 300);
    const levels = [];
    for (const games of opts.levels ?? [1, 50, 500]) {
      levels.push(await load(server, games, opts.durationMs ?? 8000));
      if (games === 1) floorSamples.push(...(await floor(server, 300)));
    }
    const floorLatency = latency(floorSamples);
    const one = levels.find((l) => l.games === 1);
    return {
      store: dataDir ? 'DynamoDB Local, data in files (-dbPath)' : 'DynamoDB Local, in memory',
      floor: { description: 'one conditional PutItem + one Query on the same store', ...floorLatency },
      storeWritesPerSecondAt50Writers: plain.itemsPerSecond,
      storeCapacity,
      levels,
      p50RoundTripAt1GameOverFloor: one ? round(one.roundTrip.p50Ms / floorLatency.p50Ms) : null,
    };
  } finally {
    await server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
