/**
 * A player studying the board is never moved: when moves arrive (here a bot's answers to each of
 * Ana's commands), the window keeps its scroll position; only the log's own box follows new
 * lines, and only if the reader was at its end. When the turn comes back to her, a chime sounds.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';

interface PageGlobals {
  caravela: {
    conn: {
      state(id: string): { version: number; legal: { type: string }[]; activeSeats: number[]; you: number; status: string } | undefined;
      request(f: object): Promise<{ type: string; gameId?: string }>;
    };
  };
  scrollY: number;
  scrollTo(x: number, y: number): void;
  location: { hash: string };
  document: {
    documentElement: { scrollHeight: number };
    querySelector(s: string): { scrollTop: number; scrollHeight: number; clientHeight: number } | null;
  };
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

describe('the game screen while moves arrive', () => {
  it('keeps the window where the player left it, and the log box at its end', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    // The turn chime: every tone the page starts is counted.
    await page.addInitScript(() => {
      const g = globalThis as unknown as { tones: number; AudioContext: { prototype: { createOscillator(): unknown } } };
      g.tones = 0;
      const make = g.AudioContext.prototype.createOscillator;
      g.AudioContext.prototype.createOscillator = function (this: unknown) {
        g.tones++;
        return make.call(this);
      };
    });
    const tones = () => page.evaluate(() => (globalThis as unknown as { tones: number }).tones);
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('[data-screen="lobby"]').count()).toBe(1);
    const created = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: 'vasco-da-gama', players: 2, bots: [1] }),
    );
    const gameId = created.gameId!;
    await page.evaluate((id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`), gameId);
    await expect
      .poll(() => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)?.status ?? null, gameId), {
        timeout: 15_000,
      })
      .toBe('active');
    // The board is taller than the window: there is somewhere to scroll to.
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight)).toBeGreaterThan(900);

    let moves = 0;
    let handedBack = 0;
    for (let step = 0; step < 40 && moves < 6; step++) {
      const s = await page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)!, gameId);
      if (s.status !== 'active') break;
      if (!s.activeSeats.includes(s.you)) {
        await page.waitForTimeout(100);
        continue;
      }
      // The tab says it is Ana's turn.
      expect(await page.title()).toBe('Your turn · Vasco da Gama — Caravela');
      await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 120));
      const before = s.version;
      const command = s.legal.find((c) => c.type !== 'launch') ?? s.legal[0];
      await page.evaluate(
        ([id, c, v]) =>
          (globalThis as unknown as PageGlobals).caravela.conn.request({
            action: 'command',
            gameId: id,
            commandId: `ana-${v}`,
            command: c,
          }),
        [gameId, command, before] as const,
      );
      // Ana's move and the bot's answers arrive and are drawn.
      await expect
        .poll(() => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)!.version, gameId))
        .toBeGreaterThan(before);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY), `window moved after version ${before}`).toBe(120);
      moves++;
      // The turn came back to her after the bot's answer: the chime sounded.
      const now = await page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)!, gameId);
      if (now.version > before + 1 && now.activeSeats.includes(now.you)) handedBack++;
    }
    expect(moves).toBeGreaterThanOrEqual(3);
    expect(handedBack).toBeGreaterThan(0);
    expect(await tones(), 'a chime (two tones) when the turn came back').toBeGreaterThanOrEqual(2);
    // The log box, left at its end, shows the newest line.
    const box = await page.evaluate(() => {
      const log = (globalThis as unknown as PageGlobals).document.querySelector('ol.log')!;
      return { scrollTop: log.scrollTop, scrollHeight: log.scrollHeight, clientHeight: log.clientHeight };
    });
    expect(box.scrollHeight - box.scrollTop - box.clientHeight).toBeLessThan(24);
  }, 120_000);
});
