/**
 * Strangers meet through the lobby, in Chromium against the local server, two browser contexts
 * (a desk at 1366 px and a phone at 390 px): Lia creates a public game with "List publicly";
 * it appears in Noa's open lobby without a reload; Noa joins from the list and they play it to
 * the end; Noa hides it from her list. Then both quick-play into one game, and Noa resigns (after
 * a confirmation): a bot takes her seat and Lia plays on to the end. Every new or changed screen
 * is photographed at both widths (test-results/open-games-*.png), axe-core finds nothing serious,
 * and no text looks like JSON or an internal name.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_NAMES } from '../../domain/games/tic-tac-toe';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';

interface PageGlobals {
  caravela: {
    conn: {
      state(
        id: string,
      ): { version: number; status: string; activeSeats: number[]; you: number | null; legal: { cell: number }[] } | undefined;
    };
  };
  location: { hash: string };
  document: { body: { innerText: string } };
}

let server: MemoryServer;
let browser: Browser;
let lia: Page;
let noa: Page;

beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function player(name: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    ...(width < 500 ? { hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`${name}: page error:`, e.message));
  await page.goto(server.url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-screen="lobby"]').waitFor();
  return page;
}

/** A screenshot at both widths (the page goes back to its own width after), and axe's serious findings. */
async function shoot(page: Page, name: string): Promise<string[]> {
  const own = page.viewportSize()!;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(ARTIFACTS, `open-games-${name}-${width}.png`), fullPage: true });
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
      `${name} fits ${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(own);
  return findings(page);
}

/** No text a player reads looks like JSON or an internal name. */
async function readable(page: Page): Promise<void> {
  const text = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.body.innerText);
  for (const internal of ['{', '"', 'perMove', 'onResign', 'listed', 'undefined', 'null', 'bot:'])
    expect(text, `the page shows ${internal}`).not.toContain(internal);
}

const gameIdOf = async (page: Page) =>
  decodeURIComponent((await page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).replace('#/game/', ''));
const state = (page: Page, gameId: string) =>
  page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id) ?? null, gameId);

/** Mark a cell once it is this page's turn. */
async function mark(page: Page, gameId: string, cell: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await state(page, gameId);
        return s !== null && s.you !== null && s.activeSeats.includes(s.you);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.getByRole('button', { name: `Mark the ${CELL_NAMES[cell]}` }).click();
}

describe('strangers meet through the lobby', () => {
  it('one lists a game, the other sees it appear live, joins from the list, and they finish it', async () => {
    [lia, noa] = await Promise.all([player('Lia', 1366), player('Noa', 390)]);
    // Lia has a tic-tac-toe rating (as the ratings reactor writes it): the lobby shows it beside her name.
    const liaId = await lia.evaluate(
      () =>
        (
          JSON.parse(
            (globalThis as unknown as { localStorage: { getItem(k: string): string } }).localStorage.getItem('caravela.session'),
          ) as { playerId: string }
        ).playerId,
    );
    server.stores.ratings.plantRating(liaId, 'tic-tac-toe', {
      mu: 30,
      sigma: 7.24,
      ordinal: 8.27,
      games: 4,
      wins: 3,
      name: 'Lia',
      updatedAt: '2026-11-20T10:00:00.000Z',
      rev: 1,
    });
    await expect.poll(() => noa.locator('.open-games').textContent()).toContain('No open games right now');

    // Lia creates a public game from the new-game screen.
    await lia.goto(`${server.url}/#/new`);
    await lia.getByLabel('Game', { exact: true }).selectOption('tic-tac-toe');
    await lia.getByLabel('List publicly in the lobby').check();
    expect(await shoot(lia, 'new-game')).toEqual([]);
    await lia.getByRole('button', { name: 'Create the game' }).click();
    await lia.locator('[data-screen="game"]').waitFor();
    const gameId = await gameIdOf(lia);

    // Noa's lobby shows it without a reload: the game, its seats, the clock, who waits.
    const row = noa.locator(`li.open-row[data-game-id="${gameId}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toMatch(/Tic-tac-toe · 1 of 2 seats taken, 1 open\s+No clock\s+Players: Lia \(rating 1,707\)/);
    expect(await shoot(noa, 'lobby')).toEqual([]);
    await readable(noa);

    await row.getByRole('button', { name: 'Join' }).click();
    await noa.locator('[data-screen="game"]').waitFor();
    expect(await gameIdOf(noa)).toBe(gameId);
    // Lia is X and moves first: she takes the top row.
    for (const [page, cell] of [
      [lia, 0],
      [noa, 3],
      [lia, 1],
      [noa, 4],
      [lia, 2],
    ] as const)
      await mark(page, gameId, cell);
    await expect.poll(async () => (await state(noa, gameId))?.status).toBe('finished');
    await expect.poll(() => noa.locator('.headline').textContent()).toMatch(/Lia wins/);

    // Noa hides the finished game: her list no longer shows it.
    const hide = noa.getByRole('button', { name: 'Hide from my list' });
    await hide.scrollIntoViewIfNeeded();
    expect(await shoot(noa, 'finished')).toEqual([]);
    await hide.click();
    await noa.getByText('This game is hidden from your list of games.').waitFor();
    await noa.goto(`${server.url}/#/`);
    await noa.locator('[data-screen="lobby"] li.muted, [data-screen="lobby"] li.game-row').first().waitFor();
    await expect.poll(() => noa.locator(`li.game-row[data-game-id="${gameId}"]`).count()).toBe(0);
    // It left the lobby when it started.
    expect(await noa.locator(`li.open-row[data-game-id="${gameId}"]`).count()).toBe(0);
    // Lia still lists it.
    await lia.goto(`${server.url}/#/`);
    await lia.locator(`li.game-row[data-game-id="${gameId}"]`).waitFor();
  }, 120_000);

  it('both quick-play into one game; Noa resigns after confirming, a bot plays on for her', async () => {
    // Lia (in her lobby) asks for a quick game of tic-tac-toe without a clock: none is open, so one opens.
    await lia.getByLabel('Game', { exact: true }).selectOption('tic-tac-toe');
    await lia.getByLabel('Clock').selectOption('0');
    await lia.getByRole('button', { name: 'Find me a game' }).click();
    await lia.locator('[data-screen="game"]').waitFor();
    const gameId = await gameIdOf(lia);
    await noa.locator(`li.open-row[data-game-id="${gameId}"]`).waitFor({ timeout: 15_000 });
    // Noa asks for the same: she is seated in Lia's game.
    await noa.getByLabel('Game', { exact: true }).selectOption('tic-tac-toe');
    await noa.getByLabel('Clock').selectOption('0');
    expect(await shoot(noa, 'quick-play')).toEqual([]);
    await noa.getByRole('button', { name: 'Find me a game' }).click();
    await noa.locator('[data-screen="game"]').waitFor();
    expect(await gameIdOf(noa)).toBe(gameId);

    await mark(lia, gameId, 4);
    // Noa resigns: asked first, with what it does here; "Keep playing" changes nothing.
    await noa.getByRole('button', { name: 'Resign…' }).click();
    const question = noa.getByRole('group', { name: /Resign from this game/ });
    expect(await question.innerText()).toMatch(
      /A bot plays safe moves for your seat to the end, and you finish last\. This cannot be undone\./,
    );
    await question.scrollIntoViewIfNeeded();
    expect(await shoot(noa, 'resign')).toEqual([]);
    await readable(noa);
    await noa.getByRole('button', { name: 'Keep playing' }).click();
    expect(await state(noa, gameId)).toMatchObject({ status: 'active' });
    await noa.getByRole('button', { name: 'Resign…' }).click();
    await noa.getByRole('button', { name: 'Yes, resign' }).click();
    await noa.getByText('You resigned; a bot plays your seat to the end.').waitFor();
    await lia.locator('.seat[data-seat="1"] .badge.warn').getByText('resigned, a bot plays').waitFor();
    expect(await shoot(lia, 'resigned')).toEqual([]);

    // Lia plays on against the bot until the game ends; Noa ranks last.
    for (let version = 0; ; ) {
      // The bot's answer to the last move first: then it is over, or Lia's turn on a newer board.
      await expect
        .poll(
          async () => {
            const s = (await state(lia, gameId))!;
            return s.version > version && (s.status !== 'active' || s.activeSeats.includes(0));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const s = (await state(lia, gameId))!;
      if (s.status !== 'active') break;
      version = s.version;
      await mark(lia, gameId, s.legal[0]!.cell);
    }
    await expect.poll(async () => (await state(lia, gameId))?.status, { timeout: 15_000 }).toBe('finished');
    await expect.poll(() => noa.locator('.headline').textContent()).toBe('Lia wins.'); // tic-tac-toe: a win flag, no points
  }, 120_000);
});
