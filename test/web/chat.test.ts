/**
 * The chat panel in Chromium against the local server: Ana at a desk (1366 px) and Bruno on a
 * phone (390 px) talk during a game. The phone's panel starts collapsed and counts what came
 * unread; a text over the limit is caught as it is typed, a refused one is explained beside the
 * field; muting hides a player's messages and unmuting brings them back. Screenshots of both
 * widths go to test-results/, and axe finds no serious or critical violation on either.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium, openNewGameForm } from '../support/browser';

/** The machine may be busy with other tests: give the page time. */
const POLL = { timeout: 15_000 };

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

async function signIn(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The messages the panel shows, as "author: text". */
const shown = (page: Page) =>
  page
    .locator('.chat-messages li')
    .evaluateAll((items) =>
      items.map((li) => `${li.querySelector('.chat-author')?.textContent}: ${li.querySelector('.chat-text')?.textContent}`),
    );

describe('the chat panel', () => {
  it('lets two players talk during a game, on a desk and on a phone', async () => {
    const ana = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    const bruno = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
    for (const p of [ana, bruno]) p.on('pageerror', (e) => console.error('page error:', e.message));

    await ana.goto(server.url);
    await signIn(ana, 'Ana');
    await openNewGameForm(ana);
    await ana.getByLabel('Game').selectOption('tic-tac-toe');
    await ana.getByRole('button', { name: 'Create the game' }).click();
    const invite = await ana.locator('#invite').inputValue();
    await bruno.goto(invite);
    await signIn(bruno, 'Bruno');
    await bruno.getByRole('button', { name: 'Take a seat' }).click();
    await bruno.locator('[data-screen="game"] .seat').first().waitFor();

    // On a desk the panel is open; Ana writes and sends with Enter.
    const field = ana.getByLabel('Chat message', { exact: true });
    await field.fill('Olá Bruno! Boa sorte 🍀');
    await expect.poll(() => ana.locator('#chat-count').textContent(), POLL).toBe('22 / 500 characters');
    await field.press('Enter');
    await expect.poll(() => shown(ana), POLL).toEqual(['Ana (you): Olá Bruno! Boa sorte 🍀']);
    expect(await ana.locator('.chat-time').first().textContent()).toBe('just now');
    expect(await field.inputValue()).toBe('');

    // On the phone it starts collapsed and counts the message unread.
    await expect.poll(() => bruno.locator('.chat summary .badge').textContent(), POLL).toBe('1 new');
    expect(await bruno.locator('.chat details').getAttribute('open')).toBeNull();
    await bruno.locator('.chat').scrollIntoViewIfNeeded();
    await bruno.screenshot({ path: path.join(ARTIFACTS, 'chat-390-unread.png'), fullPage: true });
    await bruno.locator('.chat summary').click();
    // The toggle event comes a moment after the click.
    await expect.poll(() => bruno.locator('.chat summary .badge').isHidden(), POLL).toBe(true);
    expect(await shown(bruno)).toEqual(['Ana: Olá Bruno! Boa sorte 🍀']);
    await bruno.getByLabel('Chat message', { exact: true }).fill('Obrigado, igualmente!');
    await bruno.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => shown(ana), POLL).toEqual(['Ana (you): Olá Bruno! Boa sorte 🍀', 'Bruno: Obrigado, igualmente!']);

    // Too long is said while typing, and cannot be sent; a refused text is explained beside the field.
    await bruno.getByLabel('Chat message', { exact: true }).fill('a'.repeat(501));
    expect(await bruno.locator('#chat-count').textContent()).toBe('501 / 500 characters: too long');
    expect(await bruno.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await bruno.getByLabel('Chat message', { exact: true }).fill('\u200b');
    await bruno.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => bruno.locator('.chat-error').textContent(), POLL)
      .toMatch(/^Chat messages may not contain invisible formatting characters/);
    expect(await bruno.locator('.banner').isHidden()).toBe(true);
    await bruno.getByLabel('Chat message', { exact: true }).fill('Vamos jogar.');
    await bruno.getByLabel('Chat message', { exact: true }).press('Enter');
    await expect.poll(() => bruno.locator('.chat-error').textContent(), POLL).toBe('');
    await expect.poll(() => shown(ana), POLL).toHaveLength(3);

    for (const [page, name] of [
      [ana, 'chat-1366.png'],
      [bruno, 'chat-390.png'],
    ] as const) {
      await page.locator('.chat').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
      expect(await findings(page), name).toEqual([]);
    }
    expect(
      await bruno.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);

    // Bruno mutes Ana: her messages leave his screen, new ones do not arrive; unmuting brings all back.
    await bruno.getByRole('button', { name: 'Mute Ana' }).click();
    await expect.poll(() => shown(bruno), POLL).toEqual(['Bruno (you): Obrigado, igualmente!', 'Bruno (you): Vamos jogar.']);
    expect(await bruno.getByRole('button', { name: 'Unmute Ana' }).getAttribute('aria-pressed')).toBe('true');
    await ana.getByLabel('Chat message', { exact: true }).fill('Bruno?');
    await ana.getByLabel('Chat message', { exact: true }).press('Enter');
    await expect.poll(() => shown(ana), POLL).toHaveLength(4);
    await bruno.waitForTimeout(500);
    expect(await shown(bruno)).toHaveLength(2);
    await bruno.getByRole('button', { name: 'Unmute Ana' }).click();
    await expect
      .poll(() => shown(bruno), POLL)
      .toEqual(['Ana: Olá Bruno! Boa sorte 🍀', 'Bruno (you): Obrigado, igualmente!', 'Bruno (you): Vamos jogar.', 'Ana: Bruno?']);
  }, 120_000);
});
