/**
 * Cancelling a game that waits for players, through the protocol on the local runtime
 * (in-process): its only person calls it off, and it ends at once with no result — out of the
 * lobby, no rating, nobody can join it after. Anyone else, a game somebody else has joined, or
 * a game in play is refused with a sentence, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register } from '../support/client';

type Created = Extract<ServerFrame, { type: 'gameCreated' }>;
type Info = Extract<ServerFrame, { type: 'gameInfo' }>;
type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;
type OpenGames = Extract<ServerFrame, { type: 'openGames' }>;

let server: InProcessServer;
let ana: Client;
let bruno: Client;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  const players = await Promise.all(['Ana', 'Bruno'].map((n) => register(server.url, n)));
  [ana, bruno] = (await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client];
}, 90_000);
afterAll(async () => {
  await Promise.all([ana, bruno].map((c) => c?.close()));
  await server?.close();
});

const info = (gameId: string) => ana.request<Info>({ action: 'gameInfo', gameId });
const listed = async (gameId: string) =>
  (await ana.request<OpenGames>({ action: 'openGames', game: 'vasco-da-gama' })).games.some((g) => g.gameId === gameId);

describe('cancelGame', () => {
  it('ends a waiting game at once, with no result: out of the lobby, and nobody can join it', async () => {
    const { gameId } = await ana.request<Created>({ action: 'createGame', game: 'vasco-da-gama', players: 3, bots: [2], listed: true });
    await expect.poll(() => listed(gameId)).toBe(true);
    expect(await ana.request({ action: 'cancelGame', gameId })).toMatchObject({ type: 'done', gameId, version: 2 });
    expect(await info(gameId)).toMatchObject({ status: 'finished', version: 2 });
    await expect.poll(() => listed(gameId)).toBe(false);
    expect(await bruno.request<ErrorFrame>({ action: 'joinGame', gameId })).toMatchObject({ type: 'error' });
    // Its state says so: no result, the log line.
    const state = await ana.request<Extract<ServerFrame, { type: 'state' }>>({ action: 'subscribe', gameId });
    expect(state).toMatchObject({ status: 'finished', outcome: null, view: null });
    expect(state.log.at(-1)).toBe('Ana cancelled the game before it started');
    // Again: the game is over.
    expect(await ana.request<ErrorFrame>({ action: 'cancelGame', gameId })).toMatchObject({ type: 'error', code: 'GAME_OVER' });
  });

  it('is refused to anyone not seated, once another person has joined, and once the game is in play; nothing changes', async () => {
    const { gameId } = await ana.request<Created>({ action: 'createGame', game: 'vasco-da-gama', players: 3 });
    const refused = await bruno.request<ErrorFrame>({ action: 'cancelGame', gameId });
    expect(refused).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await bruno.request({ action: 'joinGame', gameId });
    const joined = await ana.request<ErrorFrame>({ action: 'cancelGame', gameId });
    expect(joined).toMatchObject({ type: 'error', code: 'ILLEGAL' });
    expect(joined.message).toMatch(/^Bruno has taken a seat, so the game can no longer be cancelled/);
    expect(await info(gameId)).toMatchObject({ status: 'open', version: 2 });

    const two = await ana.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await bruno.request({ action: 'joinGame', gameId: two.gameId });
    const playing = await ana.request<ErrorFrame>({ action: 'cancelGame', gameId: two.gameId });
    expect(playing).toMatchObject({ type: 'error', code: 'ILLEGAL' });
    expect(playing.message).toMatch(/has started/);
    expect(await info(two.gameId)).toMatchObject({ status: 'active' });
  });
});
