/**
 * Pipeline benchmark: the whole path of a move through the local server — WebSocket frame,
 * handler, decide, one conditional write to DynamoDB Local (its data in files), ack — with 1, 50 and 500 games of
 * tic-tac-toe played at once, each move waiting for the previous one's ack. Beside it, the
 * floor: one conditional PutItem plus one Query on the same DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../local/server';
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

/** One conditional PutItem and one Query per sample, sequentially: what a move cannot go below. */
async function floor(server: LocalServer, samples: number): Promise<Latency> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }));
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
  return latency(times);
}

/** The store's own write capacity: `writers` loops of conditional PutItems for `durationMs`, nothing else. */
async function storeWrites(server: LocalServer, writers: number, durationMs: number): Promise<number> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }));
  let writes = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      const pk = `BENCH#${randomUUID()}`;
      for (let i = 0; performance.now() < end; i++, writes++) {
        await doc.send(
          new PutCommand({
            TableName: TABLE_NAME,
            Item: { pk, sk: `V#${String(i).padStart(10, '0')}`, events: '[{"type":"Marked","seat":0,"cell":4}]' },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      }
    }),
  );
  doc.destroy();
  return round(writes / (durationMs / 1000));
}

interface Table {
  x: Client;
  o: Client;
  gameId: string;
}

async function newGame(x: Client, o: Client): Promise<string> {
  const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
  await o.request({ action: 'joinGame', gameId });
  await Promise.all([x.request({ action: 'subscribe', gameId, logDelta: true }), o.request({ action: 'subscribe', gameId, logDelta: true })]);
  return gameId;
}

/**
 * Open `games` tables (two players, one game each), then for `durationMs` play tic-tac-toe on
 * all of them at once; a finished game is replaced by a new one. Only `command` round trips
 * are timed; creating games is part of the load.
 */
async function load(server: LocalServer, games: number, durationMs: number) {
  const tables: Table[] = await inBatches(games, 25, async (i) => {
    const [xp, op] = await Promise.all([register(server.url, `X${i}`), register(server.url, `O${i}`)]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    return { x, o, gameId: await newGame(x, o) };
  });
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    tables.map(async (table) => {
      while (performance.now() < deadline) {
        // Each takes the lowest free cell: X wins on the diagonal 2-4-6 at the seventh move.
        for (let move = 0; move < 7 && performance.now() < deadline; move++) {
          const mover = move % 2 === 0 ? table.x : table.o;
          const start = performance.now();
          const ack = await mover.request({ action: 'command', gameId: table.gameId, commandId: randomUUID(), command: { type: 'mark', cell: move } });
          if (ack.type !== 'ack') throw new Error(`move ${move} of ${table.gameId}: ${JSON.stringify(ack)}`);
          samples.push(performance.now() - start);
        }
        if (performance.now() < deadline) table.gameId = await newGame(table.x, table.o);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(tables.flatMap(({ x, o }) => [x.close(), o.close()]));
  return { games, connections: games * 2, commandsPerSecond: round(samples.length / seconds), roundTrip: latency(samples) };
}

/**
 * The store keeps its data in files (`-dbPath`, as `npm start` runs it), so an acknowledged
 * command is on disk: durably stored. `inMemory` measures DynamoDB Local without its files.
 */
export async function pipelineSuite(opts: { durationMs?: number; levels?: number[]; inMemory?: boolean } = {}) {
  const dataDir = opts.inMemory ? null : mkdtempSync(path.join(tmpdir(), 'caravela-bench-'));
  const server = await startLocalServer({ port: 0, dataDir });
  try {
    const floorLatency = await floor(server, 300);
    const storeWritesPerSecondAt50Writers = await storeWrites(server, 50, Math.min(opts.durationMs ?? 8000, 4000));
    const levels = [];
    for (const games of opts.levels ?? [1, 50, 500]) levels.push(await load(server, games, opts.durationMs ?? 8000));
    const one = levels.find((l) => l.games === 1);
    return {
      store: dataDir ? 'DynamoDB Local, data in files (-dbPath)' : 'DynamoDB Local, in memory',
      floor: { description: 'one conditional PutItem + one Query on the same store', ...floorLatency },
      storeWritesPerSecondAt50Writers,
      levels,
      p50RoundTripAt1GameOverFloor: one ? round(one.roundTrip.p50Ms / floorLatency.p50Ms) : null,
    };
  } finally {
    await server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
