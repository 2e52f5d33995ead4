/**
 * The ratings' last resort, on the local runtime (in-process, on the memory stores): a finished
 * game that rates someone is due for the sweep RATE_CHECK_AFTER_MS after it ended. When the Bots
 * function's ratings lost the finishing commit's record, the sweep then asks them again, and the
 * game is rated once — by the ratings part, from the same facts as the commit — however often the
 * sweep looks or a record comes again; when the game was rated, the sweep changes nothing. A game that rates
 * nobody is never due.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_MS, RATE_CHECK_AFTER_MS } from '../../functions/core/clock-due';
import { bots } from '../../functions/handlers/bots';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { METRICS } from '../../functions/observe/metric-names';
import { observer } from '../../functions/app/outside';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

let server: InProcessServer;
let time = Date.parse('2026-03-02T10:00:00.000Z');
/** The Bots function's records (here its ratings: no bot plays) are lost (as to a failure destination) while this holds. */
let lost = false;

beforeAll(async () => {
  server = await startInProcessServer({
    dataDir: null,
    sweepIntervalMs: 0,
    now: () => new Date(time),
    instrument: (name, handler) =>
      name === 'bots' ? (...args) => (lost ? Promise.resolve({ batchItemFailures: [] } as never) : handler(...args)) : handler,
  });
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const minutes = (n: number) => n * 60_000;
const ratingOf = (p: Player) => server.stores.ratings.rating(p.playerId, 'tic-tac-toe');
const contents = () => server.stores.ratings.contents();
const asked = () => server.app.get(observer).counted.get(METRICS.ratingsAsked) ?? 0;
/** The game's due items from now until a week on. */
const dueOf = async (gameId: string) =>
  (await server.stores.schedule.dueClocks(new Date(time + minutes(7 * 24 * 60)))).due.filter((d) => d.gameId === gameId);
/** A sweep as the schedule runs it, then whatever the stream's readers got from it. */
const sweep = async () => {
  await server.sweep();
  await server.notified();
};
/** The Bots function handed these records (a stream delivering them again). */
const redeliver = (...items: object[]) =>
  server.app.get(bots)({
    Records: items.map((item, i) => ({
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(9000 + i), NewImage: marshall(item, { removeUndefinedValues: true }) },
    })) as DynamoDBRecord[],
  } as DynamoDBStreamEvent);

/** Two new players play tic-tac-toe to its end, the first taking the top row; `listed`: matched in the lobby (rated). */
async function finishedGame(names: [string, string], listed = true): Promise<{ gameId: string; winner: Player; loser: Player }> {
  const [winner, loser] = await Promise.all(names.map((n) => register(server.url, n)));
  const [w, l] = await Promise.all([Client.connect(server.wsUrl, winner!), Client.connect(server.wsUrl, loser!)]);
  const { gameId } = await w.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed });
  await l.request({ action: 'joinGame', gameId, listed });
  for (const [c, cell] of [
    [w, 0],
    [l, 3],
    [w, 1],
    [l, 4],
    [w, 2],
  ] as const)
    expect(await c.request({ action: 'command', gameId, commandId: `m${cell}`, command: { type: 'mark', cell } })).toMatchObject({
      type: 'ack',
    });
  await Promise.all([w.close(), l.close()]);
  await server.notified();
  return { gameId, winner: winner!, loser: loser! };
}

describe('the ratings fallback', () => {
  it('rates a finished game whose ratings record was lost, once, when the sweep finds it unrated an hour after it ended', async () => {
    lost = true;
    const { gameId, winner, loser } = await finishedGame(['Lia', 'Rui']);
    lost = false; // the ratings are back, but the finishing commit's record is gone
    const end = time;
    expect(await server.stores.ratings.isRated(gameId)).toBe(false);
    expect((await dueOf(gameId)).map((d) => d.due.getTime())).toEqual([end + RATE_CHECK_AFTER_MS]);

    time = end + RATE_CHECK_AFTER_MS - minutes(1);
    await sweep();
    expect(await server.stores.ratings.isRated(gameId)).toBe(false); // not yet due
    const before = asked();

    time = end + RATE_CHECK_AFTER_MS + minutes(1);
    await sweep();
    expect(asked() - before).toBe(1);
    expect(ratingOf(winner)).toMatchObject({ games: 1, wins: 1, rev: 1, updatedAt: new Date(end).toISOString() });
    expect(ratingOf(loser)).toMatchObject({ games: 1, wins: 0, rev: 1 });
    const once = await contents();

    // The sweep looks again an hour later (the ask might have been lost too): rated, the game is due only for its compaction.
    time += RATE_CHECK_AFTER_MS + minutes(1);
    await sweep();
    expect((await dueOf(gameId)).map((d) => d.due.getTime())).toEqual([end + COMPACT_AFTER_MS]);
    time += RATE_CHECK_AFTER_MS * 3;
    await sweep();
    expect(asked() - before).toBe(1);
    // The finishing commit's record, and the ask, delivered again: nothing changes.
    const commit = server.stores.games.items(gameId).at(-1)!;
    const [ask] = server.stores.ratings.asks.filter((a) => a.gameId === gameId);
    expect(await redeliver(commit, { ...ask, kind: 'rateAsk' })).toEqual({ batchItemFailures: [] });
    expect(await contents()).toBe(once);
  });

  it('changes nothing when the Bots function rated the game: no second history entry, no second leaderboard move', async () => {
    lost = false;
    const { gameId, winner } = await finishedGame(['Teo', 'Ines']);
    const end = time;
    expect(ratingOf(winner)).toMatchObject({ games: 1, wins: 1, rev: 1 });
    const once = await contents();
    const before = asked();
    time = end + RATE_CHECK_AFTER_MS + minutes(1);
    await sweep();
    expect((await dueOf(gameId)).map((d) => d.due.getTime())).toEqual([end + COMPACT_AFTER_MS]);
    expect(asked() - before).toBe(0);
    expect(server.stores.ratings.asks.filter((a) => a.gameId === gameId)).toEqual([]);
    expect(await contents()).toBe(once);
  });

  it('makes a game that rates nobody (a private game of two people) due for its compaction only, never for its ratings', async () => {
    lost = false;
    const { gameId, winner } = await finishedGame(['Ana', 'Bo'], false);
    const end = time;
    expect(ratingOf(winner)).toBeUndefined();
    expect((await dueOf(gameId)).map((d) => d.due.getTime())).toEqual([end + COMPACT_AFTER_MS]);
  });
});
