/**
 * `gameInfo`: what a game is — kind, options, seats, status, clock and its deadlines — without
 * its state, for anyone who asks; a game that does not exist is NOT_FOUND.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../functions/core/protocol/frames';
import { Client, register } from '../support/client';
import { startInProcessServer, type InProcessServer } from '../support/in-process';

let server: InProcessServer;
let now = new Date('2026-06-01T09:00:00.000Z');
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, now: () => now });
});
afterAll(async () => server?.close());

type Info = ServerFrameOf<'gameInfo'>;

describe('gameInfo', () => {
  it("answers a game's kind, seats, status and clock to anyone, and none of its state", async () => {
    const [ana, bea, eve] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bea'), register(server.url, 'Eve')]);
    const [a, b, e] = await Promise.all([
      Client.connect(server.wsUrl, ana),
      Client.connect(server.wsUrl, bea),
      Client.connect(server.wsUrl, eve),
    ]);
    const { gameId } = await a.request<ServerFrameOf<'gameCreated'>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
      clock: { type: 'perMove', hours: 72 },
      listed: true,
    });
    const open = await e.request<Info>({ action: 'gameInfo', gameId });
    expect(open).toMatchObject({
      type: 'gameInfo',
      gameId,
      game: 'tic-tac-toe',
      status: 'open',
      version: 1,
      seats: [{ seat: 0, playerId: ana.playerId, name: 'Ana' }, null],
      activeSeats: [],
      clock: { control: { type: 'perMove', hours: 72 }, deadlines: [null, null] },
      listed: true,
      spectatorChat: false,
      onResign: 'bot',
      createdAt: now.toISOString(),
    });

    now = new Date('2026-06-01T10:00:00.000Z');
    await b.request({ action: 'joinGame', gameId });
    const started = await e.request<Info>({ action: 'gameInfo', gameId });
    expect(started.status).toBe('active');
    expect(started.seats).toEqual([
      { seat: 0, playerId: ana.playerId, name: 'Ana' },
      { seat: 1, playerId: bea.playerId, name: 'Bea' },
    ]);
    // Whoever is to act has 72 hours from the join that started the game.
    const [seat] = started.activeSeats;
    expect(started.clock!.deadlines[seat!]).toBe('2026-06-04T10:00:00.000Z');
    expect(started.clock!.deadlines[1 - seat!]).toBeNull();
    expect(started.updatedAt).toBe(now.toISOString());
    // The state, its view, legal commands and log stay with `subscribe`.
    for (const field of ['state', 'view', 'legal', 'log', 'you']) expect(started).not.toHaveProperty(field);
    // Seated or not, the same answer.
    expect({ ...(await a.request<Info>({ action: 'gameInfo', gameId })), requestId: undefined }).toEqual({
      ...started,
      requestId: undefined,
    });
    await Promise.all([a, b, e].map((c) => c.close()));
  });

  it('refuses a game that does not exist, and a frame without a game', async () => {
    const c = await Client.connect(server.wsUrl, await register(server.url, 'Ida'));
    expect(await c.request({ action: 'gameInfo', gameId: 'no-such-game' })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await c.request({ action: 'gameInfo' })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
    await c.close();
  });
});
