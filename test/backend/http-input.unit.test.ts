/**
 * Player-chosen text and malformed URLs over HTTP, against the local runtime (in-process): each bad name gets
 * 400 with the text rule's sentence and stores nothing; a good name is stored, signed into the
 * token and shown to others in its normalised form; a game id with broken percent-encoding is
 * a 400 (after the token check), not a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { checkPlayerText, NAME_RULE } from '../../functions/core/protocol/text';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { get } from '../support/accounts';
import { storeTicTacToe } from '../support/games';
import { storedState } from '../support/table';
import { playerStore } from '../../functions/app/players';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, tableOnlyRecords: true });
}, 90_000);
afterAll(async () => server?.close());

const post = (body: string) =>
  fetchFrom(`${server.url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** The name inside a token (its payload is base64url JSON {p, n}). */
const tokenName = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { n: string }).n;

describe('POST /api/players', () => {
  const bad = [
    'Ana\u0000',
    'Ana\u001b[2J',
    'Ana\nMaria',
    'Ana\tMaria',
    '\u202eanA',
    'Ana\u2066x',
    'A\u200bna',
    'An\ufeffa',
    '\u3164',
    '\u2800\u2800',
    '   ',
    '\u0301\u0301',
    'Ana\ue000',
    'x'.repeat(33),
    'e\u0301'.repeat(33),
    `a${'\u0301'.repeat(31)}`, // 31 combining marks on one letter
  ];

  it("answers each bad name with 400 and the rule's sentence, and stores nothing", async () => {
    const before = await storedState(server);
    for (const name of bad) {
      const res = await post(JSON.stringify({ name }));
      expect(res.status, JSON.stringify(name)).toBe(400);
      const expected = checkPlayerText(name, NAME_RULE);
      expect(expected.ok).toBe(false);
      expect(await res.json()).toEqual({ code: 'BAD_REQUEST', message: (expected as { message: string }).message });
    }
    // JSON can carry an unpaired surrogate as an escape.
    const lone = await post('{"name":"Ana\\ud800"}');
    expect(lone.status).toBe(400);
    expect(await lone.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Names must be valid Unicode text (found the unpaired surrogate U+D800).',
    });
    expect(await storedState(server)).toBe(before);
  });

  it('keeps the general sentence for a missing or non-string name and for bodies that are not JSON', async () => {
    const before = await storedState(server);
    for (const body of ['{}', '{"name":42}', '[]', '"Ana"', 'null']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'BAD_REQUEST', message: 'A name of 1 to 32 characters is required, like {"name":"Ana"}.' });
    }
    expect(await (await post('not json')).json()).toEqual({ code: 'BAD_REQUEST', message: 'Send JSON like {"name":"Ana"}.' });
    expect(await storedState(server)).toBe(before);
  });

  it('stores, signs and shows the NFC name with one space between words', async () => {
    const typed = '  Jose\u0301   Nguye\u0302\u0303n ';
    const normal = 'Jos\u00e9 Nguy\u1ec5n';
    const res = await post(JSON.stringify({ name: typed }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { playerId: string; token: string; name: string };
    expect(body.name).toBe(normal);
    expect(tokenName(body.token)).toBe(normal);
    expect(await server.app.get(playerStore).playerName(body.playerId)).toBe(normal);

    // Other players read it in the game's log and seats exactly so.
    const jose: Player = { playerId: body.playerId, token: body.token, name: normal };
    const olga = await post(JSON.stringify({ name: 'Olga' })).then((r) => r.json() as Promise<Player>);
    const [j, o] = await Promise.all([Client.connect(server.wsUrl, jose), Client.connect(server.wsUrl, olga)]);
    const { gameId } = await j.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await o.request({ action: 'joinGame', gameId });
    const state = await o.request<Extract<ServerFrame, { type: 'state' }>>({ action: 'subscribe', gameId });
    expect(state.log[0]).toBe(`${normal} created the game`);
    await Promise.all([j.close(), o.close()]);
  });

  it('accepts emoji, CJK and 32 decomposed letters', async () => {
    for (const [name, stored] of [
      ['🐙 Ana', '🐙 Ana'],
      ['👩‍👩‍👧', '👩‍👩‍👧'],
      ['王小明', '王小明'],
      ['e\u0301'.repeat(32), '\u00e9'.repeat(32)],
    ]) {
      const res = await post(JSON.stringify({ name }));
      expect(res.status).toBe(201);
      expect(((await res.json()) as { name: string }).name).toBe(stored);
    }
  });
});

describe('GET /api/games/{id}/replay with a malformed id', () => {
  const replay = (path: string, token?: string) =>
    fetchFrom(`${server.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('answers 401 without a token, 400 with one; a well-formed unknown id is still 404', async () => {
    const { token } = (await (await post('{"name":"Rita"}')).json()) as Player;
    for (const id of ['%E0%A4%A', '%', '%zz', '%ED%A0%80', 'abc%C3']) {
      const path = `/api/games/${id}/replay`;
      const anonymous = await replay(path);
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const signed = await replay(path, token);
      expect(signed.status, path).toBe(400);
      expect(await signed.json()).toEqual({
        code: 'BAD_REQUEST',
        message:
          'The game id in this URL is not valid percent-encoding: each % must be followed by two hex digits that together spell UTF-8, like %C3%A9. Send the game id as the server gave it.',
      });
    }
    expect((await replay(`/api/games/${encodeURIComponent('no such game é')}/replay`, token)).status).toBe(404);
  });
});

describe('GET /api/games/{id}/replay', () => {
  it("answers a finished game's whole history to anyone, a running game's own commit times to its players only", async () => {
    const [ana, bruno, carla] = await Promise.all(['Ana', 'Bruno', 'Carla'].map((n) => register(server.url, n)));
    const finished = await storeTicTacToe(server.app, ana!, { opponent: bruno!, finish: true });
    const running = await storeTicTacToe(server.app, ana!, { opponent: bruno! });
    // The support code checks each body against docs/schemas/http.json (FinishedReplay, RunningReplay, Error).
    const whole = await get<{ status: string; commits: { version: number; seat: number | null; events: { type: string }[] }[] }>(
      server.url,
      `/api/games/${finished}/replay`,
      carla!.token,
    );
    expect(whole.status).toBe(200);
    expect(whole.body.status).toBe('finished');
    expect(whole.body.commits.map((c) => [c.version, c.seat])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 1],
      [5, 0],
      [6, 1],
      [7, 0],
    ]);
    expect(whole.body.commits[0]!.events[0]!.type).toBe('$created');
    const own = await get<{ you: number; commits: object[] }>(server.url, `/api/games/${running}/replay`, bruno!.token);
    expect(own).toMatchObject({ status: 200, body: { status: 'active', you: 1 } });
    expect(own.body.commits).toEqual([{ version: 2, at: expect.any(String), seat: 1 }]);
    expect(await get(server.url, `/api/games/${running}/replay`, carla!.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});
