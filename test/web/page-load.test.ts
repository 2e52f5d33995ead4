/**
 * A page load is clean: no error in the console (a Content-Security-Policy violation is one),
 * no request answered with an error status (the client's config.json, the favicon), from the
 * sign-in screen to a game.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openNewGameForm } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';

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

describe('loading the web client', () => {
  it('logs no error and gets no error answer, signed out and in, lobby and game', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
    page.on('requestfailed', (r) => problems.push(`failed ${r.url()}`));
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('[data-screen="lobby"]').count()).toBe(1);
    await openNewGameForm(page);
    await page.getByLabel('Game').selectOption('vasco-da-gama');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await expect.poll(() => page.locator('#invite').count(), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // The favicon is the page's own, inline (no request for it).
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { querySelector(s: string): { href: string } | null } }).document.querySelector(
            'link[rel="icon"]',
          )?.href ?? '',
      ),
    ).toMatch(/^data:image\/svg\+xml,.*Caravela/);
  }, 120_000);

  it('is never shown inside another site: every page answer forbids framing and keeps the referrer to the origin', async () => {
    for (const file of ['/', '/index.html']) {
      const res = await fetch(`${server.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    // A page of another origin that frames the client gets Chromium's refusal in the frame, not the client.
    const page = await (await browser.newContext()).newPage();
    await page.setContent(`<iframe id="f" src="${server.url}/"></iframe>`);
    const frame = (await (await page.$('#f'))!.contentFrame())!;
    await expect
      .poll(() =>
        frame
          .locator('body')
          .innerText()
          .catch(() => ''),
      )
      .toMatch(/refused to connect/);
    expect(await frame.locator('[data-screen]').count()).toBe(0);
  });
});
