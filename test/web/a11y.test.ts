/**
 * Accessibility: axe-core (the field's engine, run inside the page) finds no serious or critical
 * violation on any screen — sign-in, lobby, new game, settings, and each game's board mid-game
 * — at desktop and phone width.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../local/server';
import { launchChromium } from '../support/browser';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}
interface PageGlobals {
  caravela: { conn: { request(f: object): Promise<{ gameId?: string }>; state(id: string): { status: string; activeSeats: number[] } | undefined } };
  axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> };
  location: { hash: string };
}

let server: LocalServer;
let browser: Browser;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Serious and critical findings on the page as it is now, each as "rule: help (where)". */
async function findings(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, so the page's CSP (no inline scripts) does not apply.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => (globalThis as unknown as PageGlobals).axe.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
}

async function openGame(page: Page, game: string, players: number): Promise<void> {
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const created = await page.evaluate(([gm, p, b]) => (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: gm, players: p, bots: b }), [game, players, bots] as const);
  await page.evaluate((id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`), created.gameId!);
  await expect.poll(() => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)?.activeSeats.includes(0) ?? false, created.gameId!), { timeout: 20_000 }).toBe(true);
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
      for (const [game, players] of [['vasco-da-gama', 4], ['navegador', 2], ['goa', 2], ['tic-tac-toe', 2]] as const) {
        await openGame(page, game, players);
        report[game] = await findings(page);
      }
      expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
    }, 120_000);
  }
});
