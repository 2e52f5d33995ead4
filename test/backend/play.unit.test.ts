/**
 * Four protocol clients play a whole 4-player game of Vasco da Gama through the local runtime
 * (in-process: the app on the memory stores), choosing every command from `legal`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { Client, register } from '../support/client';
import { recordsByVersion } from '../support/table';
import { expectEveryVersionToTheEnd, playToEnd } from '../support/play';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer();
}, 90_000);
afterAll(async () => server?.close());

describe('a 4-player game through the local server', () => {
  it('is played to the end from the legal lists; everyone sees every version in order and the outcome', async () => {
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte'];
    const players = await Promise.all(names.map((n) => register(server.url, n)));
    const clients = await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)));
    const created = await clients[0]!.request<{ type: 'gameCreated'; gameId: string }>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 4,
    });
    expect(created.type).toBe('gameCreated');
    const { gameId } = created;
    for (const c of clients) expect((await c.request<StateFrame>({ action: 'subscribe', gameId })).type).toBe('state');
    for (const [i, c] of clients.slice(1).entries()) {
      const joined = await c.request({ action: 'joinGame', gameId });
      expect(joined).toMatchObject({ type: 'joined', gameId, seat: i + 1 });
    }
    await playToEnd(clients, gameId, 42);

    for (const c of clients) {
      // From the version seen at subscription on, each version exactly once, in order.
      const last = expectEveryVersionToTheEnd(c, gameId);
      expect(last.outcome).toMatchObject({ winners: expect.any(Array), results: expect.any(Array) });
      expect(last.legal).toEqual([]);
    }
    const finals = clients.map((c) => c.latest(gameId)!);
    expect(new Set(finals.map((f) => f.version)).size).toBe(1);
    expect(finals[0]!.version).toBeGreaterThan(150);

    // No frame sent to any seat holds a face-down tile, the bag or the generator state: each
    // frame is checked against the true state at its version, rebuilt from the stored commits.
    const truth = await recordsByVersion(server.app, gameId);
    let checked = 0;
    for (const c of clients) {
      for (const frame of c.states(gameId)) {
        const state = truth.get(frame.version)!.state as VdgState | null;
        if (!state) continue;
        const json = JSON.stringify(frame);
        for (const id of [...state.vdg.deck, ...state.merchant.deck, ...state.decks.flat()]) expect(json).not.toContain(`"${id}"`);
        expect(json).not.toMatch(/"rng"|"bag":\{/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(600);
    // Every frame stays far below API Gateway's 128 KB message limit.
    const largest = Math.max(...clients.flatMap((c) => c.states(gameId).map((f) => Buffer.byteLength(JSON.stringify(f)))));
    expect(largest).toBeLessThan(120 * 1024);

    const games = await clients[2]!.request<Extract<ServerFrame, { type: 'games' }>>({ action: 'myGames' });
    expect(games.games).toContainEqual(expect.objectContaining({ gameId, status: 'finished', yourSeat: 2 }));
    await Promise.all(clients.map((c) => c.close()));
  });
});
