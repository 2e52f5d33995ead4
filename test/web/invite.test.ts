/**
 * Invite links lead where players reach the server: PUBLIC_URL when the operator sets it (the
 * server listening on another interface, behind a name), else the page's own address.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openNewGameForm } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';

const PUBLIC = 'http://games.example.test:8080';
let server: MemoryServer;
let browser: Browser;
beforeAll(async () => {
  server = await startLocalServer({
    port: 0,
    dataDir: null,
    storage: 'memory',
    sweepIntervalMs: 0,
    env: { ...process.env, PUBLIC_URL: PUBLIC },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the invite link', () => {
  it('uses the public address the operator configured, and a game nobody joined can be cancelled', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openNewGameForm(page);
    await page.getByRole('button', { name: 'Create the game' }).click();
    const invite = await page.locator('#invite').inputValue();
    expect(invite).toMatch(new RegExp(`^${PUBLIC}/#/join/[\\w-]+$`));
    // Nobody has joined: the game can be called off, and then says so instead of inviting.
    await page.getByRole('button', { name: 'Cancel this game' }).click();
    await expect.poll(() => page.locator('.status-line').textContent()).toBe('Cancelled');
    expect(await page.locator('#invite').count()).toBe(0);
    expect(await page.locator('.board').innerText()).toContain('This game was cancelled before it started.');
    expect(await page.locator('.log').innerText()).toContain('Ana cancelled the game before it started');
  }, 60_000);
});
