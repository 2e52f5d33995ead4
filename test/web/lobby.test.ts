/**
 * The lobby of a player with more games than one page, in Chromium against the local server:
 * the first page at once with the games waiting for the player on top, "Show more games" for the
 * rest until every game is listed once, on a desk and on a phone; pages holding only games in
 * play are followed without asking. Screenshots go to test-results/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { Client, register, type Player } from '../support/client';
import { storeTicTacToe } from '../support/games';

let server: MemoryServer;
let browser: Browser;
let lu: Player;
let bia: Player;
const yourTurn: string[] = [];

beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  browser = await launchChromium();
  // 72 games: finished, open, waiting for the other player, and (created last) Lu's turn against a bot.
  let rui: Player;
  [lu, rui] = await Promise.all([register(server.url, 'Lu'), register(server.url, 'Rui')]);
  for (let i = 0; i < 20; i++) await storeTicTacToe(server.app, rui, { opponent: lu, finish: true });
  for (let i = 0; i < 30; i++) await storeTicTacToe(server.app, lu);
  for (let i = 0; i < 14; i++) await storeTicTacToe(server.app, rui, { opponent: lu });
  for (let i = 0; i < 8; i++) yourTurn.push(await storeTicTacToe(server.app, lu, { bot: true }));
  // Bia has more games in play than a page holds.
  bia = await register(server.url, 'Bia');
  for (let i = 0; i < 35; i++) await storeTicTacToe(server.app, bia, { bot: true });
  for (let i = 0; i < 10; i++) await storeTicTacToe(server.app, rui, { opponent: bia, finish: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The game ids the lobby lists, top to bottom, and which rows say it is Lu's turn. */
const rows = (page: Page) =>
  page.locator('li.game-row').evaluateAll((lis) =>
    lis.map((li) => ({
      gameId: (li as unknown as { dataset: { gameId: string } }).dataset.gameId,
      yourTurn: li.className.includes('your-turn'),
    })),
  );

async function openLobby(width: number, height: number, player = lu, shown = 30): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, ...(width < 500 ? { hasTouch: true } : {}) });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(server.url);
  // Signed in as Lu: the session the sign-in screen would keep.
  await page.evaluate(
    (session) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'caravela.session',
        JSON.stringify(session),
      ),
    { playerId: player.playerId, name: player.name, token: player.token },
  );
  await page.reload();
  await expect.poll(() => page.locator('li.game-row').count(), { timeout: 15_000 }).toBe(shown);
  return page;
}

describe('the lobby', () => {
  it('shows the first page with your turn on top, and the rest on request (1366 px)', async () => {
    const page = await openLobby(1366, 900);
    const first = await rows(page);
    // Every game waiting for Lu is on the first page, on top.
    expect(
      first
        .slice(0, yourTurn.length)
        .map((r) => r.gameId)
        .sort(),
    ).toEqual([...yourTurn].sort());
    expect(first.slice(yourTurn.length).some((r) => r.yourTurn)).toBe(false);
    await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-pages-1366.png'), fullPage: true });

    const more = page.getByRole('button', { name: 'Show more games' });
    await more.click();
    await expect.poll(() => page.locator('li.game-row').count()).toBe(60);
    await more.click();
    await expect.poll(() => page.locator('li.game-row').count()).toBe(72);
    await expect.poll(() => more.count()).toBe(0);
    const all = await rows(page);
    expect(new Set(all.map((r) => r.gameId)).size).toBe(72);
    // Finished games last.
    const states = await page.locator('li.game-row > a').allTextContents();
    expect(states.slice(-20).every((s) => s.includes('Finished'))).toBe(true);
    expect(states.slice(0, -20).some((s) => s.includes('Finished'))).toBe(false);
    await page.context().close();
  });

  it('follows pages that hold only games in play without asking', async () => {
    const page = await openLobby(1366, 900, bia, 45);
    expect(await page.getByRole('button', { name: 'Show more games' }).count()).toBe(0);
    const shown = await rows(page);
    expect(shown.slice(0, 35).every((r) => r.yourTurn)).toBe(true);
    await page.context().close();
  });

  it('fits a phone (390 px)', async () => {
    const page = await openLobby(390, 844);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-pages-390-top.png') });
    const more = page.getByRole('button', { name: 'Show more games' });
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-pages-390.png') });
    await more.click();
    await expect.poll(() => page.locator('li.game-row').count()).toBe(60);
    await page.context().close();
  });
});

describe('the live lobby', () => {
  it('moves a game to the top when it becomes your turn, with the count in the title and the icon, without reloading', async () => {
    const [mia, teo] = await Promise.all([register(server.url, 'Mia'), register(server.url, 'Teo')]);
    const gameId = await storeTicTacToe(server.app, mia, { opponent: teo }); // Mia (X) to move
    const other = await storeTicTacToe(server.app, teo, { opponent: mia }); // Teo (X) to move: waiting for him
    const page = await openLobby(1366, 900, mia, 2);
    const icon = () => page.locator('link[rel="icon"]').getAttribute('href');
    expect(await rows(page)).toEqual([
      { gameId, yourTurn: true },
      { gameId: other, yourTurn: false },
    ]);
    expect(await page.title()).toBe('(1) Your turn — Caravela');
    expect(await icon()).toMatch(/^data:image\/svg\+xml,.*%3E1%3C/); // the badge says 1

    // Teo moves in the other game: it is Mia's turn there too, and the page shows it at once.
    const t = await Client.connect(server.wsUrl, teo);
    expect(await t.request({ action: 'command', gameId: other, commandId: 'teo-1', command: { type: 'mark', cell: 4 } })).toMatchObject({
      type: 'ack',
    });
    await expect.poll(() => page.title()).toBe('(2) Your turn — Caravela');
    expect((await rows(page)).every((r) => r.yourTurn)).toBe(true);
    expect(await icon()).toMatch(/%3E2%3C/);
    expect(await page.locator(`li[data-game-id="${other}"]`).textContent()).toMatch(/Your turn/);

    // Mia moves in the first game (from another device): it leaves the top, the count drops.
    const m = await Client.connect(server.wsUrl, mia);
    expect(await m.request({ action: 'command', gameId, commandId: 'mia-1', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
    });
    await expect.poll(() => page.title()).toBe('(1) Your turn — Caravela');
    expect(await rows(page)).toEqual([
      { gameId: other, yourTurn: true },
      { gameId, yourTurn: false },
    ]);
    await t.close();
    await m.close();
  });
});
