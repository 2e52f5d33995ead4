/**
 * The sign-in screen in real Chromium against the local server: a name the server refuses shows
 * the server's sentence and signs nobody in; an accepted name is shown as the server stored it
 * (NFC, one space between words). Screenshots at desktop and phone width go to test-results/.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
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
    const typed = '  Jose\u0301   Nguye\u0302\u0303n  da  Silva  Sa\u0301nchez ';
    expect(typed).toHaveLength(40);
    await page.getByLabel('Your name').fill(typed);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('header .status').textContent()).toBe('Jos\u00e9 Nguy\u1ec5n da Silva S\u00e1nchez · online');
    expect(await page.getByRole('alert').isHidden()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, `signin-accepted-${label}.png`), fullPage: true });
    await page.close();
  });
});
