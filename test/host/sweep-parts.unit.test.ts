/**
 * The schedule runs the sweep as several invocations at once, each naming its part of the
 * shards: together they handle every due item once, none reads another's, and an invocation
 * naming a part that does not exist is refused before it touches anything.
 */
import { describe, expect, it } from 'vitest';
import { memoryStores } from '../../functions/adapters/memory';
import { MemoryStream } from '../../functions/adapters/memory/stream';
import { CLOCK_SHARDS } from '../../functions/adapters/store/keys';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { ProtocolError } from '../../functions/core/protocol/frames';
import { shardsIn, sweepPartOf, WHOLE_SWEEP } from '../../functions/core/sweep-part';
import { sweep } from '../../functions/handlers/sweep';

const now = new Date('2026-11-27T12:00:00.000Z');

/** An app on memory stores with due items of games that no longer exist (the sweep removes them). */
async function withDueItems(count: number) {
  const stores = memoryStores({ stream: new MemoryStream() });
  const app = createApp({
    config: configFromEnv({ TABLE_NAME: 'caravela', CONNECTIONS_ENDPOINT: 'http://127.0.0.1:9/prod' }),
    now: () => now,
    ids: randomIds,
    stores,
  });
  const gameIds = Array.from({ length: count }, (_, i) => `gone-${i}`);
  for (const gameId of gameIds) await stores.schedule.setClockDue(gameId, new Date(now.getTime() - 60_000), 1);
  const left = async () => (await stores.schedule.dueClocks(now)).due.map((d) => d.gameId).sort();
  return { app, gameIds, left };
}

describe("the sweep's parts", () => {
  it('together handle every due item once, each only the items of its own shards', async () => {
    const { app, gameIds, left } = await withDueItems(40);
    const handler = sweep(app);
    const of = 4;
    const results = [];
    for (let part = 0; part < of; part++) {
      const before = await left();
      const result = await handler({ part, of });
      results.push(result);
      const after = await left();
      // This part removed some items, and only items of its own shards stay handled.
      expect(before.length - after.length).toBe(result.due);
      expect(result.due).toBeGreaterThan(0);
    }
    expect(results.reduce((n, r) => n + r.due, 0)).toBe(gameIds.length);
    expect(await left()).toEqual([]);
  });

  it('sweeps everything when the event names no part (an invocation by hand, the local timer)', async () => {
    const { app, gameIds, left } = await withDueItems(12);
    expect((await sweep(app)({})).due).toBe(gameIds.length);
    expect(await left()).toEqual([]);
  });

  it.each([
    [{ part: 4, of: 4 }],
    [{ part: -1, of: 4 }],
    [{ part: 0, of: 0 }],
    [{ part: 0, of: CLOCK_SHARDS + 1 }],
    [{ part: '1', of: 4 }],
    [{ part: 1 }],
    [{ of: 2 }],
    [{ part: 0.5, of: 2 }],
  ])('refuses %j and sweeps nothing', async (event) => {
    const { app, gameIds, left } = await withDueItems(6);
    await expect(sweep(app)(event)).rejects.toThrow(ProtocolError);
    expect(await left()).toEqual([...gameIds].sort());
  });

  it('splits the shards into disjoint parts that cover them all, for any number of parts', () => {
    for (let of = 1; of <= CLOCK_SHARDS; of++) {
      const parts = Array.from({ length: of }, (_, part) => shardsIn(sweepPartOf({ part, of }, CLOCK_SHARDS), CLOCK_SHARDS));
      expect(parts.flat().sort((a, b) => a - b)).toEqual(shardsIn(WHOLE_SWEEP, CLOCK_SHARDS));
      for (const p of parts) expect(p.length).toBeGreaterThan(0);
    }
  });
});
