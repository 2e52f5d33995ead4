/**
 * Client-chosen keys and per-player quotas as Lambda instances keep them (the local runtime
 * in-process, without the sole writer's shortcuts): games and subscriptions are counted in the
 * stores with conditional writes. Each limit reached answers RATE_LIMITED and changes nothing
 * else. (Connections per player, counted in the table, and their expiry: connection-limit.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { message as messagePart } from '../../functions/handlers/message';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { restoreLimits, setLimit } from '../support/limits';
import { Client, register } from '../support/client';
import { commitsOf, settledState, storedState } from '../support/table';
import { host } from '../../functions/app/games';
import { connectionCache } from '../../functions/app/connections';

let now = new Date('2026-03-02T10:20:00Z');
let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, tableOnlyRecords: true, now: () => now, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

afterEach(restoreLimits);

type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;
type Created = Extract<ServerFrame, { type: 'gameCreated' }>;

async function ticTacToe(x: Client, o: Client): Promise<string> {
  const { gameId } = await x.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
  await o.request({ action: 'joinGame', gameId });
  return gameId;
}

describe('client-chosen keys are own keys only', () => {
  it('stores and acknowledges command ids named like Object.prototype members, once each', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xana'), register(server.url, 'Otto')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const gameId = await ticTacToe(x, o);
    const ids = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
    let version = 2;
    for (const [i, commandId] of ids.entries()) {
      const mover = i % 2 === 0 ? x : o;
      const frame = { action: 'command', gameId, commandId, command: { type: 'mark', cell: [0, 3, 1, 4, 6][i] } };
      expect(await mover.request(frame)).toEqual({ type: 'ack', requestId: expect.any(String), commandId, version: ++version });
      // The same again is the same move: acknowledged with its version, not stored twice.
      expect(await mover.request(frame)).toMatchObject({ type: 'ack', commandId, version });
    }
    const commits = await commitsOf(server.app, gameId);
    expect(commits.map((c) => c.commandId)).toEqual([null, null, ...ids]);
    // After a reload from the store (another instance), the ids are still known.
    server.app.get(host).games.forget(gameId);
    expect(await x.request({ action: 'command', gameId, commandId: '__proto__', command: { type: 'mark', cell: 1 } })).toMatchObject({
      type: 'ack',
      version: 4,
    });
    await Promise.all([x.close(), o.close()]);
  });

  it("checks the seat before the command id: an unseated player is never acknowledged for a seated one's command", async () => {
    const [xp, op, sp] = await Promise.all([register(server.url, 'Xeno'), register(server.url, 'Oda'), register(server.url, 'Sly')]);
    const [x, o, s] = await Promise.all([xp, op, sp].map((p) => Client.connect(server.wsUrl, p)));
    const gameId = await ticTacToe(x!, o!);
    expect(await x!.request({ action: 'command', gameId, commandId: 'x-first', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
      version: 3,
    });
    const before = await settledState(server);
    for (const commandId of ['x-first', 'constructor', 'toString']) {
      expect(await s!.request({ action: 'command', gameId, commandId, command: { type: 'mark', cell: 0 } })).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
    }
    expect(await storedState(server)).toBe(before);
    await Promise.all([x!, o!, s!].map((c) => c.close()));
  });

  it('refuses bot and game names that are Object.prototype members', async () => {
    const client = await Client.connect(server.wsUrl, await register(server.url, 'Bea'));
    const before = await settledState(server);
    for (const bot of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await client.request<ErrorFrame>({ action: 'createGame', game: 'vasco-da-gama', players: 2, bots: [1], bot });
      expect(answer).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('has no bot') });
    }
    for (const game of ['constructor', '__proto__', 'toString']) {
      expect(await client.request({ action: 'createGame', game, players: 2 })).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await storedState(server)).toBe(before);
    await client.close();
  });
});

describe('quotas', () => {
  it('limits the games a player creates per hour, and again after the hour', async () => {
    setLimit('GAMES_PER_HOUR', 4);
    const client = await Client.connect(server.wsUrl, await register(server.url, 'Gil'));
    // Games against a bot start at once: they count per hour, not as waiting for players.
    const create = () => client.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] });
    for (let i = 0; i < 4; i++) expect(await create()).toMatchObject({ type: 'gameCreated' });
    const before = await settledState(server);
    const refused = await create();
    expect(refused).toMatchObject({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'You have created 4 games this hour, the most one player may. Try again in 40 minutes.',
    });
    expect(await storedState(server)).toBe(before);
    now = new Date(now.getTime() + 40 * 60_000);
    expect(await create()).toMatchObject({ type: 'gameCreated' });
    await client.close();
  });

  it('limits the games a player has waiting for players, until one of them starts', async () => {
    setLimit('OPEN_GAMES', 3);
    const [gp, jp] = await Promise.all([register(server.url, 'Greta'), register(server.url, 'Joao')]);
    const [g, j] = await Promise.all([Client.connect(server.wsUrl, gp), Client.connect(server.wsUrl, jp)]);
    const open: string[] = [];
    for (let i = 0; i < 3; i++) open.push((await g.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2 })).gameId);
    const before = await settledState(server);
    expect(await g.request({ action: 'createGame', game: 'goa', players: 3 })).toMatchObject({
      type: 'error',
      code: 'RATE_LIMITED',
      message: expect.stringContaining('3 games waiting for players'),
    });
    expect(await storedState(server)).toBe(before);
    // A game against bots does not wait: still allowed. Another player is not affected.
    expect(await g.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] })).toMatchObject({ type: 'gameCreated' });
    expect(await j.request({ action: 'createGame', game: 'tic-tac-toe', players: 2 })).toMatchObject({ type: 'gameCreated' });
    // Once Joao joins one of them, it has started: Greta may open another.
    expect(await j.request({ action: 'joinGame', gameId: open[1] })).toMatchObject({ type: 'joined' });
    expect(await g.request({ action: 'createGame', game: 'tic-tac-toe', players: 2 })).toMatchObject({ type: 'gameCreated' });
    expect(await g.request({ action: 'createGame', game: 'tic-tac-toe', players: 2 })).toMatchObject({ code: 'RATE_LIMITED' });
    await Promise.all([g.close(), j.close()]);
  });

  it('counts concurrent creations exactly (conditional writes)', async () => {
    setLimit('GAMES_PER_HOUR', 7);
    const player = await register(server.url, 'Rita');
    const clients = await Promise.all(Array.from({ length: 5 }, () => Client.connect(server.wsUrl, player)));
    const answers = await Promise.all(
      clients.flatMap((c) => [1, 2].map(() => c.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }))),
    );
    expect(answers.filter((a) => a.type === 'gameCreated')).toHaveLength(7);
    expect(answers.filter((a) => a.type === 'error').map((a) => (a as ErrorFrame).code)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('limits the games one connection watches; watching one again is fine', async () => {
    setLimit('SUBSCRIPTIONS_PER_CONNECTION', 3);
    const client = await Client.connect(server.wsUrl, await register(server.url, 'Sam'));
    const games: string[] = [];
    for (let i = 0; i < 4; i++)
      games.push((await client.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] })).gameId);
    for (const gameId of games.slice(0, 3)) expect(await client.request({ action: 'subscribe', gameId })).toMatchObject({ type: 'state' });
    const watching = async () => JSON.stringify(await Promise.all(games.map((g) => server.stores.connections.subscribers(g))));
    const before = await watching();
    expect(await client.request({ action: 'subscribe', gameId: games[3] })).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('at most 3 games'),
    });
    expect(await watching()).toBe(before);
    expect(await client.request({ action: 'subscribe', gameId: games[0] })).toMatchObject({ type: 'state' });
    // Another connection of the same player has its own allowance.
    const other = await Client.connect(server.wsUrl, client.player);
    expect(await other.request({ action: 'subscribe', gameId: games[3] })).toMatchObject({ type: 'state' });
    await Promise.all([client.close(), other.close()]);
  });

  it('answers TOO_LARGE for a message over 32 KB that API Gateway delivers (up to its 128 KB), echoing its requestId', async () => {
    const client = await Client.connect(server.wsUrl, await register(server.url, 'Tom'));
    const connectionId = [...server.app.get(connectionCache).values()].find((c) => c.playerId === client.player.playerId)!.connectionId;
    const deliver = async (body: string) => {
      const answer = client.waitFor<ErrorFrame>((f) => f.type === 'error');
      await server.app.get(messagePart)({
        requestContext: { routeKey: 'ping', eventType: 'MESSAGE', connectionId, domainName: 'localhost', stage: 'local' },
        body,
      });
      return answer;
    };
    const pad = 'x'.repeat(100 * 1024);
    expect(await deliver(JSON.stringify({ action: 'ping', requestId: 'big', pad }))).toEqual({
      type: 'error',
      requestId: 'big',
      code: 'TOO_LARGE',
      message: 'Frames may not exceed 32 KB.',
    });
    // Its requestId anywhere in the object; none when the frame has none, is not JSON, or has one that is not a request id.
    expect(await deliver(JSON.stringify({ pad, action: 'command', requestId: 'late-id' }))).toMatchObject({ requestId: 'late-id' });
    for (const body of [
      JSON.stringify({ action: 'ping', pad }),
      `{"action":"ping","requestId":"cut","pad":"${pad}`,
      JSON.stringify({ requestId: 7, pad }),
    ]) {
      const refused = await deliver(body);
      expect(refused).toMatchObject({ code: 'TOO_LARGE' });
      expect(refused).not.toHaveProperty('requestId');
    }
    expect(await client.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    await client.close();
  });
});
