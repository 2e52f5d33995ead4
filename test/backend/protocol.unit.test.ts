/**
 * The protocol against the local runtime (in-process, on the memory stores): races on one
 * version, idempotent retries, and bad input of every kind — each answered with the protocol's
 * error code, storing nothing; log deltas for the subscribers that ask for them. The app runs as
 * the cloud's Lambda instances do: no sole writer's shortcuts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { applyCommit, type GameRecord } from '../../functions/core/record';
import { reconstructedNotes } from '../../domain/engine/sourced';
import { DATA as VDG_DATA } from '../../domain/games/vasco-da-gama/data';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { commitsOf, settledState, storedState } from '../support/table';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, tableOnlyRecords: true });
}, 90_000);
afterAll(async () => server?.close());

type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

async function ticTacToe(x: Client, o: Client): Promise<string> {
  const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 2,
  });
  await o.request({ action: 'joinGame', gameId });
  return gameId;
}

const connectMany = (player: Player, n: number) => Promise.all(Array.from({ length: n }, () => Client.connect(server.wsUrl, player)));

describe('races on one version', () => {
  it('stores exactly one of many conflicting commands; the others get CONFLICT or are decided again', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xavier'), register(server.url, 'Olga')]);
    const xs = await connectMany(xp, 6);
    const os = await connectMany(op, 6);
    const gameId = await ticTacToe(xs[0]!, os[0]!);

    // Six connections of X race for version 2 → 3, each marking another cell, with expectedVersion.
    const answers = await Promise.all(
      xs.map((c, i) =>
        c.request({ action: 'command', gameId, commandId: `x-${i}`, expectedVersion: 2, command: { type: 'mark', cell: i } }),
      ),
    );
    expect(answers.filter((a) => a.type === 'ack')).toEqual([expect.objectContaining({ type: 'ack', version: 3 })]);
    expect(answers.filter((a) => a.type === 'error').map((a) => (a as ErrorFrame).code)).toEqual(Array(5).fill('CONFLICT'));

    // Six connections of O race without expectedVersion: one wins; the rest are decided again
    // on the new state, where it is X's turn.
    const free = [6, 7, 8, 6, 7, 8];
    const answers2 = await Promise.all(
      os.map((c, i) => c.request({ action: 'command', gameId, commandId: `o-${i}`, command: { type: 'mark', cell: free[i] } })),
    );
    expect(answers2.filter((a) => a.type === 'ack')).toEqual([expect.objectContaining({ version: 4 })]);
    expect(answers2.filter((a) => a.type === 'error').map((a) => (a as ErrorFrame).code)).toEqual(Array(5).fill('NOT_YOUR_TURN'));

    // The same commandId twice at once, and once more later: stored once, acknowledged each time.
    const twice = await Promise.all(
      [xs[1]!, xs[2]!].map((c) => c.request({ action: 'command', gameId, commandId: 'x-again', command: { type: 'mark', cell: 5 } })),
    );
    expect(twice).toEqual([expect.objectContaining({ type: 'ack', version: 5 }), expect.objectContaining({ type: 'ack', version: 5 })]);
    expect(await xs[3]!.request({ action: 'command', gameId, commandId: 'x-again', command: { type: 'mark', cell: 5 } })).toMatchObject({
      type: 'ack',
      version: 5,
    });

    // The store holds versions 1..5, one commit each, every command once, and folds to the game.
    const commits = await commitsOf(server.app, gameId);
    expect(commits.map((c) => c.version)).toEqual([1, 2, 3, 4, 5]);
    const ids = commits.map((c) => c.commandId).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    const record = commits.reduce<GameRecord | null>(applyCommit, null)!;
    expect((record.state as { board: (number | null)[] }).board.filter((c) => c !== null)).toHaveLength(3);
    await Promise.all([...xs, ...os].map((c) => c.close()));
  });
});

describe('broadcast', () => {
  it('drops a subscription whose connection is gone, and still acknowledges the command', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xena'), register(server.url, 'Otto')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const gameId = await ticTacToe(x, o);
    await o.request({ action: 'subscribe', gameId });
    // A subscription left behind by a connection that vanished without $disconnect.
    const ghost = { connectionId: 'ghost', playerId: op.playerId, name: 'Otto' };
    await server.stores.connections.putConnection(ghost);
    await server.stores.connections.subscribe(gameId, ghost);
    const seen = o.waitFor((f) => f.type === 'state' && f.version === 3);
    expect(await x.request({ action: 'command', gameId, commandId: 'm1', command: { type: 'mark', cell: 4 } })).toMatchObject({
      type: 'ack',
      version: 3,
    });
    await seen; // the live subscriber got the new state
    const subs = async () => (await server.stores.connections.subscribers(gameId)).map((s) => s.connectionId);
    await expect.poll(subs, { timeout: 10_000 }).toEqual([expect.not.stringMatching('ghost')]);
    await Promise.all([x.close(), o.close()]);
  });
});

describe('a createGame sent again', () => {
  it('creates one game for the same createId sent at once from several sockets and again later', async () => {
    const player = await register(server.url, 'Renata');
    const sockets = await connectMany(player, 4);
    const frame = { action: 'createGame', game: 'tic-tac-toe', players: 2, createId: 'renata-new-1' };
    const answers = await Promise.all(sockets.map((c) => c.request<Extract<ServerFrame, { type: 'gameCreated' }>>(frame)));
    const gameId = answers[0]!.gameId;
    expect(answers).toEqual(sockets.map(() => expect.objectContaining({ type: 'gameCreated', gameId })));
    expect(await sockets[0]!.request(frame)).toMatchObject({ type: 'gameCreated', gameId });
    // One game stored: one first commit of Renata's.
    const firsts = server.stores.games.gameIds().filter((id) => server.stores.games.items(id)[0]?.playerId === player.playerId);
    expect(firsts).toEqual([gameId]);
    // A new createId is a new game.
    expect(await sockets[1]!.request({ ...frame, createId: 'renata-new-2' })).toMatchObject({ gameId: expect.not.stringMatching(gameId) });
    await Promise.all(sockets.map((c) => c.close()));
  });
});

describe('presence', () => {
  it('tells watchers who is online when a player subscribes and when they leave', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xia'), register(server.url, 'Omar')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const gameId = await ticTacToe(x, o);
    const first = await x.request<Extract<ServerFrame, { type: 'state' }>>({ action: 'subscribe', gameId });
    expect(first.online).toEqual([0]);
    const joined = x.waitFor((f) => f.type === 'presence' && f.online.length === 2);
    expect((await o.request<Extract<ServerFrame, { type: 'state' }>>({ action: 'subscribe', gameId })).online).toEqual([0, 1]);
    expect(await joined).toEqual({ type: 'presence', gameId, online: [0, 1] });
    const left = x.waitFor((f) => f.type === 'presence' && f.online.length === 1);
    await o.close();
    expect(await left).toEqual({ type: 'presence', gameId, online: [0] });
    // State frames carry who is online too.
    const next = x.waitFor<Extract<ServerFrame, { type: 'state' }>>((f) => f.type === 'state' && f.version === 3);
    expect(await x.request({ action: 'command', gameId, commandId: 'p1', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
    });
    expect((await next).online).toEqual([0]);
    await x.close();
  });
});

describe('a connection watching a game from its start (?game=)', () => {
  it('gets its changes before any subscribe, in the shape asked for; its subscribe answers the state and tells who came online', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xana'), register(server.url, 'Odete')]);
    const [x, first] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const gameId = await ticTacToe(x, first);
    await first.close();
    await x.request({ action: 'subscribe', gameId });
    const o = await Client.connect(server.wsUrl, op, { game: gameId, logDelta: 'true' });
    // Watching already: X's move reaches O though O has sent nothing, as a log delta.
    const seen = o.waitFor<StateFrame>((f) => f.type === 'state' && f.version === 3);
    await x.request({ action: 'command', gameId, commandId: 'w1', command: { type: 'mark', cell: 4 } });
    await seen;
    expect(o.raw.find((f): f is StateFrame => f.type === 'state' && f.version === 3)).toMatchObject({ logAfter: 2 });
    // Its subscribe (for the whole state) brings its seat online for X.
    const joined = x.waitFor((f) => f.type === 'presence' && f.online.length === 2);
    expect(await o.request<StateFrame>({ action: 'subscribe', gameId, logDelta: true })).toMatchObject({ version: 3, online: [0, 1] });
    expect(await joined).toEqual({ type: 'presence', gameId, online: [0, 1] });
    expect(await server.stores.connections.subscribers(gameId)).toHaveLength(2);
    await Promise.all([x.close(), o.close()]);
  });

  it('refuses a game or an option it cannot read with HTTP 400, recording nothing', async () => {
    const ana = await register(server.url, 'Ana-w');
    for (const query of [{ game: '' }, { game: 'g'.repeat(65) }, { game: 'g1', lean: 'yes' }, { game: 'g1', logDelta: '1' }] as Record<
      string,
      string
    >[])
      await expect(Client.connect(server.wsUrl, ana, query)).rejects.toThrow(/400/);
    expect(await server.stores.connections.isOnline(ana.playerId)).toBe(false);
    expect(await server.stores.connections.subscribers('g1')).toEqual([]);
  });
});

describe('log deltas', () => {
  it('send a logDelta subscriber only the new lines, which rebuild the full log', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xu'), register(server.url, 'Oona')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const gameId = await ticTacToe(x, o);
    const first = await x.request<StateFrame>({ action: 'subscribe', gameId, logDelta: true });
    expect(first).toMatchObject({
      version: 2,
      logStart: 0,
      log: ['Xu created the game', 'Oona took seat 2', 'Xu (X) and Oona (O) start a game of tic-tac-toe'],
    });
    expect(first).not.toHaveProperty('logAfter');
    expect(first).not.toHaveProperty('points'); // tic-tac-toe counts no points
    await o.request({ action: 'subscribe', gameId });
    for (const [i, cell] of [4, 0, 8].entries()) {
      const mover = i % 2 === 0 ? x : o;
      const seen = [x, o].map((c) => c.waitFor<StateFrame>((f) => f.type === 'state' && f.version === 3 + i));
      await mover.request({ action: 'command', gameId, commandId: `d${i}`, command: { type: 'mark', cell } });
      const [merged, full] = (await Promise.all(seen)) as [StateFrame, StateFrame];
      const raw = x.raw.find((f): f is StateFrame => f.type === 'state' && f.version === 3 + i)!;
      expect(raw).toMatchObject({ logAfter: 2 + i, logStart: 3 + i });
      expect(raw.log).toHaveLength(1);
      expect(full).not.toHaveProperty('logAfter');
      expect(merged.log).toEqual(full.log);
      expect(full.log).toHaveLength(4 + i);
    }
    await Promise.all([x.close(), o.close()]);
  });
});

describe('lean frames', () => {
  it("leave out the view's static fields, in the answer and after every change; other subscribers still get them", async () => {
    const player = await register(server.url, 'Leonor');
    const [lean, full] = await Promise.all([Client.connect(server.wsUrl, player), Client.connect(server.wsUrl, player)]);
    const { gameId } = await lean.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 2,
      bots: [1],
    });
    const [a, b] = await Promise.all([
      lean.request<StateFrame>({ action: 'subscribe', gameId, logDelta: true, lean: true }),
      full.request<StateFrame>({ action: 'subscribe', gameId }),
    ]);
    const { about, ...rest } = b.view as { about: string[] };
    expect(about).toEqual(reconstructedNotes(VDG_DATA));
    expect(about.length).toBeGreaterThan(0);
    expect(a.view).toEqual(rest);
    // Every seat's points, the same in either shape (Vasco da Gama's VP so far).
    expect(a.points).toEqual(b.points);
    expect(a.points).toEqual([expect.any(Number), expect.any(Number)]);
    expect(JSON.stringify(a).length).toBeLessThan(JSON.stringify(b).length - JSON.stringify(about).length + 100);
    // A change: both get it, each in its own shape.
    const command = b.legal[0];
    expect(command).toBeDefined();
    const next = [lean, full].map((c) => c.waitFor<StateFrame>((f) => f.type === 'state' && f.version > b.version));
    await full.request({ action: 'command', gameId, commandId: 'lean-1', command });
    const [leanNext, fullNext] = (await Promise.all(next)) as [StateFrame, StateFrame];
    expect(leanNext.view).not.toHaveProperty('about');
    expect((fullNext.view as { about: string[] }).about).toEqual(about);
    await Promise.all([lean.close(), full.close()]);
  });
});

describe('bad input', () => {
  it('answers each with its error code and leaves the store unchanged', async () => {
    const [ana, bruno, carla] = await Promise.all(['Ana', 'Bruno', 'Carla'].map((n) => register(server.url, n)));
    const [a, b, c] = await Promise.all([ana!, bruno!, carla!].map((p) => Client.connect(server.wsUrl, p)));
    const gameId = await ticTacToe(a!, b!);
    const { gameId: openGame } = await c!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 3,
    });

    const cases: [string, Client, unknown, ErrorFrame['code']][] = [
      ['malformed JSON', a!, '{"action": "ping", ', 'BAD_REQUEST'],
      ['not an object', a!, '[1,2]', 'BAD_REQUEST'],
      ['unknown action', a!, { action: 'fly', requestId: 'q1' }, 'BAD_REQUEST'],
      ['wrong types', a!, { action: 'createGame', game: 'tic-tac-toe', players: 'two' }, 'BAD_REQUEST'],
      ['unknown game kind', a!, { action: 'createGame', game: 'chess', players: 2 }, 'NOT_FOUND'],
      ['player count out of range', a!, { action: 'createGame', game: 'vasco-da-gama', players: 5 }, 'BAD_REQUEST'],
      [
        'command for a game one does not sit in',
        c!,
        { action: 'command', gameId, commandId: 'c1', command: { type: 'mark', cell: 0 } },
        'FORBIDDEN',
      ],
      ['command out of turn', b!, { action: 'command', gameId, commandId: 'b1', command: { type: 'mark', cell: 0 } }, 'NOT_YOUR_TURN'],
      ['illegal command', a!, { action: 'command', gameId, commandId: 'a1', command: { type: 'mark', cell: 9 } }, 'BAD_REQUEST'],
      ['command of an unknown type', a!, { action: 'command', gameId, commandId: 'a2', command: { type: 'castle' } }, 'BAD_REQUEST'],
      ['command without a type', a!, { action: 'command', gameId, commandId: 'a3', command: { cell: 1 } }, 'BAD_REQUEST'],
      [
        'stale expectedVersion',
        a!,
        { action: 'command', gameId, commandId: 'a4', expectedVersion: 1, command: { type: 'mark', cell: 0 } },
        'CONFLICT',
      ],
      [
        'command before the game starts',
        c!,
        { action: 'command', gameId: openGame, commandId: 'c2', command: { type: 'giveUp' } },
        'NOT_YOUR_TURN',
      ],
      ['unknown game', a!, { action: 'command', gameId: 'nope', commandId: 'a5', command: { type: 'mark', cell: 0 } }, 'NOT_FOUND'],
      ['subscribe to an unknown game', a!, { action: 'subscribe', gameId: 'nope' }, 'NOT_FOUND'],
      ['join a full game', c!, { action: 'joinGame', gameId }, 'GAME_FULL'],
      ['join a seat that does not exist', a!, { action: 'joinGame', gameId: openGame, seat: 7 }, 'BAD_REQUEST'],
    ];
    const before = await settledState(server);
    for (const [what, client, frame, code] of cases) {
      const answer = client.waitFor<ErrorFrame>((f) => f.type === 'error');
      client.send(frame);
      const error = await answer;
      expect({ what, code: error.code }).toEqual({ what, code });
      expect(error.message.length).toBeGreaterThan(10);
    }
    // Sentences that name a seat count from 0, as the protocol's fields do (Carla sits in seat 0 of the open game).
    const seatSentences: [Client, Record<string, unknown>, string][] = [
      [c!, { action: 'joinGame', gameId: openGame, seat: 1 }, 'You already sit in seat 0 of this game.'],
      [a!, { action: 'joinGame', gameId: openGame, seat: 0 }, 'Seat 0 is taken.'],
      [a!, { action: 'joinGame', gameId: openGame, seat: 3 }, 'This game has seats 0 to 2.'],
      [a!, { action: 'createGame', game: 'vasco-da-gama', players: 3, bots: [1, 3] }, 'Bots can take seats 1 to 2; you take seat 0.'],
      [
        a!,
        { action: 'createGame', game: 'vasco-da-gama', players: 3, bots: [0] },
        'The frame is not valid (bots.0: bots take seats from 1 on; you sit in seat 0).',
      ],
    ];
    for (const [client, frame, message] of seatSentences)
      expect(await client.request(frame)).toMatchObject({ type: 'error', code: expect.any(String), message });
    expect(await storedState(server)).toBe(before);
    // The request id is echoed even on errors.
    expect(await a!.request({ action: 'fly' })).toMatchObject({ type: 'error', requestId: expect.stringMatching(/^r\d+$/) });

    // A finished game refuses commands with GAME_OVER.
    for (const [client, cell] of [
      [a!, 0],
      [b!, 3],
      [a!, 1],
      [b!, 4],
      [a!, 2],
    ] as const) {
      expect(await client.request({ action: 'command', gameId, commandId: `win-${cell}`, command: { type: 'mark', cell } })).toMatchObject({
        type: 'ack',
      });
    }
    const over = await settledState(server);
    expect(await b!.request({ action: 'command', gameId, commandId: 'late', command: { type: 'mark', cell: 8 } })).toMatchObject({
      code: 'GAME_OVER',
    });
    expect(await storedState(server)).toBe(over);
    await Promise.all([a!, b!, c!].map((x) => x.close()));
  });

  it('refuses a WebSocket without a valid token with HTTP 401', async () => {
    const ana = await register(server.url, 'Ana Token');
    for (const token of ['', 'garbage', `${ana.token.slice(0, -2)}xx`, ana.token.replace('v1.', 'v1.e')]) {
      await expect(Client.connect(server.wsUrl, { ...ana, token })).rejects.toThrow(/401/);
    }
  });

  it('validates player registration', async () => {
    for (const body of ['{"name":""}', `{"name":"${'x'.repeat(33)}"}`, 'not json', '{}']) {
      const res = await fetchFrom(`${server.url}/api/players`, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await (await fetchFrom(`${server.url}/healthz`)).json()).toEqual({ ok: true });
  });
});
