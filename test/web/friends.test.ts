/**
 * Friends and groups in Chromium: Ana follows Bruno by name on the Friends page and sees him
 * online; "New game with Bruno" creates a game he is invited to (his webhook says so while he is
 * away); from Dario's profile she blocks him, and he can then not take a seat in her game; she
 * starts a group, and Bruno joins it with its invite link in his own browser.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { type MemoryServer, startLocalServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { signIn } from '../support/click-turn';
import { Client, register } from '../support/client';
import { startReceiver, type LoopbackServer } from '../support/push-service';

let server: MemoryServer;
let browser: Browser;
let hook: LoopbackServer;
beforeAll(async () => {
  hook = await startReceiver(204);
  server = await startLocalServer({
    port: 0,
    dataDir: null,
    storage: 'memory',
    sweepIntervalMs: 0,
    env: { ...process.env, WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await hook?.close();
});

const shoot = async (page: Page, name: string) => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    const wide = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(wide).toBeLessThanOrEqual(width);
  }
};

describe('friends and groups in the browser', () => {
  it('follow by name, invite a friend to a new game, block from a profile, and join a group by its link', async () => {
    const brunoPlayer = await register(server.url, 'Bruno');
    const bruno = await Client.connect(server.wsUrl, brunoPlayer);
    await bruno.request({ action: 'setNotifications', settings: { webhook: { url: `${hook.origin}/hooks/bruno` } } });
    const dario = await Client.connect(server.wsUrl, await register(server.url, 'Dario'));

    const ana = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(ana, server.url, 'Ana');
    await ana.getByRole('link', { name: 'Friends' }).click();
    await ana.getByLabel('Follow a player by name').fill('bruno');
    await ana.getByRole('button', { name: 'Follow', exact: true }).click();
    const row = ana.locator('.friend', { hasText: 'Bruno' });
    await expect.poll(() => row.textContent()).toMatch(/Bruno · online/);

    // A new game with him, while he is away: he is told, with the game's link.
    await bruno.close();
    await expect.poll(async () => (await ana.locator('.friend', { hasText: 'Bruno' }).count()) > 0).toBe(true);
    await ana.getByRole('link', { name: 'New game with Bruno' }).click();
    await expect.poll(() => ana.locator('[data-screen="new-game"] h1').textContent()).toBe('New game with Bruno');
    await ana.getByLabel('Game').first().selectOption('connect-four');
    await ana.getByRole('button', { name: 'Create the game' }).click();
    await ana.waitForURL(/#\/game\//);
    const gameId = decodeURIComponent(ana.url().split('#/game/')[1]!);
    await server.notified();
    await expect
      .poll(() => hook.received.filter((r) => r.path === '/hooks/bruno').map((r) => JSON.parse(r.body.toString()).content as string))
      .toContainEqual(expect.stringMatching(/Ana invites you to a game of Connect Four/));

    // Dario's profile: block him. He cannot take the seat.
    await ana.goto(`${server.url}/#/player/${encodeURIComponent(dario.player.playerId)}`);
    await ana.getByRole('button', { name: 'Block Dario' }).click();
    await expect.poll(() => ana.locator('.profile-ties [role="status"]').textContent()).toMatch(/You block Dario/);
    expect(await dario.request<Extract<ServerFrame, { type: 'error' }>>({ action: 'joinGame', gameId })).toMatchObject({
      code: 'FORBIDDEN',
    });
    await ana.getByRole('link', { name: 'Friends' }).click();
    await ana.locator('.friend').first().waitFor();
    await expect.poll(() => ana.locator('text=Unblock Dario').count()).toBe(1);
    expect(await findings(ana)).toEqual([]);
    await shoot(ana, 'friends');

    // A group, and Bruno joins it by its link.
    await ana.setViewportSize({ width: 1366, height: 900 });
    await ana.getByLabel('Start a group').fill('Lisbon club');
    await ana.getByRole('button', { name: 'Create the group' }).click();
    await ana.locator('#invite-link').waitFor();
    const link = await ana.locator('#invite-link').inputValue();
    expect(link).toMatch(/#\/group\/[\w-]+\/[\w-]+$/);
    const brunoPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(brunoPage, server.url, 'Bruno2');
    await brunoPage.goto(`${server.url}/${link.slice(link.indexOf('#'))}`);
    await brunoPage.getByRole('button', { name: 'Join Lisbon club' }).click();
    await expect
      .poll(() => brunoPage.locator('.friend').allTextContents())
      .toEqual([expect.stringMatching(/^Ana/), expect.stringMatching(/^Bruno2/)]);
    // Ana's game with a free seat is one the members see.
    expect(await brunoPage.locator('.game-row a').first().getAttribute('href')).toBe(`#/join/${gameId}`);
    expect(await findings(brunoPage)).toEqual([]);
    await shoot(brunoPage, 'group');
    await dario.close();
  }, 120_000);
});
