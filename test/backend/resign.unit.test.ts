/**
 * Resigning and hiding finished games, through the protocol on the local runtime (in-process): with the
 * default `onResign: "bot"` the safe bot plays the resigned seat to the end (the player cannot
 * take it back, nor move or vote) and the result ranks them last whatever the bot made of it;
 * with `"end"` the game ends at once with them last; a resignation that leaves no person
 * playing ends the game either way. A finished game can be hidden from one's `myGames` and
 * shown again. Bad input gets its error and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary, ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { storeTicTacToe } from '../support/games';
import { storedState } from '../support/table';

type Created = Extract<ServerFrame, { type: 'gameCreated' }>;
type Games = Extract<ServerFrame, { type: 'games' }>;
type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

let server: InProcessServer;
let ana: Client;
let bruno: Client;
let caio: Client;
let players: Player[];
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  players = await Promise.all(['Ana', 'Bruno', 'Caio'].map((n) => register(server.url, n)));
  [ana, bruno, caio] = (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client, Client];
}, 90_000);
afterAll(async () => {
  await Promise.all([ana, bruno, caio].map((c) => c?.close()));
  await server?.close();
});

/** A tic-tac-toe game of Ana (X, seat 0, to move) and Bruno, both subscribed. */
async function started(onResign?: 'bot' | 'end'): Promise<string> {
  const { gameId } = await ana.request<Created>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 2,
    ...(onResign ? { onResign } : {}),
  });
  expect(await bruno.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined', seat: 1 });
  await ana.request({ action: 'subscribe', gameId });
  await bruno.request({ action: 'subscribe', gameId });
  return gameId;
}

const latest = (c: Client, gameId: string): StateFrame => c.latest(gameId)!;

describe('resign', () => {
  it('with onResign "bot", a bot plays the seat to the end and the resigner ranks last', async () => {
    const gameId = await started();
    expect(await ana.request({ action: 'command', gameId, commandId: 'a1', command: { type: 'mark', cell: 4 } })).toMatchObject({
      type: 'ack',
    });
    // Bruno resigns on his turn: the bot moves for him at once, and it is Ana's turn again.
    expect(await bruno.request({ action: 'resign', gameId })).toMatchObject({ type: 'done', gameId, version: 4 });
    await expect.poll(() => latest(ana, gameId).version).toBeGreaterThanOrEqual(5);
    const after = latest(bruno, gameId);
    expect(after).toMatchObject({ status: 'active', absent: [1], resigned: [1] });
    expect(after.log).toContain('Bruno resigned; a bot plays safe moves for their seat to the end');
    // Resigning again changes nothing; resuming, moving or voting is refused.
    expect(await bruno.request({ action: 'resign', gameId })).toMatchObject({ type: 'done', version: latest(bruno, gameId).version });
    for (const frame of [
      { action: 'resume', gameId },
      { action: 'voteEnd', gameId },
      { action: 'command', gameId, commandId: 'b9', command: { type: 'mark', cell: 0 } },
    ]) {
      expect(await bruno.request(frame)).toMatchObject({
        type: 'error',
        code: 'ILLEGAL',
        message: 'You resigned from this game; a bot plays your seat to the end.',
      });
    }
    // Ana plays on against the bot until the game ends; Bruno is last whatever the board says.
    for (let i = 0; latest(ana, gameId).status === 'active' && i < 9; i++) {
      const state = latest(ana, gameId);
      const legal = state.legal as { type: string; cell: number }[];
      expect(await ana.request({ action: 'command', gameId, commandId: `a-${state.version}`, command: legal[0] })).toMatchObject({
        type: 'ack',
      });
      await expect.poll(() => latest(ana, gameId).status !== 'active' || latest(ana, gameId).activeSeats.includes(0)).toBe(true);
    }
    const end = latest(ana, gameId);
    expect(end.status).toBe('finished');
    expect(end.outcome).toMatchObject({
      winners: [0],
      resigned: [1],
      results: expect.arrayContaining([expect.objectContaining({ seat: 0, rank: 1 }), expect.objectContaining({ seat: 1, rank: 2 })]),
    });
  });

  it('lets the others vote to end a game after a resignation, the resigner still last', async () => {
    const gameId = await started();
    expect(await bruno.request({ action: 'resign', gameId })).toMatchObject({ type: 'done', version: 3 });
    expect(await ana.request({ action: 'voteEnd', gameId })).toMatchObject({ type: 'done' });
    await expect.poll(() => latest(ana, gameId).status).toBe('finished');
    // Ana was to move when the vote ended the game: now nothing is legal, as every command would get GAME_OVER.
    expect(latest(ana, gameId).legal).toEqual([]);
    expect(await ana.request({ action: 'command', gameId, commandId: 'after-vote', command: { type: 'mark', cell: 4 } })).toMatchObject({
      code: 'GAME_OVER',
    });
    expect(latest(ana, gameId).outcome).toEqual({
      results: [
        { seat: 0, score: 0, rank: 1 },
        { seat: 1, score: 0, rank: 2 },
      ],
      winners: [0],
      resigned: [1],
      ended: 'vote',
    });
  });

  it('with onResign "end", the game ends at once with the resigner last', async () => {
    const gameId = await started('end');
    expect(await ana.request({ action: 'resign', gameId })).toMatchObject({ type: 'done', version: 3 });
    await expect.poll(() => latest(bruno, gameId).version).toBe(3);
    const end = latest(bruno, gameId);
    expect(end).toMatchObject({ status: 'finished', activeSeats: [], resigned: [0] });
    expect(end.outcome).toEqual({
      results: [
        { seat: 1, score: 0, rank: 1 },
        { seat: 0, score: 0, rank: 2 },
      ],
      winners: [1],
      resigned: [0],
      ended: 'resign',
    });
    expect(end.log.at(-1)).toBe('Ana resigned; the game ends here');
    // Ana resigned on her own turn: the frames of the finished game list nothing legal for anyone.
    await expect.poll(() => latest(ana, gameId).version).toBe(3);
    expect([latest(ana, gameId).legal, end.legal]).toEqual([[], []]);
  });

  it('ends the game when nobody is left to play (against a bot)', async () => {
    const { gameId } = await caio.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] });
    await caio.request({ action: 'subscribe', gameId });
    expect(await caio.request({ action: 'resign', gameId })).toMatchObject({ type: 'done', version: 2 });
    await expect.poll(() => latest(caio, gameId).status).toBe('finished');
    expect(latest(caio, gameId).outcome).toMatchObject({ winners: [1], ended: 'resign' });
    expect(latest(caio, gameId).log.at(-1)).toBe('Caio resigned; nobody is left to play, so the game ends here');
  });

  it('refuses a game you are not in, one that is over or not started, and changes nothing', async () => {
    const running = await started();
    const over = await started('end');
    expect(await ana.request({ action: 'resign', gameId: over })).toMatchObject({ type: 'done' });
    const { gameId: open } = await ana.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await server.notified();
    const before = await storedState(server);
    const refusals: [Client, Record<string, unknown>, string, RegExp][] = [
      [caio, { action: 'resign', gameId: running }, 'FORBIDDEN', /only its players can resign/],
      [bruno, { action: 'resign', gameId: over }, 'GAME_OVER', /This game is over/],
      [ana, { action: 'resign', gameId: open }, 'ILLEGAL', /has not started yet/],
      [ana, { action: 'resign', gameId: 'no-such-game' }, 'NOT_FOUND', /no game/],
      [ana, { action: 'resign' }, 'BAD_REQUEST', /gameId/],
    ];
    for (const [client, frame, code, message] of refusals) {
      expect(await client.request<ErrorFrame>(frame), JSON.stringify(frame)).toMatchObject({
        type: 'error',
        code,
        message: expect.stringMatching(message),
      });
    }
    await server.notified();
    expect(await storedState(server)).toBe(before);
  });
});

describe('hiding finished games', () => {
  const listed = async (c: Client) => (await c.request<Games>({ action: 'myGames', limit: 50 })).games.map((g: GameSummary) => g.gameId);

  it('leaves a finished game out of myGames until it is shown again', async () => {
    const [dia, edu] = await Promise.all([register(server.url, 'Dia'), register(server.url, 'Edu')]);
    const d = await Client.connect(server.wsUrl, dia);
    const e = await Client.connect(server.wsUrl, edu);
    const finished = await storeTicTacToe(server.app, dia, { opponent: edu, finish: true });
    const running = await storeTicTacToe(server.app, dia, { opponent: edu });
    expect((await listed(d)).sort()).toEqual([finished, running].sort());

    expect(await d.request({ action: 'hideGame', gameId: finished })).toMatchObject({ type: 'gameHidden', gameId: finished, hidden: true });
    expect(await listed(d)).toEqual([running]);
    // Only for Dia: Edu still sees it.
    expect((await listed(e)).sort()).toEqual([finished, running].sort());
    // Hiding again is the same; showing it again lists it again.
    expect(await d.request({ action: 'hideGame', gameId: finished })).toMatchObject({ hidden: true });
    expect(await d.request({ action: 'unhideGame', gameId: finished })).toMatchObject({ type: 'gameHidden', hidden: false });
    expect((await listed(d)).sort()).toEqual([finished, running].sort());

    // A game still running, another player's, an unknown one: refused, nothing changes.
    await server.notified();
    const before = await storedState(server);
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ action: 'hideGame', gameId: running }, 'ILLEGAL', /only finished games can be hidden/],
      [
        { action: 'hideGame', gameId: await storeTicTacToe(server.app, edu, { opponent: players[2]!, finish: true }) },
        'FORBIDDEN',
        /only its players can hide it/,
      ],
      [{ action: 'hideGame', gameId: 'no-such-game' }, 'NOT_FOUND', /no game/],
    ];
    // The other player's game just finished: its reactions (the ratings reactor's too) run first.
    await server.notified();
    const unchanged = await storedState(server);
    for (const [frame, code, message] of refusals) {
      expect(await d.request<ErrorFrame>(frame), JSON.stringify(frame)).toMatchObject({
        type: 'error',
        code,
        message: expect.stringMatching(message),
      });
    }
    expect(before).not.toBe(unchanged); // the other player's game was stored in between
    expect(await storedState(server)).toBe(unchanged);
    await d.close();
    await e.close();
  });
});
