/**
 * The lobby, accounts and ratings together, on the local runtime (in-process, on the memory stores): two players
 * who signed up as devices (expiring v2 tokens) and know nothing of each other meet in the
 * lobby — one lists a game, the other finds it in `openGames` and joins it; later one quick-plays
 * and the other quick-plays into that game — and play both to the end (the second ends by a
 * resignation and a vote). Each finished game changes their ratings exactly once, as one
 * OpenSkill update computes, also when its final commit reaches the Bots function's ratings again, twice
 * in a batch and at once; the lobby shows the rating the first game gave.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../functions/handlers/bots';
import { rateGame } from '../../functions/core/rate';
import type { RatedSeat } from '../../functions/core/ratings';
import type { ProfileFrame, ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client } from '../support/client';
import { signUp, type DeviceSession } from '../support/accounts';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

let server: InProcessServer;
let lia: DeviceSession;
let noa: DeviceSession;
let l: Client;
let n: Client;

beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  [lia, noa] = await Promise.all([signUp(server.url, 'Lia'), signUp(server.url, 'Noa')]);
  [l, n] = await Promise.all([Client.connect(server.wsUrl, lia), Client.connect(server.wsUrl, noa)]);
}, 90_000);
afterAll(async () => {
  await Promise.all([l?.close(), n?.close()]);
  await server?.close();
});

/** Everything the ratings wrote, in a comparable form. */
const ratingItems = async (): Promise<string> => server.stores.ratings.contents();
const ratingOf = async (p: DeviceSession) => server.stores.ratings.rating(p.playerId, 'tic-tac-toe');

/** The game's last stored commit as the table's stream carries it, delivered to the reactor again: twice in one batch, then to two reactors at once. */
async function redeliverEnd(gameId: string): Promise<void> {
  const last = server.stores.games.items(gameId).at(-1)!;
  expect(last.status).toBe('finished');
  const record = {
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: '1', NewImage: marshall(last, { removeUndefinedValues: true }) },
  } as unknown as DynamoDBRecord;
  const deliver = () => server.app.get(bots)({ Records: [record, record] } as DynamoDBStreamEvent);
  expect(await deliver()).toEqual({ batchItemFailures: [] });
  expect(await Promise.all([deliver(), deliver()])).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
}

const seat = (p: DeviceSession, s: number, rank: number): RatedSeat => ({ seat: s, playerId: p.playerId, name: p.name, rank });

describe('strangers meet in the lobby, play, and are rated once', () => {
  it('a listed game joined from openGames, then a quick-played game ended by resignation: each rated exactly once', async () => {
    // Noa watches the lobby; Lia lists a game. Noa sees it appear, with Lia (no rating yet) waiting.
    expect(await n.request<Frame<'openGames'>>({ action: 'openGames', game: 'tic-tac-toe', watch: true })).toMatchObject({
      games: [],
      next: null,
    });
    const { gameId: first } = await l.request<Frame<'gameCreated'>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
      listed: true,
    });
    const listed = await n.waitFor<Frame<'openGameChanged'>>((f) => f.type === 'openGameChanged' && f.game.gameId === first);
    expect(listed).toMatchObject({ open: true, game: { seats: [{ playerId: lia.playerId, name: 'Lia' }, null] } });
    expect(listed.game.seats[0]).not.toHaveProperty('rating');
    const page = await n.request<Frame<'openGames'>>({ action: 'openGames', game: 'tic-tac-toe' });
    expect(page.games.map((g) => g.gameId)).toEqual([first]);

    // Noa joins from the list: the game starts and leaves the lobby.
    expect(await n.request({ action: 'joinGame', gameId: page.games[0]!.gameId, listed: true })).toMatchObject({ type: 'joined', seat: 1 });
    await n.waitFor((f) => f.type === 'openGameChanged' && f.game.gameId === first && !f.open);
    expect((await n.request<Frame<'openGames'>>({ action: 'openGames', game: 'tic-tac-toe' })).games).toEqual([]);

    // They play it out: Lia (X) takes the top row.
    for (const [c, cell] of [
      [l, 0],
      [n, 3],
      [l, 1],
      [n, 4],
      [l, 2],
    ] as const) {
      expect(await c.request({ action: 'command', gameId: first, commandId: `m${cell}`, command: { type: 'mark', cell } })).toMatchObject({
        type: 'ack',
      });
    }
    await server.notified();
    const [liaNew, noaNew] = rateGame(
      [seat(lia, 0, 1), seat(noa, 1, 2)],
      new Map([
        [lia.playerId, null],
        [noa.playerId, null],
      ]),
    );
    const liaOnce = (await ratingOf(lia))!;
    const noaOnce = (await ratingOf(noa))!;
    expect(liaOnce).toMatchObject({ ...liaNew!.after, rev: 1, games: 1, wins: 1 });
    expect(noaOnce).toMatchObject({ ...noaNew!.after, rev: 1, games: 1, wins: 0 });
    const afterFirst = await ratingItems();
    await redeliverEnd(first);
    expect(await ratingItems()).toEqual(afterFirst);

    // Lia quick-plays: no open game matches, so one is opened, listed with her new rating.
    const opened = await l.request<ServerFrame>({ action: 'quickPlay', game: 'tic-tac-toe', players: 2 });
    expect(opened.type).toBe('gameCreated');
    const second = (opened as Frame<'gameCreated'>).gameId;
    const shown = await n.waitFor<Frame<'openGameChanged'>>((f) => f.type === 'openGameChanged' && f.game.gameId === second);
    expect(shown.game.seats[0]).toMatchObject({ playerId: lia.playerId, rating: liaOnce.ordinal });
    // Noa quick-plays the same kind of game: seated in Lia's.
    expect(await n.request({ action: 'quickPlay', game: 'tic-tac-toe', players: 2 })).toMatchObject({
      type: 'joined',
      gameId: second,
      seat: 1,
    });
    await l.request({ action: 'subscribe', gameId: second });

    // Two moves each, then Lia resigns (a bot takes her seat) and Noa votes to end it: Noa first, Lia last.
    for (const [c, cell] of [
      [l, 0],
      [n, 4],
      [l, 8],
      [n, 2],
    ] as const) {
      expect(await c.request({ action: 'command', gameId: second, commandId: `q${cell}`, command: { type: 'mark', cell } })).toMatchObject({
        type: 'ack',
      });
    }
    expect(await l.request({ action: 'resign', gameId: second })).toMatchObject({ type: 'done', gameId: second });
    expect(await n.request({ action: 'voteEnd', gameId: second })).toMatchObject({ type: 'done', gameId: second });
    await expect.poll(() => (l.latest(second) as StateFrame | undefined)?.status).toBe('finished');
    expect(l.latest(second)!.outcome).toMatchObject({ winners: [1], resigned: [0], ended: 'vote' });
    await server.notified();
    const [liaNext, noaNext] = rateGame(
      [seat(lia, 0, 2), seat(noa, 1, 1)],
      new Map([
        [lia.playerId, liaOnce],
        [noa.playerId, noaOnce],
      ]),
    );
    const liaTwice = (await ratingOf(lia))!;
    expect(liaTwice).toMatchObject({ ...liaNext!.after, rev: 2, games: 2, wins: 1 });
    expect(await ratingOf(noa)).toMatchObject({ ...noaNext!.after, rev: 2, games: 2, wins: 1 });
    expect(liaTwice.ordinal).toBeLessThan(liaOnce.ordinal);
    const afterSecond = await ratingItems();
    await redeliverEnd(second);
    expect(await ratingItems()).toEqual(afterSecond);
    for (const gameId of [first, second]) expect(await server.stores.ratings.isRated(gameId)).toBe(true);

    // What the profile and the leaderboard show of it.
    const profile = await l.request<ProfileFrame>({ action: 'profile', playerId: noa.playerId });
    expect(profile).toMatchObject({ name: 'Noa', gamesPlayed: 2, wins: 1 });
    expect(profile.recent.map((g) => [g.gameId, g.won])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(profile.recent[0]!.players).toEqual([
      expect.objectContaining({ name: 'Lia', rank: 2 }),
      expect.objectContaining({ name: 'Noa', rank: 1 }),
    ]);
    const board = await n.request<Frame<'leaderboard'>>({ action: 'leaderboard', game: 'tic-tac-toe' });
    expect(board.entries.map((e) => [e.name, e.games])).toEqual(
      (await ratingOf(noa))!.ordinal > liaTwice.ordinal
        ? [
            ['Noa', 2],
            ['Lia', 2],
          ]
        : [
            ['Lia', 2],
            ['Noa', 2],
          ],
    );
  });
});
