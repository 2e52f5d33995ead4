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
  it('uses the public address the operator configured', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openNewGameForm(page);
    await page.getByRole('button', { name: 'Create the game' }).click();
    const invite = await page.locator('#invite').inputValue();
    expect(invite).toMatch(new RegExp(`^${PUBLIC}/#/join/[\\w-]+$`));
  }, 60_000);
});
