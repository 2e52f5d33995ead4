/**
 * `npm run redrive` on the memory app (the local runtime in-process): a batch the Bots function
 * gave up on — its ratings' records, or those and its automatic moves' together: its mapping's two
 * filters fill one batch — kept whole as Lambda writes it to the reader's bucket (the documented
 * S3 invocation record, its payload an escaped JSON string), is played back through the
 * function's own handler, each record to its part, and its object deleted; a second run finds
 * nothing and changes nothing; a batch played again changes nothing; a record that fails again
 * keeps its object, the rest is still played; an object that is not a batch is left, saying why.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFailedBatchStore } from '../../functions/adapters/memory/failed-batches';
import { parseFailedBatch } from '../../functions/api/failed-batch';
import { redrive } from '../../functions/api/redrive';
import { bots } from '../../functions/handlers/bots';
import { stream } from '../../functions/handlers/stream';
import { READERS } from '../../functions/api/redrive';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { failedBatchKey, invocationRecord } from '../support/failed-batch';

const RATINGS = { function: 'Bots' };
const NOTIFY = { function: 'Notify' };

let server: InProcessServer;
let ana: Player;
let bruno: Player;

beforeAll(async () => {
  // The poisoned record's failures are expected: their log lines are not wanted here.
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, env: { ...process.env, LOG_LEVEL: 'SILENT' } });
  [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
}, 90_000);
afterAll(async () => server?.close());

let sequence = 5000;
/** A stream record of a commit that finishes a listed game of Ana and Bruno, Ana first (as the table's stream has it). */
function finishing(gameId: string, game: string, extra: Record<string, unknown> = {}): DynamoDBRecord {
  const item = {
    pk: `GAME#${gameId}`,
    sk: 'V#0000000009',
    kind: 'commit',
    gameId,
    game,
    version: 9,
    seat: 0,
    playerId: ana.playerId,
    commandId: 'last',
    // Each game ends a minute after the last.
    at: new Date(Date.UTC(2090, 2, 1, 10) + sequence * 60_000).toISOString(),
    events: '[]',
    status: 'finished',
    wasStatus: 'active',
    seats: [
      { seat: 0, playerId: ana.playerId, name: 'Ana' },
      { seat: 1, playerId: bruno.playerId, name: 'Bruno' },
    ],
    activeSeats: [],
    wasActive: [0],
    absent: [false, false],
    summary: 'The game is over',
    outcome: JSON.stringify({
      results: [
        { seat: 0, score: 9, rank: 1 },
        { seat: 1, score: 8, rank: 2 },
      ],
      winners: [0],
    }),
    clockDue: null,
    wasClockDue: null,
    listed: true,
    ...extra,
  };
  const n = String(sequence++);
  return {
    eventID: n,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: { SequenceNumber: n, NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  } as DynamoDBRecord;
}

const reactor = () => server.app.get(bots);
const ratingOf = (player: Player, game: string) => server.stores.ratings.rating(player.playerId, game);

// Each test rates games of its own rulebook: they pass in any order.
describe('npm run redrive, on the memory app', () => {
  it('plays a failed batch back through the reader’s handler and deletes its object; a second run does nothing', async () => {
    const store = new MemoryFailedBatchStore();
    store.put(failedBatchKey(), invocationRecord([finishing('redriven-1', 'tic-tac-toe')], RATINGS));
    expect(await ratingOf(ana, 'tic-tac-toe')).toBeUndefined();

    expect(await redrive(store, reactor())).toEqual({ batches: 1, records: 1, left: 0, errors: [] });
    expect(store.size).toBe(0);
    expect(await ratingOf(ana, 'tic-tac-toe')).toMatchObject({ games: 1, wins: 1, rev: 1 });
    expect(await ratingOf(bruno, 'tic-tac-toe')).toMatchObject({ games: 1, wins: 0, rev: 1 });
    const once = await server.stores.ratings.contents();

    // Nothing left: nothing played, nothing changed.
    expect(await redrive(store, reactor())).toEqual({ batches: 0, records: 0, left: 0, errors: [] });
    expect(await server.stores.ratings.contents()).toBe(once);

    // The same batch kept twice (a redrive interrupted before its delete), once as LocalStack writes it: played, and nothing changes.
    store.put(failedBatchKey(), invocationRecord([finishing('redriven-1', 'tic-tac-toe')], RATINGS));
    store.put(failedBatchKey(), invocationRecord([finishing('redriven-1', 'tic-tac-toe')], { payloadAs: 'object', function: 'Bots' }));
    expect(await redrive(store, reactor())).toEqual({ batches: 2, records: 2, left: 0, errors: [] });
    expect(await server.stores.ratings.contents()).toBe(once);
  });

  it("plays a batch of the Bots function's two filters back, each record to its part: the moves (played already: nothing more) and the ratings", async () => {
    // The table stream's two readers, each with its bucket: the notifier and the Bots function.
    expect(READERS).toEqual(['notify', 'bots']);
    // Ana plays tic-tac-toe against a bot: each of her commits leaves the bot to act, and its move was played from the stream.
    const a = await Client.connect(server.wsUrl, ana);
    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
      bots: [1],
    });
    expect(await a.request({ action: 'command', gameId, commandId: 'm0', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
    });
    await a.close();
    await server.notified();
    const played = server.stores.games.items(gameId);
    const anas = played.find((c) => c.playerId === ana.playerId && c.version > 1)!;
    expect(anas.automatic).toBe(1);
    expect(played.at(-1)!.version).toBeGreaterThan(anas.version);
    const asStream = (item: object, n: string): DynamoDBRecord =>
      ({ eventName: 'INSERT', dynamodb: { SequenceNumber: n, NewImage: marshall(item, { removeUndefinedValues: true }) } }) as never;
    const store = new MemoryFailedBatchStore();
    store.put(
      failedBatchKey(),
      invocationRecord([asStream(anas, '4000'), finishing('redriven-mixed', 'navegador'), asStream(anas, '4001')], RATINGS),
    );
    expect(await ratingOf(ana, 'navegador')).toBeUndefined();

    expect(await redrive(store, reactor())).toEqual({ batches: 1, records: 3, left: 0, errors: [] });
    expect(store.size).toBe(0);
    expect(await ratingOf(ana, 'navegador')).toMatchObject({ games: 1, wins: 1, rev: 1 });
    expect(await ratingOf(bruno, 'navegador')).toMatchObject({ games: 1, wins: 0, rev: 1 });
    expect(server.stores.games.items(gameId)).toEqual(played);
  });

  it("keeps the object of a batch whose record fails again, and plays the others (the notifier's: a rating that fails is let go, the sweep asks again)", async () => {
    const store = new MemoryFailedBatchStore();
    // A commit no version of the rules can read (as a bug in a writer would leave it), then a good one after it.
    const poisoned = failedBatchKey();
    store.put(poisoned, invocationRecord([finishing('poisoned-1', 'connect-four', { seats: 'not a list', outcome: '{not json' })], NOTIFY));
    store.put(failedBatchKey(), invocationRecord([finishing('redriven-2', 'connect-four')], NOTIFY));
    const notifier = server.app.get(stream);
    const summary = await redrive(store, notifier);
    expect(summary).toMatchObject({ batches: 1, records: 1, left: 1 });
    expect(summary.errors).toEqual([{ key: poisoned, error: expect.stringMatching(/^1 of its 1 records failed again/) }]);
    expect(await store.keys()).toEqual([poisoned]);
    // Run again: it still fails, and is still kept.
    expect(await redrive(store, notifier)).toMatchObject({ batches: 0, left: 1 });
    expect(await store.keys()).toEqual([poisoned]);
    // Through the Bots function the same record's rating is let go (counted): nothing to keep.
    const botsBucket = new MemoryFailedBatchStore();
    botsBucket.put(
      failedBatchKey(),
      invocationRecord([finishing('poisoned-2', 'connect-four', { seats: 'not a list', outcome: '{not json' })], RATINGS),
    );
    expect(await redrive(botsBucket, reactor())).toMatchObject({ batches: 1, left: 0 });
  });

  it('leaves an object that is not a failed batch, saying why, and plays nothing of it', async () => {
    const store = new MemoryFailedBatchStore();
    const noPayload = JSON.parse(invocationRecord([finishing('never', 'goa')], RATINGS)) as Record<string, unknown>;
    delete noPayload.payload;
    const noRecords = {
      ...(JSON.parse(invocationRecord([finishing('never', 'goa')], RATINGS)) as object),
      payload: JSON.stringify({ Records: [] }),
    };
    store.put(failedBatchKey(), 'not json');
    store.put(failedBatchKey(), JSON.stringify(noPayload));
    store.put(failedBatchKey(), JSON.stringify(noRecords));
    const summary = await redrive(store, reactor());
    expect(summary).toMatchObject({ batches: 0, records: 0, left: 3 });
    expect(summary.errors.map((e) => e.error)).toEqual([
      'the object is not JSON',
      expect.stringMatching(/^not a stream batch's invocation record: .*payload/s),
      expect.stringMatching(/^its payload is not a batch of stream records: .*Records/s),
    ]);
    expect(store.size).toBe(3);
    expect(() => parseFailedBatch(invocationRecord([finishing('x', 'goa')], RATINGS).replace('"payload":"', '"payload":"{'))).toThrow(
      'its payload is not JSON',
    );
  });
});
