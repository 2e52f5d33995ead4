/**
 * `myGames` in pages, against the local runtime (in-process, on the memory stores): a player with 87 games pages through them — each page at most `limit`, every game
 * exactly once, games in play before open and finished ones and your turn first in each page, every
 * frame far below the frame limit — and a cursor not made for the player is refused, revealing
 * nothing. Most games are written through the store directly (as the host writes a new game:
 * its first commit, then the index), the rest are joined and played through the protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary, ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { storeTicTacToe } from '../support/games';
import { settledState, storedState } from '../support/table';

type Games = Extract<ServerFrame, { type: 'games' }>;
type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

/** Every page of the client's games, following `next` to the end. */
async function allPages(c: Client, limit?: number): Promise<Games[]> {
  const pages: Games[] = [];
  let cursor: string | null = null;
  do {
    const page: Games = await c.request<Games>({ action: 'myGames', ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) });
    expect(page.type).toBe('games');
    pages.push(page);
    cursor = page.next;
  } while (cursor);
  return pages;
}

const PARTS = ['active', 'open', 'finished'];
const rank = (g: GameSummary) => (g.yourTurn ? 0 : 1 + PARTS.indexOf(g.status));

// One player's games, built once and read by every test: the tests are steps in order.
describe('myGames in pages', { shuffle: false }, () => {
  let pia: Player;
  let quim: Player;
  let p: Client;
  let q: Client;
  const open: string[] = [];
  const yourTurn: string[] = [];
  const theirTurn: string[] = [];
  const finished: string[] = [];

  beforeAll(async () => {
    [pia, quim] = await Promise.all([register(server.url, 'Pia'), register(server.url, 'Quim')]);
    [p, q] = await Promise.all([Client.connect(server.wsUrl, pia), Client.connect(server.wsUrl, quim)]);
    // Open games (waiting for a second player) and games against a bot where Pia (X) moves first.
    for (let i = 0; i < 35; i++) open.push(await storeTicTacToe(server.app, pia));
    for (let i = 0; i < 25; i++) yourTurn.push(await storeTicTacToe(server.app, pia, { bot: true }));
    // Quim's games that Pia joins: Quim (X) is to move.
    for (let i = 0; i < 27; i++) {
      const gameId = await storeTicTacToe(server.app, quim);
      expect(await p.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined', seat: 1 });
      (i < 15 ? theirTurn : finished).push(gameId);
    }
    // Twelve of them played to the end through the protocol: X takes the top row.
    for (const gameId of finished) {
      for (const [c, cell] of [
        [q, 0],
        [p, 3],
        [q, 1],
        [p, 4],
        [q, 2],
      ] as const) {
        expect(
          await c.request({ action: 'command', gameId, commandId: `${gameId}-${cell}`, command: { type: 'mark', cell } }),
        ).toMatchObject({ type: 'ack' });
      }
    }
    // The index is written after the answers: wait until the last finished game is indexed as such.
    const indexedFinished = async () => server.stores.playerGames.entries(pia.playerId).filter((i) => i.status === 'finished').length;
    for (let tries = 0; (await indexedFinished()) < finished.length && tries < 100; tries++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(async () => Promise.all([p, q].map((c) => c?.close())));

  it('indexes each game with its status, written when it changes', async () => {
    const index = server.stores.playerGames.entries(pia.playerId);
    const status = new Map(index.map((i) => [i.gameId as string, i.status]));
    expect(index).toHaveLength(87);
    for (const id of open) expect(status.get(id)).toBe('open');
    for (const id of [...yourTurn, ...theirTurn]) expect(status.get(id)).toBe('active');
    for (const id of finished) expect(status.get(id)).toBe('finished');
  });

  it('pages through every game exactly once: in play, open, finished; your turn first in each page', async () => {
    for (const limit of [7, 50]) {
      const pages = await allPages(p, limit);
      expect(pages).toHaveLength(Math.ceil(87 / limit));
      for (const page of pages) {
        expect(page.games.length).toBeGreaterThan(0);
        expect(page.games.length).toBeLessThanOrEqual(limit);
        const ranks = page.games.map(rank);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }
      expect(pages.at(-1)!.next).toBeNull();
      const listed = pages.flatMap((pg) => pg.games);
      const ids = listed.map((g) => g.gameId);
      expect(ids).toHaveLength(87);
      expect(new Set(ids)).toEqual(new Set([...open, ...yourTurn, ...theirTurn, ...finished]));
      // The games in play (every game that may wait for Pia) first, then the open ones, then the finished.
      const parts = listed.map((g) => PARTS.indexOf(g.status));
      expect(parts).toEqual([...parts].sort((a, b) => a - b));
      expect(parts.filter((x) => x === 0)).toHaveLength(yourTurn.length + theirTurn.length);
      expect(
        listed
          .filter((g) => g.yourTurn)
          .map((g) => g.gameId)
          .sort(),
      ).toEqual([...yourTurn].sort());
      expect(listed.filter((g) => g.status === 'finished').every((g) => g.lastMove && !g.yourTurn)).toBe(true);
      // Following `next` until a page holds a game not in play finds every game waiting for Pia.
      const untilNotInPlay = pages.slice(0, pages.findIndex((pg) => pg.games.some((g) => g.status !== 'active')) + 1);
      expect(untilNotInPlay.flatMap((pg) => pg.games).filter((g) => g.yourTurn)).toHaveLength(yourTurn.length);
      if (limit === 50) expect(pages[0]!.games.slice(0, yourTurn.length).every((g) => g.yourTurn)).toBe(true);
    }
  });

  it('answers a client that sends neither limit nor cursor with the first 20 games and a cursor', async () => {
    const first = await p.request<Games>({ action: 'myGames' });
    expect(first.games).toHaveLength(20);
    expect(typeof first.next).toBe('string');
    const second = await p.request<Games>({ action: 'myGames', cursor: first.next });
    expect(second.games).toHaveLength(20);
    expect(second.games.filter((g) => first.games.some((f) => f.gameId === g.gameId))).toEqual([]);
    // A player without games gets an empty last page.
    const nobody = await Client.connect(server.wsUrl, await register(server.url, 'Nadia'));
    expect(await nobody.request({ action: 'myGames' })).toMatchObject({ type: 'games', games: [], next: null });
    await nobody.close();
  });

  it('keeps every games frame far below the frame limit', () => {
    const sizes = p.raw.filter((f) => f.type === 'games').map((f) => Buffer.byteLength(JSON.stringify(f)));
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.max(...sizes)).toBeLessThan(40 * 1024);
  });

  it('refuses a cursor not made for the player, revealing nothing and storing nothing', async () => {
    const before = await settledState(server);
    const quimsPage = await q.request<Games>({ action: 'myGames', limit: 1 });
    expect(quimsPage.next).toEqual(expect.any(String));
    const piasPage = await p.request<Games>({ action: 'myGames', limit: 1 });
    const edited = `${piasPage.next!.slice(0, 10)}${piasPage.next![10] === 'A' ? 'B' : 'A'}${piasPage.next!.slice(11)}`;
    const forged = Buffer.from(JSON.stringify(['u', quimsPage.games[0]!.gameId, 'AAAAAAAAAAAAAAAA'])).toString('base64url');
    for (const cursor of [quimsPage.next!, 'garbage', edited, forged, '%%%', 'W10']) {
      const answer = await p.request<ErrorFrame>({ action: 'myGames', cursor });
      expect(answer).toMatchObject({ type: 'error', code: 'BAD_REQUEST', message: expect.stringMatching(/cursor.*first page/) });
      expect(Object.keys(answer).sort()).toEqual(['code', 'message', 'requestId', 'type']);
      for (const g of quimsPage.games) expect(answer.message).not.toContain(g.gameId);
    }
    for (const bad of [{ limit: 0 }, { limit: 51 }, { limit: 2.5 }, { limit: '5' }, { cursor: '' }, { cursor: 5 }]) {
      expect(await p.request({ action: 'myGames', ...bad })).toMatchObject({
        type: 'error',
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/\w+ \w+/),
      });
    }
    // Quim's own cursor still works for him.
    expect(await q.request({ action: 'myGames', cursor: quimsPage.next })).toMatchObject({ type: 'games' });
    expect(await storedState(server)).toBe(before);
  });
});
