/**
 * Goa in Chromium: Ana plays a whole 2-player game against the heuristic bot by clicking
 * grid squares, supply-board spots and panel buttons (see test/support/click-play.ts for what is checked at
 * every step); a 4-player board fits in two screens of 1366 × 900.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { launchChromium } from '../support/browser';
import { measureBoard, playByClicking } from '../support/click-play';

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

describe('Goa in the browser', () => {
  it('is played to the end by clicking, every control an exact legal command, with no serious accessibility finding', async () => {
    const played = await playByClicking(browser, server, 'goa', { allOffered: true, axeEvery: 15 });
    expect(played.clicks).toBeGreaterThan(30);
    // Board controls as well as the panel's (how many depends on the game the server's seed deals: 5 to 20 seen).
    expect(played.boardClicks).toBeGreaterThan(0);
  }, 600_000);

  it('draws a 4-player board at most two screens tall at 1366 × 900', async () => {
    expect(await measureBoard(browser, server, 'goa')).toBeLessThanOrEqual(1800);
  }, 120_000);
});
