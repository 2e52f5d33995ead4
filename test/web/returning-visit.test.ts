/**
 * A player back hours or weeks later, in Chromium against the local server: the page connects
 * with the device's socket token at once, asking the server for nothing first (no refresh),
 * though the access token it keeps has long expired. A socket token the server refuses (its
 * device revoked) sends the page to the refresh, which signs it out with the server's sentence.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { launchChromium } from '../support/browser';
import { Client } from '../support/client';
import { post, type DeviceSession } from '../support/accounts';
import type { ServerFrame } from '../../functions/core/protocol/frames';

/** What the tests reach of the page (this file is not compiled for the DOM). */
interface PageGlobals {
  localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
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

/** A device's session as the web client keeps it, received `hoursAgo` (its access token stale, its socket token not). */
const kept = (s: DeviceSession, hoursAgo: number) => ({
  playerId: s.playerId,
  name: s.name,
  token: s.token,
  deviceId: s.deviceId,
  refreshToken: s.refreshToken,
  tokenAt: Date.now() - hoursAgo * 3_600_000,
  expiresIn: s.expiresIn,
  socketToken: s.socketToken,
  socketTokenAt: Date.now() - hoursAgo * 3_600_000,
  socketExpiresIn: s.socketExpiresIn,
});

/** A page of a browser that kept `session`, and the paths of the HTTP API calls it makes. */
async function returning(session: object): Promise<{ page: Page; calls: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    (s) => (globalThis as unknown as PageGlobals).localStorage.setItem('caravela.session', s),
    JSON.stringify(session),
  );
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  await page.goto(server.url);
  return { page, calls };
}

const signUp = async (name: string) =>
  (await post<DeviceSession>(server.url, '/api/players', { name, device: { label: 'Chromium' } })).body;

describe('a returning visit', () => {
  it('connects with the socket token two days later, refreshing nothing', async () => {
    const ana = await signUp('Ana');
    const { page, calls } = await returning(kept(ana, 48));
    await expect.poll(() => page.locator('header .status').textContent(), { timeout: 15_000 }).toBe('Ana · online');
    expect(calls).not.toContain('/api/session/refresh');
    // The refresh token is still the first one: nothing was rotated.
    expect(
      JSON.parse((await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('caravela.session')))!)
        .refreshToken,
    ).toBe(ana.refreshToken);
    await page.context().close();
  }, 60_000);

  it('refreshes when its socket token is refused, and is signed out when its device was revoked', async () => {
    const bea = await signUp('Bea');
    // Signed in on a second device (a code shown on the first), which revokes the first.
    const first = await Client.connect(server.wsUrl, bea);
    const code = await first.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const second = (await post<DeviceSession>(server.url, '/api/signin/code', { code: code.code, label: 'Phone' })).body;
    const other = await Client.connect(server.wsUrl, second);
    await other.request({ action: 'revokeDevice', deviceId: bea.deviceId });
    const { page, calls } = await returning(kept(bea, 48));
    await expect.poll(() => page.getByLabel('Your name').count(), { timeout: 15_000 }).toBe(1);
    expect(calls).toContain('/api/session/refresh');
    expect(await page.locator('body').textContent()).toContain('signed out');
    await Promise.all([first.close().catch(() => undefined), other.close(), page.context().close()]);
  }, 60_000);
});
