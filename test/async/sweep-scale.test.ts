/**
 * The sweep at scale: 20,000 games have a clock item; a few hundred are due. One sweep reads
 * only those (one range query per shard, no filter), handles every one within its budget, and
 * leaves the others untouched. The due ones are clocks of games that no longer exist (removed)
 * and three real games whose person ran out of time (the safe bot then plays for them).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import type { ClockDueItem } from '../../functions/adapters/store/items';
import { CLOCK_SHARDS, clockShardOf, keys } from '../../functions/adapters/store/keys';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { Client, register } from '../support/client';
import { waitOffline } from '../support/table';

const HOUR = 3_600_000;
const GAMES = 20_000;
const DUE = 300;
let server: LocalServer;
let doc: DynamoDBDocumentClient;
let now = new Date('2026-03-01T12:00:00Z');

beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, now: () => now, sweepIntervalMs: 0 });
  doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
  );
}, 90_000);
afterAll(async () => {
  doc?.destroy();
  await server?.close();
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** Clock items written directly, as 20,000 games' commits would have left them. */
async function writeClockItems(): Promise<void> {
  const items: ClockDueItem[] = [];
  for (let i = 0; i < GAMES; i++) {
    const gameId = `g${String(i).padStart(5, '0')}`;
    // The first DUE fell due in the hour before; the rest fall due over three days after the sweep.
    const due = new Date(i < DUE ? now.getTime() - (i % 60) * 60_000 : now.getTime() + (26 + (i % 72)) * HOUR).toISOString();
    items.push({ pk: keys.clockShard(clockShardOf(gameId)), sk: keys.clockDue(due, gameId), kind: 'clockDue', gameId, due, version: 3 });
  }
  const batches: ClockDueItem[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }));
        requests = (out.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Every clock item, read in full (what a sweep without due-keyed items would read). */
async function everyClockItem(): Promise<{ items: ClockDueItem[]; readUnits: number }> {
  const items: ClockDueItem[] = [];
  let readUnits = 0;
  for (let shard = 0; shard < CLOCK_SHARDS; shard++) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.clockShard(shard) },
          ExclusiveStartKey: start,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      items.push(...((page.Items ?? []) as ClockDueItem[]));
      readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return { items, readUnits };
}

describe('the sweep at 20,000 clocked games', () => {
  it('reads only the due items and handles each of them in one run', async () => {
    // Three real games whose second player left and let their clock run out.
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const a = await Client.connect(server.wsUrl, ana);
    const b = await Client.connect(server.wsUrl, bruno);
    const real: { gameId: string; brunoSeat: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const { gameId } = await a.request<Frame<'gameCreated'>>({
        action: 'createGame',
        game: 'tic-tac-toe',
        players: 2,
        clock: { type: 'perMove', hours: 24 },
      });
      const { seat } = await b.request<Frame<'joined'>>({ action: 'joinGame', gameId });
      real.push({ gameId, brunoSeat: seat });
    }
    await b.close();
    await waitOffline(server.app, bruno.playerId);
    for (const { gameId, brunoSeat } of real) {
      const s = await a.request<StateFrame>({ action: 'subscribe', gameId });
      if (!s.activeSeats.includes(brunoSeat)) {
        expect(await a.request({ action: 'command', gameId, commandId: `first-${gameId}`, command: s.legal[0] })).toMatchObject({
          type: 'ack',
        });
      }
    }
    await server.notified();
    await writeClockItems();
    const before = await everyClockItem();
    expect(before.items).toHaveLength(GAMES + real.length);

    now = new Date(now.getTime() + 25 * HOUR);
    // Due now: the DUE written as due, and the three real games (their deadline passed).
    const dueNow = before.items.filter((i) => i.due <= now.toISOString());
    expect(dueNow).toHaveLength(DUE + real.length);
    const result = await server.sweep();
    console.log(
      JSON.stringify({
        clockedGames: before.items.length,
        due: result.due,
        handled: result.games,
        sweepReadUnits: result.readUnits,
        fullReadUnits: before.readUnits,
        lagSeconds: result.lagSeconds,
      }),
    );

    expect(result.due).toBe(dueNow.length);
    expect(result.games).toBe(dueNow.length); // all handled within the budget
    expect(result.failures).toBe(0);
    // Reading only what is due costs a small fraction of reading every clock item.
    expect(result.readUnits).toBeGreaterThan(0);
    expect(result.readUnits).toBeLessThan((before.readUnits * dueNow.length) / before.items.length + CLOCK_SHARDS);

    const after = await everyClockItem();
    const left = new Set(after.items.map((i) => i.gameId));
    // The clocks of games that do not exist are gone; the ones not yet due are all still there.
    // (A real game's id is random and may start with 'g' too: those are told apart by id, not by prefix.)
    const realIds = new Set(real.map((g) => g.gameId));
    expect(dueNow.filter((i) => !realIds.has(i.gameId)).some((i) => left.has(i.gameId))).toBe(false);
    expect(before.items.filter((i) => i.due > now.toISOString()).every((i) => left.has(i.gameId))).toBe(true);
    // The real games went on: Bruno's seat timed out and the safe bot played for it.
    for (const { gameId } of real) {
      const s = await a.request<StateFrame>({ action: 'subscribe', gameId });
      expect(s.absent.length).toBe(1);
    }
    await a.close();
  }, 240_000);
});
