/**
 * Fuzzing the local server from the network, bounded in count and time: generated WebSocket
 * frames (valid and invalid JSON, every action with random fields, Object.prototype names as
 * keys and values) from a player signed in as a device (an expiring v2 token) who sits in none
 * of the target games, and abuse at the byte
 * level (resets mid-upgrade, invalid UTF-8, unmasked, reserved and oversized frames, slow
 * senders, garbage instead of HTTP). Every frame gets answers with a protocol code (never
 * INTERNAL); afterwards the server answers /healthz at once and no target game has changed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, ERROR_CODES, type ServerFrame } from '../../functions/core/protocol/frames';
import { startLocalServer, type LocalServer } from '../../local/server';
import { Client, register, type Player } from '../support/client';
import { signUp } from '../support/accounts';
import { restoreLimits, setLimit } from '../support/limits';
import { connectTcp, upgradeRequest, wsFrame } from '../support/raw-socket';
import { commitsOf } from '../support/table';
import { host } from '../../functions/app/games';

let server: LocalServer;
beforeAll(async () => {
  // The fuzzer sends as fast as it gets answers: the frame rate is not what is tested here.
  setLimit('FRAMES_PER_SECOND', 100_000);
  setLimit('FRAME_BURST', 100_000);
  server = await startLocalServer({ port: 0, dataDir: null });
}, 90_000);
afterAll(async () => {
  await server?.close();
  restoreLimits();
});

const PROTO = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__', 'isPrototypeOf'];
const FIELDS = [
  'action',
  'gameId',
  'commandId',
  'command',
  'type',
  'seat',
  'players',
  'game',
  'bots',
  'bot',
  'options',
  'settings',
  'logLines',
  'logDelta',
  'expectedVersion',
  'cursor',
  'limit',
  'clock',
  'cell',
  'number',
  'area',
  'text',
  'playerId',
  'before',
  'listed',
  'onResign',
  'spectatorChat',
  'watch',
  'deviceId',
  'credentialId',
  'tournamentId',
  'groupId',
  'code',
  'name',
  'format',
  'cap',
  'startAt',
  'until',
  'roundHours',
  'vacation',
  'enter',
  'round',
  'mine',
  'invite',
];
/** Frames the server pushes on its own (watched games, the lobby, chat): not answers to a request. */
const PUSHED = new Set(['presence', 'gameChanged', 'openGameChanged', 'chat']);

/** A JSON object written by hand, so that keys like "__proto__" stay keys. */
const jsonObject = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

async function healthz(): Promise<number> {
  const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
  return res.status;
}

interface Targets {
  ids: string[];
  commits: Map<string, string>;
  tournamentId: string;
  groupId: string;
}

async function snapshot(ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const record = await server.app.get(host).games.fresh(id);
    out.set(
      id,
      JSON.stringify({
        commits: await commitsOf(server.app, id),
        version: record.version,
        state: record.state,
        seats: record.seats,
      }),
    );
  }
  return out;
}

async function targets(a: Player, b: Player): Promise<Targets> {
  const [x, o] = await Promise.all([a, b].map((p) => Client.connect(server.wsUrl, p)));
  const create = async (frame: Record<string, unknown>) =>
    (await x!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({ action: 'createGame', ...frame })).gameId;
  const ttt = await create({ game: 'tic-tac-toe', players: 2 });
  await o!.request({ action: 'joinGame', gameId: ttt });
  await x!.request({ action: 'command', gameId: ttt, commandId: 'first', command: { type: 'mark', cell: 4 } });
  // Listed in the lobby until Bruno joins, and a resignation would end it: the lobby's and resign's paths aim at it too.
  const vdg = await create({ game: 'vasco-da-gama', players: 2, listed: true, onResign: 'end' });
  await o!.request({ action: 'joinGame', gameId: vdg });
  const finished = await create({ game: 'tic-tac-toe', players: 2 });
  await o!.request({ action: 'joinGame', gameId: finished });
  for (const [c, cell] of [
    [x!, 0],
    [o!, 3],
    [x!, 1],
    [o!, 4],
    [x!, 2],
  ] as const)
    await c.request({ action: 'command', gameId: finished, commandId: `f${cell}`, command: { type: 'mark', cell } });
  const withBots = await create({ game: 'goa', players: 3, bots: [1, 2] });
  // A tournament and a group of theirs for the tournaments' and groups' actions to aim at.
  const tournament = await x!.request<Extract<ServerFrame, { type: 'tournamentCreated' }>>({
    action: 'createTournament',
    name: 'Fuzz cup',
    game: 'connect-four',
    format: 'swiss',
    cap: 8,
  });
  const group = await x!.request<Extract<ServerFrame, { type: 'group' }>>({ action: 'createGroup', name: 'Fuzz club' });
  await Promise.all([x!.close(), o!.close()]);
  const ids = [ttt, vdg, finished, withBots];
  // The bots play on after the answer (the Bots function, from the stream): taken once they are done.
  await server.notified();
  return { ids, commits: await snapshot(ids), tournamentId: tournament.tournamentId, groupId: group.groupId };
}

let game: Targets;
let fuzzer: Player;
let people: string[];
beforeAll(async () => {
  // One of each token kind among the target games' players; the fuzzer is a device.
  const [a, b] = await Promise.all([register(server.url, 'Ana'), signUp(server.url, 'Bruno')]);
  fuzzer = await signUp(server.url, 'Fuzz');
  people = [a.playerId, b.playerId];
  game = await targets(a, b);
}, 60_000);

describe('fuzzing', () => {
  it('answers every generated frame with a protocol answer, never INTERNAL, and changes no game it does not sit in', async () => {
    const client = await Client.connect(server.wsUrl, fuzzer);
    const scalar = fc.oneof(
      fc.constantFrom(...PROTO),
      fc.constantFrom(...game.ids),
      fc.string({ maxLength: 24 }),
      fc.integer({ min: -5, max: 2 ** 31 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
      ),
    }));
    const key = fc.oneof(fc.constantFrom(...FIELDS), fc.constantFrom(...PROTO), fc.string({ maxLength: 10 }));
    const entry = fc.tuple(
      key,
      fc.oneof(
        value.map((v) => JSON.stringify(v) ?? 'null'),
        fc.constantFrom(...PROTO.map((p) => `{${JSON.stringify(p)}:{"type":"mark"}}`)),
      ),
    );
    // The fields the actions read, mostly with values that get past parsing (the target games,
    // command types of the games, Object.prototype names), each present or not.
    const fields = fc.record(
      {
        gameId: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...game.ids) }, fc.constantFrom(...PROTO), fc.string({ maxLength: 12 })),
        commandId: fc.oneof(fc.constantFrom(...PROTO), fc.string({ minLength: 1, maxLength: 12 })),
        command: fc.oneof(
          fc.record({
            type: fc.constantFrom('mark', 'place', 'giveUp', 'bid', 'move', 'launch', ...PROTO),
            cell: fc.integer({ min: -1, max: 9 }),
          }),
          value,
        ),
        expectedVersion: fc.integer({ min: -1, max: 20 }),
        game: fc.constantFrom('tic-tac-toe', 'goa', 'navegador', 'vasco-da-gama', ...PROTO),
        players: fc.integer({ min: 0, max: 6 }),
        bots: fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 4 }),
        bot: fc.constantFrom('random', 'safe', 'heuristic', ...PROTO),
        seat: fc.integer({ min: -1, max: 5 }),
        logLines: fc.integer({ min: -1, max: 600 }),
        logDelta: fc.boolean(),
        text: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...PROTO)),
        playerId: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...people), fc.constantFrom(...PROTO)),
        before: fc.integer({ min: -1, max: 5 }),
        listed: fc.boolean(),
        onResign: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('bot', 'end') }, fc.constantFrom(...PROTO)),
        spectatorChat: fc.boolean(),
        watch: fc.boolean(),
        cursor: fc.oneof(fc.string({ minLength: 1, maxLength: 16 }), fc.constantFrom(...PROTO)),
        limit: fc.integer({ min: -1, max: 120 }),
        deviceId: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...PROTO)),
        credentialId: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...PROTO)),
        tournamentId: fc.oneof(
          { weight: 3, arbitrary: fc.constant(game.tournamentId) },
          fc.constantFrom(...PROTO),
          fc.string({ maxLength: 12 }),
        ),
        groupId: fc.oneof({ weight: 3, arbitrary: fc.constant(game.groupId) }, fc.constantFrom(...PROTO), fc.string({ maxLength: 12 })),
        code: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...PROTO)),
        name: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('Ana', 'Bruno', ...PROTO)),
        format: fc.constantFrom('swiss', 'roundRobin', 'elimination', ...PROTO),
        cap: fc.integer({ min: -1, max: 2000 }),
        startAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string({ maxLength: 12 }),
        ),
        until: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string({ maxLength: 12 }),
        ),
        roundHours: fc.integer({ min: -1, max: 2000 }),
        vacation: fc.boolean(),
        enter: fc.boolean(),
        round: fc.integer({ min: -1, max: 70 }),
        mine: fc.boolean(),
        invite: fc.array(fc.oneof(fc.constantFrom(...people), fc.string({ maxLength: 8 })), { maxLength: 6 }),
      },
      { requiredKeys: ['gameId'] },
    );
    // A frame: an action (mostly a real one) with its fields and random others; or any JSON; or any text at all.
    const structured = fc
      // createGame also on its own: however many actions the protocol has, some frames create games.
      .tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ACTIONS) }, fc.constant('createGame'), fc.constantFrom(...PROTO)),
        fields,
        fc.array(entry, { maxLength: 3 }),
      )
      .map(
        ([action, known, extra]) =>
          [action, [...Object.entries(known).map(([k, v]): [string, string] => [k, JSON.stringify(v) ?? 'null']), ...extra]] as const,
      );
    // Frames that create games with a real game and seat count (random fields besides): with so many
    // actions, and fields each present or not, frames built from scratch seldom get that far.
    const creating = fc
      .tuple(
        fc.constantFrom('createGame', 'quickPlay'),
        fields,
        fc.constantFrom('tic-tac-toe', 'goa', 'navegador', 'vasco-da-gama'),
        fc.integer({ min: 2, max: 4 }),
      )
      .map(
        ([action, known, g, players]) =>
          [
            action,
            Object.entries({ ...known, game: g, players }).map(([k, v]): [string, string] => [k, JSON.stringify(v) ?? 'null']),
          ] as const,
      );
    const frame = fc.oneof(
      { weight: 6, arbitrary: structured.map(([action, entries]) => ({ text: null as string | null, action, entries })) },
      { weight: 1, arbitrary: creating.map(([action, entries]) => ({ text: null as string | null, action, entries })) },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ text: JSON.stringify(v), action: null, entries: [] })) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }).map((t) => ({ text: t, action: null, entries: [] })) },
    );
    let n = 0;
    const seen = new Map<string, number>();
    const sent = new Set<string>();
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const id = `fz${++n}`;
        // The request id goes last: JSON.parse keeps the last of duplicate keys.
        const text = f.text ?? jsonObject([['action', JSON.stringify(f.action)], ...f.entries, ['requestId', JSON.stringify(id)]]);
        const from = client.frames.length;
        const sync = `sync${n}`;
        const synced = client.waitFor((x) => x.type === 'pong' && x.requestId === sync, 10_000);
        client.send(text);
        client.send({ action: 'ping', requestId: sync });
        await synced;
        if (f.action) sent.add(f.action);
        const answers = client.frames
          .slice(from)
          .filter(
            (x) => !(x.type === 'pong' && x.requestId === sync) && !PUSHED.has(x.type) && !(x.type === 'state' && !('requestId' in x)),
          );
        // One answer per frame (its request id echoed when the frame was an object with one).
        expect(answers.length, text).toBe(1);
        const answer = answers[0]!;
        seen.set(
          answer.type === 'error' ? answer.code : answer.type,
          (seen.get(answer.type === 'error' ? answer.code : answer.type) ?? 0) + 1,
        );
        if (f.text === null) expect((answer as { requestId?: string }).requestId, text).toBe(id);
        if (answer.type === 'error') {
          expect(ERROR_CODES, text).toContain(answer.code);
          expect(answer.code, `${text} → ${answer.message}`).not.toBe('INTERNAL');
          expect(answer.message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 600, interruptAfterTimeLimit: 25_000, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
    console.log(JSON.stringify({ frames: n, answers: Object.fromEntries(seen) }));
    // The generator reached deep enough to get past parsing.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND', 'state', 'gameCreated']));
    expect(n).toBeGreaterThan(100);
    // Every action of the protocol was sent (the lobby's, chat, ratings, devices too).
    expect(ACTIONS.filter((a) => !sent.has(a))).toEqual([]);
    await client.close();
    expect(await healthz()).toBe(200);
    expect(await snapshot(game.ids)).toEqual(game.commits);
  });

  it('survives byte-level abuse of sockets and HTTP, then answers at once with every game unchanged', async () => {
    const abuse = fc.oneof(
      fc.record({ kind: fc.constant('reset' as const), cut: fc.nat({ max: 300 }), valid: fc.boolean(), waitMs: fc.nat({ max: 20 }) }),
      fc.record({
        kind: fc.constant('frame' as const),
        bytes: fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => wsFrame(Buffer.from([0xc3, 0x28, ...b]))), // invalid UTF-8 first
          fc.string({ maxLength: 40 }).map((t) => wsFrame(t, { mask: false })),
          fc.integer({ min: 3, max: 7 }).map((opcode) => wsFrame('x', { opcode })),
          fc.integer({ min: 11, max: 15 }).map((opcode) => wsFrame('x', { opcode })),
          fc.constant(Buffer.concat([Buffer.from([0xc1]), wsFrame('{"action":"ping"}').subarray(1)])), // RSV1 without an extension
          fc.nat({ max: 200 }).map((n) => wsFrame(Buffer.alloc(126 + n), { opcode: 0x9 })), // control frame too long
          fc.constant(wsFrame('x', { opcode: 0x0 })), // continuation of nothing
          fc.integer({ min: 0, max: 5000 }).map((code) => wsFrame(Buffer.from([code >> 8, code & 0xff]), { opcode: 0x8 })), // close with any code
          fc.bigInt({ min: 33n * 1024n, max: 2n ** 62n }).map((len) => wsFrame(Buffer.alloc(64), { declaredLength: Number(len) })),
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)), // any bytes
        ),
        slowMs: fc.constantFrom(0, 0, 2),
      }),
      fc.record({ kind: fc.constant('http' as const), bytes: fc.uint8Array({ maxLength: 400 }) }),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(abuse, async (a) => {
        runs++;
        const socket = await connectTcp(server.wsUrl);
        socket.on('error', () => undefined);
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        if (a.kind === 'reset') {
          const request = upgradeRequest(server.wsUrl, a.valid ? fuzzer.token : 'garbage');
          socket.write(request.subarray(0, a.cut));
          await new Promise((r) => setTimeout(r, a.waitMs));
          socket.resetAndDestroy();
        } else if (a.kind === 'http') {
          socket.write(Buffer.from(a.bytes));
          socket.end();
          await Promise.race([closed, new Promise((r) => setTimeout(r, 1000))]);
          socket.destroy();
        } else {
          const upgraded = new Promise<void>((resolve) => socket.once('data', () => resolve()));
          socket.write(upgradeRequest(server.wsUrl, fuzzer.token));
          await upgraded;
          if (a.slowMs) {
            for (const byte of a.bytes) {
              if (socket.destroyed) break;
              socket.write(Buffer.from([byte]));
              await new Promise((r) => setTimeout(r, a.slowMs));
            }
          } else socket.write(a.bytes);
          await Promise.race([closed, new Promise((r) => setTimeout(r, 200))]);
          socket.destroy();
        }
        expect(await healthz()).toBe(200);
      }),
      { numRuns: 150, interruptAfterTimeLimit: 20_000, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
    expect(runs).toBeGreaterThan(30);
    // The fuzzer's connections are all gone, and a well-behaved client is served at once.
    const client = await Client.connect(server.wsUrl, fuzzer);
    expect(await client.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    await client.close();
    expect(await snapshot(game.ids)).toEqual(game.commits);
  });
});
