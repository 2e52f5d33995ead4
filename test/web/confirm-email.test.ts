/**
 * Confirming an email address in Chromium against the local server: the settings screen says a
 * link was sent and can send it again; the link from the outbox opens the confirm screen (signed
 * in or not), which confirms the address; a spoiled link gets a sentence. Screenshots at 1366 and
 * 390 px go to test-results/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';

/** What the test reads inside the page (this project has no DOM types). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  document: { documentElement: { scrollWidth: number } };
}
const WIDTHS = { desk: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } };

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

/** The links in the confirmation emails written to the outbox, oldest first. */
const links = () =>
  readdirSync(server.outboxDir)
    .filter((f) => f.includes('confirm-email'))
    .sort()
    .map((f) => /^(http\S+#\/confirm-email\/\S+)\r$/m.exec(readFileSync(path.join(server.outboxDir, f), 'utf8'))![1]!);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });

describe('email confirmation in the web client', () => {
  it('says a link was sent, sends it again, and the link confirms the address', async () => {
    const desk = await browser.newContext({ viewport: WIDTHS.desk });
    const phone = await browser.newContext({ viewport: WIDTHS.phone, hasTouch: true });
    const ana = await desk.newPage();
    ana.on('pageerror', (e) => console.error('page error:', e.message));
    await ana.goto(server.url);
    await ana.getByLabel('Your name').fill('Ana');
    await ana.getByRole('button', { name: 'Sign in' }).click();
    await ana.getByRole('link', { name: 'Settings' }).click();
    await ana.getByLabel('Email address').fill('ana@example.com');
    await ana.getByRole('button', { name: 'Save' }).click();
    const unconfirmed = ana.locator('[data-email="unconfirmed"]');
    await expect
      .poll(() => unconfirmed.textContent())
      .toMatch(/^A confirmation link was sent to ana@example\.com; open it to receive emails\./);
    expect(links()).toHaveLength(1);
    await ana.getByRole('button', { name: 'Send the link again' }).click();
    await expect.poll(() => unconfirmed.textContent()).toMatch(/^A new confirmation link was sent to ana@example\.com/);
    expect(links()).toHaveLength(2);
    await shot(ana, 'settings-email-unconfirmed-1366.png');
    // The same player on a phone: the session (name and token) the desk browser keeps.
    const session = await ana.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('caravela.session')!);
    await phone.addInitScript((s) => (globalThis as unknown as PageGlobals).localStorage.setItem('caravela.session', s), session);
    const anaPhone = await phone.newPage();
    await anaPhone.goto(`${server.url}/#/settings`);
    await expect.poll(() => anaPhone.locator('[data-email="unconfirmed"]').count()).toBe(1);
    await shot(anaPhone, 'settings-email-unconfirmed-390.png');

    // A spoiled link: a sentence, nothing confirmed.
    const [first, second] = links();
    await anaPhone.goto(`${first!.slice(0, -4)}AAAA`);
    await expect.poll(() => anaPhone.locator('[data-result="refused"]').textContent()).toMatch(/This confirmation link is not valid/);
    await shot(anaPhone, 'confirm-email-invalid-390.png');

    // The first link, opened where nobody is signed in (another browser, say the phone's mail app).
    const stranger = await (await browser.newContext({ viewport: WIDTHS.phone, hasTouch: true })).newPage();
    await stranger.goto(first!);
    const result = stranger.locator('[data-result]');
    await expect
      .poll(() => result.textContent())
      .toBe('Your email address ana@example.com is confirmed; notifications will be sent there.');
    await shot(stranger, 'confirm-email-390.png');
    expect(await stranger.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The second link too (the address is already confirmed), at desk width, signed in.
    await ana.goto(second!);
    await expect
      .poll(() => ana.locator('[data-result]').textContent())
      .toBe('Your email address ana@example.com is confirmed; notifications will be sent there.');
    await shot(ana, 'confirm-email-1366.png');

    await ana.getByRole('link', { name: 'Notification settings' }).click();
    await expect
      .poll(() => ana.locator('[data-email="confirmed"]').textContent())
      .toBe('ana@example.com is confirmed; a daily email lists the games waiting for you.');
    await shot(ana, 'settings-email-confirmed-1366.png');
    await anaPhone.goto(`${server.url}/#/settings`);
    await expect.poll(() => anaPhone.locator('[data-email="confirmed"]').count()).toBe(1);
    await shot(anaPhone, 'settings-email-confirmed-390.png');
    await desk.close();
    await phone.close();
  }, 180_000);
});
