/**
 * Connect Four in Chromium — the game added by following docs/writing-a-game.md is playable in
 * the web client: Ana plays a whole game against the Standard bot by clicking columns (see
 * test/support/click-play.ts for what is checked at every step), and the grid fits a phone.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemoryServer, startLocalServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { playByClicking } from '../support/click-play';
import { openNewGame, signIn, state } from '../support/click-turn';

let server: MemoryServer;
let browser: Browser;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Connect Four in the browser', () => {
  it('is played to the end by clicking columns, every control an exact legal command, with no serious accessibility finding', async () => {
    for (const seed of [3, 11]) {
      const played = await playByClicking(browser, server, 'connect-four', { allOffered: true, axeEvery: 3, seed });
      expect(played.clicks).toBeGreaterThan(3);
      // Every drop is a click on the grid: the panel offers no buttons of its own.
      expect(played.boardClicks).toBe(played.clicks);
    }
  }, 600_000);

  it('shows the grid whole on a phone (390 px) and on a desk, with the colours named', async () => {
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await signIn(page, server.url, `Lia${width}`);
      const gameId = await openNewGame(page, 'connect-four', 2);
      await expect.poll(async () => (await state(page, gameId))?.activeSeats.includes(0) ?? false, { timeout: 30_000 }).toBe(true);
      await page.locator('.board [data-action="drop"]').nth(3).click();
      await expect.poll(async () => (await state(page, gameId))?.activeSeats.includes(0) ?? false, { timeout: 30_000 }).toBe(true);
      await page.waitForTimeout(200);
      await page.locator('.c4').waitFor();
      const grid = await page.locator('.c4').boundingBox();
      expect(grid!.x).toBeGreaterThanOrEqual(0);
      expect(grid!.x + grid!.width).toBeLessThanOrEqual(width);
      expect(await page.locator('.c4-red, .c4-yellow').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('.actions-panel').innerText()).toMatch(/Your discs are (red|yellow)/);
      expect(await findings(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `connect-four-${width}.png`), fullPage: true });
      await page.context().close();
    }
  }, 120_000);
});
