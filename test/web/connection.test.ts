/**
 * The web client's socket over days, in Chromium, with its timing shortened: a visible idle page
 * pings (API Gateway drops sockets idle for 10 minutes); a page hidden for a while closes its
 * socket, so its player counts as offline and gets pushes, and comes back when shown again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { launchChromium } from '../support/browser';
import { Client, register, type Player } from '../support/client';
import type { ServerFrame } from '../../functions/core/protocol/frames';
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

/** A page of a new context, signed in as the player, with the socket's timing shortened. */
async function signedInPage(player: Player, timing: object): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(
    ({ session, timing }) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'caravela.session',
        JSON.stringify(session),
      );
      (globalThis as { caravelaTiming?: object }).caravelaTiming = timing;
    },
    { session: { playerId: player.playerId, name: player.name, token: player.token }, timing },
  );
  return { context, page: await context.newPage() };
}

/** Show or hide the page, as switching tabs does. */
const setVisibility = (page: Page, state: string) =>
  page.evaluate((s) => {
    const g = globalThis as unknown as PageGlobals;
    Object.defineProperty(g.document, 'visibilityState', { configurable: true, get: () => s });
    g.document.dispatchEvent(new g.Event('visibilitychange'));
  }, state);

describe('the web client over days', () => {
  it('pings while visible and idle, closes its socket when hidden a while, and comes back when shown', async () => {
    const ana = await register(server.url, 'Ana');
    const { context, page } = await signedInPage(ana, { idleMs: 300, hiddenMs: 600 });
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
    await setVisibility(page, 'hidden');
    await waitOffline(server.app, ana.playerId);
    const pongsWhileAway = await page.evaluate(() => (globalThis as unknown as PageGlobals).pongs);
    await new Promise((r) => setTimeout(r, 800));
    expect(await server.app.get(recordsPart).isOnline(ana.playerId)).toBe(false);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).pongs)).toBe(pongsWhileAway);

    // Shown again: connected at once, the lobby answers again.
    await setVisibility(page, 'visible');
    await waitOnline(ana.playerId);
    await page.locator('.status', { hasText: /· online/ }).waitFor({ timeout: 5000 });
    await context.close();
  });

  it('opens a game page watching its game from the connection, and again after the page was hidden', async () => {
    const [ana, bo] = await Promise.all([register(server.url, 'Ana-g'), register(server.url, 'Bo-g')]);
    const x = await Client.connect(server.wsUrl, ana);
    const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    const o = await Client.connect(server.wsUrl, bo);
    await o.request({ action: 'joinGame', gameId });
    await Promise.all([x.close(), o.close()]);
    const { context, page } = await signedInPage(ana, { hiddenMs: 300 });
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${server.url}/#/game/${encodeURIComponent(gameId)}`);
    await page.locator('.status', { hasText: /· online/ }).waitFor({ timeout: 10_000 });
    const watched = { game: gameId, logDelta: 'true', lean: 'true' };
    expect(Object.fromEntries(new URL(sockets[0]!).searchParams)).toMatchObject(watched);
    expect(await server.app.get(recordsPart).subscribers(gameId)).toEqual([
      expect.objectContaining({ playerId: ana.playerId, logDelta: true, lean: true }),
    ]);
    await setVisibility(page, 'hidden');
    await waitOffline(server.app, ana.playerId);
    await setVisibility(page, 'visible');
    await waitOnline(ana.playerId);
    await expect.poll(() => sockets.length).toBe(2); // Playwright tells of the socket a moment after the server knows it
    expect(Object.fromEntries(new URL(sockets[1]!).searchParams)).toMatchObject(watched);
    await context.close();
  });
});
