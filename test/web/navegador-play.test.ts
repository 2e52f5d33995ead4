/**
 * Navegador in Chromium: Ana plays whole games against heuristic bots, 2 and 4 players, the
 * window changing between a desk and a phone, every move built on the board (rondel fields,
 * regions, market, buildings, privileges) or beside it (counts, "done") and confirmed (see
 * test/support/click-play.ts for what is checked at every step); a 4-player board fits in two
 * screens of 1366 × 900.
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

describe('Navegador in the browser', () => {
  it('is played to the end by clicking, 2 players, at both sizes, every move built on the board, with no serious accessibility finding', async () => {
    const played = await playByClicking(browser, server, 'navegador', { allOffered: false, axeEvery: 30, sizeEvery: 5 });
    expect(played.clicks).toBeGreaterThan(30);
    expect(played.boardClicks / played.clicks).toBeGreaterThan(0.3);
  }, 600_000);

  it('is played to the end by clicking, 4 players, at both sizes', async () => {
    const played = await playByClicking(browser, server, 'navegador', { allOffered: false, players: 4, sizeEvery: 4, seed: 11 });
    expect(played.boardClicks / played.clicks).toBeGreaterThan(0.3);
  }, 600_000);

  it('draws a 4-player board at most two screens tall at 1366 × 900', async () => {
    expect(await measureBoard(browser, server, 'navegador')).toBeLessThanOrEqual(1800);
  }, 120_000);
});
