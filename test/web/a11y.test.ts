/**
 * Accessibility: axe-core (the field's engine, run inside the page) finds no serious or critical
 * violation on any screen — sign-in, lobby, new game, settings, and each game's board mid-game
 * — at desktop and phone width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { findings } from '../support/axe';
import { launchChromium } from '../support/browser';

interface PageGlobals {
  caravela: {
    conn: { request(f: object): Promise<{ gameId?: string }>; state(id: string): { status: string; activeSeats: number[] } | undefined };
  };
  location: { hash: string };
}

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

async function openGame(page: Page, game: string, players: number): Promise<void> {
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const created = await page.evaluate(
    ([gm, p, b]) => (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: gm, players: p, bots: b }),
    [game, players, bots] as const,
  );
  await page.evaluate(
    (id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`),
    created.gameId!,
  );
  await expect
    .poll(
      () =>
        page.evaluate(
          (id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)?.activeSeats.includes(0) ?? false,
          created.gameId!,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.waitForTimeout(200);
}

describe('accessibility (axe-core)', () => {
  for (const width of [1366, 390]) {
    it(`finds no serious or critical violation on any screen at ${width} px`, async () => {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      const report: Record<string, string[]> = {};
      await page.goto(server.url);
      await page.getByLabel('Your name').waitFor();
      report['sign-in'] = await findings(page);
      await page.getByLabel('Your name').fill(`Ana${width}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-screen="lobby"]').waitFor();
      report.lobby = await findings(page);
      await page.goto(`${server.url}/#/new`);
      await page.locator('[data-screen="new-game"]').waitFor();
      report['new game'] = await findings(page);
      await page.goto(`${server.url}/#/settings`);
      await page.locator('[data-screen="settings"] button[type="submit"]').waitFor();
      report.settings = await findings(page);
      for (const [game, players] of [
        ['vasco-da-gama', 4],
        ['navegador', 2],
        ['goa', 2],
        ['tic-tac-toe', 2],
      ] as const) {
        await openGame(page, game, players);
        report[game] = await findings(page);
      }
      expect(Object.entries(report).filter(([, found]) => found.length > 0)).toEqual([]);
    }, 120_000);
  }
});
