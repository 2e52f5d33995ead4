/**
 * The sign-in screen in real Chromium against the local server: a name the server refuses shows
 * the server's sentence and signs nobody in; an accepted name is shown as the server stored it
 * (NFC, one space between words); a name someone has, typed on a new device, leads to signing
 * in as them and stores nothing. Screenshots at desktop and phone width go to test-results/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPlayerText, NAME_RULE } from '../../functions/core/protocol/text';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { storedState } from '../support/table';

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

describe('sign-in screen', () => {
  it.each([
    ['desktop', 1366, 800],
    ['phone', 390, 844],
  ])("shows the server's sentence for a refused name and the stored form of an accepted one (%s)", async (label, width, height) => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(server.url);
    const before = await storedState(server);

    const bad = 'Ana\u202eairaM';
    const sentence = (checkPlayerText(bad, NAME_RULE) as { message: string }).message;
    await page.getByLabel('Your name').fill(bad);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(sentence);
    await page.screenshot({ path: path.join(ARTIFACTS, `signin-refused-${label}.png`), fullPage: true });
    expect(await page.getByLabel('Your name').isVisible()).toBe(true); // still on the sign-in screen
    expect(await storedState(server)).toBe(before);

    // 40 UTF-16 units as typed, 28 code points once normalised: the browser lets it through, the server counts.
    // (A surname per width: names are unique, and both runs share the server.)
    const surname = label === 'desktop' ? 'Silva' : 'Costa';
    const typed = `  Jose\u0301   Nguye\u0302\u0303n  da  ${surname}  Sa\u0301nchez `;
    expect(typed).toHaveLength(40);
    await page.getByLabel('Your name').fill(typed);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('header .status').textContent()).toBe(`Jos\u00e9 Nguy\u1ec5n da ${surname} S\u00e1nchez · online`);
    expect(await page.getByRole('alert').isHidden()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, `signin-accepted-${label}.png`), fullPage: true });
    await page.close();
  });

  it.each([
    ['desktop', 1366, 800],
    ['phone', 390, 844],
  ])(
    'sends a returning player who types their name on a new device to sign in as themselves, never a twin (%s)',
    async (label, width, height) => {
      const name = `Teodora Lima ${label}`;
      const first = await browser.newPage({ viewport: { width, height } });
      await first.goto(server.url);
      await first.getByLabel('Your name').fill(name);
      await first.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => first.locator('header .status').textContent()).toBe(`${name} · online`);
      const mine = await sessionOf(first);

      // A new device: the same name, typed in other case.
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(server.url);
      const before = await storedState(server);
      await page.getByLabel('Your name').fill(name.toUpperCase());
      await page.getByRole('button', { name: 'Sign in' }).click();
      const notice = page.locator('[data-result="name-taken"]');
      await expect.poll(() => notice.textContent()).toContain(`Someone already plays as "${name.toUpperCase()}"`);
      expect(await page.getByLabel('Your name').isVisible()).toBe(true); // nobody signed in
      expect(await page.evaluate(() => (globalThis as unknown as Globals).localStorage.getItem('caravela.session'))).toBeNull();
      expect(await storedState(server)).toBe(before); // no second account
      expect(await page.locator('[data-screen="signin-methods"]').getAttribute('class')).toContain('highlight');
      await page.screenshot({ path: path.join(ARTIFACTS, `signin-name-taken-${label}.png`), fullPage: true });

      // Led to sign in: the code the first device shows makes this device the same player.
      await page.getByRole('button', { name: /Is it you\?/ }).click();
      await first.goto(`${server.url}/#/devices`);
      await first.getByRole('button', { name: 'Show a code' }).click();
      const code = (await first.locator('[data-code]').getAttribute('data-code'))!;
      await page.getByRole('button', { name: 'I have a code from another device' }).click();
      await page.getByLabel('The code your other device shows').fill(code);
      await page.getByRole('button', { name: 'Use this code' }).click();
      await expect.poll(() => page.locator('header .status').textContent()).toBe(`${name} · online`);
      expect((await sessionOf(page)).playerId).toBe(mine.playerId);
      await Promise.all([first.close(), page.close()]);
    },
  );
});

interface Globals {
  localStorage: { getItem(k: string): string | null };
}

const sessionOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => (globalThis as unknown as Globals).localStorage.getItem('caravela.session')))!) as {
    playerId: string;
  };
