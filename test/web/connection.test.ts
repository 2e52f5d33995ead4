/**
 * The web client's socket over days, in Chromium, with its timing shortened: a visible idle page
 * pings (API Gateway drops sockets idle for 10 minutes); a page hidden for a while closes its
 * socket, so its player counts as offline and gets pushes, and comes back when shown again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { launchChromium } from '../support/browser';
import { register } from '../support/client';
import { waitOffline } from '../support/table';
import { records as recordsPart } from '../../functions/app/games';

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

/** What the test reads and sets inside the page (this project has no DOM types). */
interface PageGlobals {
  pongs: number;
  caravela: { conn: { onFrame(listener: (f: { type: string }) => void): void } };
  document: { visibilityState: string; dispatchEvent(e: unknown): void };
  Event: new (type: string) => unknown;
}

async function waitOnline(playerId: string): Promise<void> {
  while (!(await server.app.get(recordsPart).isOnline(playerId))) await new Promise((r) => setTimeout(r, 50));
}

describe('the web client over days', () => {
  it('pings while visible and idle, closes its socket when hidden a while, and comes back when shown', async () => {
    const ana = await register(server.url, 'Ana');
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(
      (session) => {
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'caravela.session',
          JSON.stringify(session),
        );
        (globalThis as { caravelaTiming?: object }).caravelaTiming = { idleMs: 300, hiddenMs: 600 };
      },
      { playerId: ana.playerId, name: ana.name, token: ana.token },
    );
    const page = await context.newPage();
    await page.goto(server.url);
    await waitOnline(ana.playerId);
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.pongs = 0;
      g.caravela.conn.onFrame((f) => void (f.type === 'pong' && g.pongs++));
    });
    // Visible and idle: pings keep the socket in use.
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).pongs >= 2, undefined, { timeout: 5000 });

    // Hidden: after a while the socket is closed and the server counts Ana offline; no pings meanwhile.
    const setVisibility = (state: string) =>
      page.evaluate((s) => {
        const g = globalThis as unknown as PageGlobals;
        Object.defineProperty(g.document, 'visibilityState', { configurable: true, get: () => s });
        g.document.dispatchEvent(new g.Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await waitOffline(server.app, ana.playerId);
    const pongsWhileAway = await page.evaluate(() => (globalThis as unknown as PageGlobals).pongs);
    await new Promise((r) => setTimeout(r, 800));
    expect(await server.app.get(recordsPart).isOnline(ana.playerId)).toBe(false);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).pongs)).toBe(pongsWhileAway);

    // Shown again: connected at once, the lobby answers again.
    await setVisibility('visible');
    await waitOnline(ana.playerId);
    await page.locator('.status', { hasText: /· online/ }).waitFor({ timeout: 5000 });
    await context.close();
  });
});
