/**
 * The cursors of the public lists (functions/core/list-cursor.ts) through the protocol, on the
 * local runtime in-process: the lobby's pages (`openGames`) and the leaderboards page on with the
 * cursors they hand out, and refuse with BAD_REQUEST, changing nothing, every cursor the server did
 * not give for that list — one made by hand (a listing's real position; a real leaderboard key
 * claiming a million entries before it), one edited, one of another game filter, another game's
 * board or another kind of list. A cursor outlives a rotation of the token keys while its key is
 * kept in the set, and is refused once the key is dropped (the client asks for the first page again).
 * Then the seal on its own: bound to its list and its kid's key, and no token signed with that key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signingKeys } from '../../functions/app/keys';
import { RETIRED_KEEP_MS } from '../../functions/core/key-set';
import { openCursor, sealCursor } from '../../functions/core/list-cursor';
import type { LeaderboardFrame, ServerFrame } from '../../functions/core/protocol/frames';
import { rateGame } from '../../functions/core/rate';
import type { RatedSeat } from '../../functions/core/ratings';
import { issueAccessToken } from '../../functions/core/session-token';
import { rotateKeyFile } from '../../scripts/rotate-key';
import { Client, register } from '../support/client';
import { startInProcessServer, type InProcessServer } from '../support/in-process';

type Page = Extract<ServerFrame, { type: 'openGames' }>;
type Created = Extract<ServerFrame, { type: 'gameCreated' }>;

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** The same cursor with one character of its signature changed. */
const edited = (cursor: string) => `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;

let server: InProcessServer;
let dataDir: string;
let ana: Client;

// A server of its own for each test (cheap in-process), with a data folder: its token key set is
// the file DATA_DIR/secret, which a test rotates as scripts/rotate-key.ts does.
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caravela-cursors-'));
  // Requests follow each other within a millisecond: a clock that moves on at every reading keeps "oldest first" strict.
  let at = Date.now();
  server = await startInProcessServer({ dataDir, sweepIntervalMs: 0, now: () => new Date(++at) });
  ana = await Client.connect(server.wsUrl, await register(server.url, 'Ana'));
});
afterEach(async () => {
  await ana?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Listed games Ana creates, oldest first. */
async function listed(game: string, n: number): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < n; i++) made.push((await ana.request<Created>({ action: 'createGame', game, players: 2, listed: true })).gameId);
  await server.notified();
  return made;
}

/** Rated players on a game's board: one finished game of `n` people, ranked in seat order (so the board is best first in that order). */
async function rated(game: string, n: number): Promise<string[]> {
  const seats: RatedSeat[] = Array.from({ length: n }, (_, i) => ({ seat: i, playerId: `${game}-p${i}`, name: `P${i}`, rank: i + 1 }));
  const store = server.stores.ratings;
  const before = await store.current(
    game,
    seats.map((s) => s.playerId),
  );
  expect(await store.apply({ gameId: `rated-${game}`, game, at: '2026-01-01T00:00:00.000Z', seats }, rateGame(seats, before))).toBe(
    'stored',
  );
  return seats.map((s) => s.playerId);
}

async function refused(frame: Record<string, unknown>, what: string): Promise<void> {
  expect(await ana.request(frame), what).toMatchObject({
    type: 'error',
    code: 'BAD_REQUEST',
    message: expect.stringMatching(/not one the server gave.*first page again/),
  });
}

describe('the cursors of the lobby and the leaderboards', () => {
  it('openGames pages on with its own cursors and refuses one it did not give for that list, changing nothing', async () => {
    const navegador = await listed('navegador', 3);
    await listed('goa', 1);
    const first = await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 2 });
    expect(first.games.map((g) => g.gameId)).toEqual(navegador.slice(0, 2));
    expect(first.next).toEqual(expect.any(String));
    const second = await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 2, cursor: first.next });
    expect(second).toMatchObject({ next: null });
    expect(second.games.map((g) => g.gameId)).toEqual(navegador.slice(2));
    // The same cursor again: the same page.
    expect(await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 2, cursor: first.next })).toMatchObject({
      games: second.games,
      next: null,
    });
    // Every game's list pages with cursors of its own.
    const all = await ana.request<Page>({ action: 'openGames', limit: 1 });
    const allNext = await ana.request<Page>({ action: 'openGames', limit: 3, cursor: all.next });
    expect([...all.games, ...allNext.games].map((g) => g.gameId).sort()).toEqual(
      [...navegador, ...(await ana.request<Page>({ action: 'openGames', game: 'goa' })).games.map((g) => g.gameId)].sort(),
    );

    // A cursor made by hand from a real listing's position (the table's key of the second game): refused.
    const shown = first.games[1]!;
    const invented = base64url(`OPEN#navegador#${shown.createdAt}#${shown.gameId}`);
    await refused({ action: 'openGames', game: 'navegador', limit: 2, cursor: invented }, 'invented');
    await refused({ action: 'openGames', limit: 2, cursor: invented }, 'invented, every game');
    await refused({ action: 'openGames', game: 'navegador', cursor: edited(first.next!) }, 'edited');
    // A cursor of one list is no cursor of another: another game filter, every game's, one game's.
    await refused({ action: 'openGames', game: 'goa', cursor: first.next }, 'navegador cursor, goa list');
    await refused({ action: 'openGames', cursor: first.next }, 'navegador cursor, every game');
    await refused({ action: 'openGames', game: 'navegador', cursor: all.next }, 'every game cursor, navegador list');
    await refused({ action: 'openGames', game: 'navegador', cursor: 'garbage' }, 'garbage');

    // Refused with `watch`: no watch is taken.
    await refused({ action: 'openGames', game: 'navegador', watch: true, cursor: invented }, 'invented, with watch');
    expect(await server.stores.listings.watchers('navegador')).toEqual([]);
  });

  it('leaderboard pages on with its own cursors and refuses one it did not give for that board', async () => {
    const goa = await rated('goa', 3);
    await rated('navegador', 3);
    const first = await ana.request<LeaderboardFrame>({ action: 'leaderboard', game: 'goa', limit: 2 });
    expect(first.entries.map((e) => [e.rank, e.playerId])).toEqual([
      [1, goa[0]],
      [2, goa[1]],
    ]);
    const second = await ana.request<LeaderboardFrame>({ action: 'leaderboard', game: 'goa', limit: 2, cursor: first.next });
    expect(second).toMatchObject({ entries: [{ rank: 3, playerId: goa[2] }], next: null });

    // A cursor made by hand: a real position on the board, claiming a million entries came before it (made-up ranks).
    const [, realKey] = (await server.stores.ratings.leaders('goa', 2)).entries.map((e) => e.key);
    for (const n of [1_000_000, 2, 0]) {
      await refused({ action: 'leaderboard', game: 'goa', cursor: base64url(JSON.stringify({ k: realKey, n })) }, `invented n=${n}`);
    }
    await refused({ action: 'leaderboard', game: 'goa', cursor: edited(first.next!) }, 'edited');
    // Another game's board, and the lobby's cursors, are other lists.
    await refused({ action: 'leaderboard', game: 'navegador', cursor: first.next }, 'goa cursor, navegador board');
    await listed('goa', 2);
    const lobby = await ana.request<Page>({ action: 'openGames', game: 'goa', limit: 1 });
    await refused({ action: 'leaderboard', game: 'goa', cursor: lobby.next }, 'lobby cursor, leaderboard');
    await refused({ action: 'openGames', game: 'goa', cursor: first.next }, 'leaderboard cursor, lobby');
  });

  it('outlive a rotation of the token keys while their key is kept, and are refused once it is dropped', async () => {
    const navegador = await listed('navegador', 3);
    const goa = await rated('goa', 3);
    const kidOf = (cursor: string | null) => cursor?.split('.')[1];
    const lobby = await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 1 });
    const board = await ana.request<LeaderboardFrame>({ action: 'leaderboard', game: 'goa', limit: 1 });
    expect([kidOf(lobby.next), kidOf(board.next)]).toEqual(['k0', 'k0']);

    rotateKeyFile(path.join(dataDir, 'secret'));
    await server.app.get(signingKeys).reload();
    // The retired key's cursors page on; the pages after them carry the new key's.
    const lobby2 = await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 1, cursor: lobby.next });
    expect(lobby2.games.map((g) => g.gameId)).toEqual([navegador[1]]);
    const board2 = await ana.request<LeaderboardFrame>({ action: 'leaderboard', game: 'goa', limit: 1, cursor: board.next });
    expect(board2.entries.map((e) => [e.rank, e.playerId])).toEqual([[2, goa[1]]]);
    expect([kidOf(lobby2.next), kidOf(board2.next)]).toEqual(['k1', 'k1']);

    // A day later another rotation drops k0 (the operator drops the legacy key too): its cursors are refused, k1's still page.
    rotateKeyFile(path.join(dataDir, 'secret'), { now: new Date(Date.now() + RETIRED_KEEP_MS + 60_000), dropLegacy: true });
    await server.app.get(signingKeys).reload();
    await refused({ action: 'openGames', game: 'navegador', limit: 1, cursor: lobby.next }, 'lobby cursor of a dropped key');
    await refused({ action: 'leaderboard', game: 'goa', limit: 1, cursor: board.next }, 'leaderboard cursor of a dropped key');
    expect(await ana.request<Page>({ action: 'openGames', game: 'navegador', limit: 1, cursor: lobby2.next })).toMatchObject({
      games: [{ gameId: navegador[2] }],
      next: null,
    });
    expect(await ana.request<LeaderboardFrame>({ action: 'leaderboard', game: 'goa', limit: 1, cursor: board2.next })).toMatchObject({
      entries: [{ rank: 3, playerId: goa[2] }],
      next: null,
    });
  });
});

describe('a list cursor (core/list-cursor.ts)', () => {
  const keys: Record<string, string> = { k0: 'a-first-secret-long-enough', k1: 'a-second-secret-long-enough' };
  const keyOf = (kid: string) => (Object.hasOwn(keys, kid) ? keys[kid] : undefined);
  const position = 'OPEN#goa#2026-01-01T10:00:00.000Z#abc_DEF-123';

  it('opens to its position for its own list only, with the key its kid names', async () => {
    const cursor = sealCursor('openGames:goa', position, 'k0', keys.k0!);
    expect(await openCursor('openGames:goa', cursor, keyOf)).toBe(position);
    expect(await openCursor('openGames:*', cursor, keyOf)).toBeNull();
    expect(await openCursor('leaderboard:goa', cursor, keyOf)).toBeNull();
    // Named with another kid of the set, or with a kid the set does not hold: no cursor.
    expect(await openCursor('openGames:goa', cursor.replace('.k0.', '.k1.'), keyOf)).toBeNull();
    expect(await openCursor('openGames:goa', cursor.replace('.k0.', '.k9.'), keyOf)).toBeNull();
    // Another position under the same signature, the signature cut short or grown: no cursor.
    const [c, kid, , mac] = cursor.split('.');
    const other = Buffer.from(position.replace('abc', 'abd')).toString('base64url');
    expect(await openCursor('openGames:goa', [c, kid, other, mac].join('.'), keyOf)).toBeNull();
    expect(await openCursor('openGames:goa', cursor.slice(0, -2), keyOf)).toBeNull();
    expect(await openCursor('openGames:goa', `${cursor}A`, keyOf)).toBeNull();
  });

  it('is no token signed with the same key, nor a token a cursor', async () => {
    const token = issueAccessToken({ playerId: 'p', name: 'Ana', deviceId: 'd' }, 'k0', keys.k0!, new Date());
    expect(await openCursor('openGames:goa', token, keyOf)).toBeNull();
    expect(await openCursor('openGames:goa', token.replace(/^v2\./, 'c1.'), keyOf)).toBeNull();
  });
});
