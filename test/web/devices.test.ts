/**
 * Accounts on every device, in Chromium against the local server (at http://localhost, where
 * browsers allow passkeys): Ana signs up on device A and adds a passkey (Chromium's virtual
 * authenticator); device B — a fresh browser holding the same, synced passkey — signs in with
 * it; device C types a code A shows, device D opens its QR link, device E signs in with an
 * emailed link; each sees Ana's game. B revokes A: A's socket closes, A is back on the sign-in
 * screen saying why, and A's tokens are refused. Reused codes and a replayed passkey answer get
 * their sentences. Screenshots at 1366 and 390 px go to test-results/; axe finds nothing
 * serious on these screens.
 */
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { Client } from '../support/client';
import { confirmationTokens, post, signInLinks } from '../support/accounts';

interface PageGlobals {
  caravela: { conn: { request(f: object): Promise<{ type: string; gameId?: string }> } };
  localStorage: { getItem(k: string): string | null };
}
interface StoredSession {
  playerId: string;
  name: string;
  token: string;
  deviceId: string;
  refreshToken: string;
}

let server: MemoryServer;
let browser: Browser;
let base: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function device(size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, ...(size.width < 500 ? { hasTouch: true } : {}) });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/** Chromium's virtual authenticator on this page: a platform authenticator that keeps discoverable credentials and verifies its user. */
async function authenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const session = async (page: Page) =>
  JSON.parse(
    (await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('caravela.session')))!,
  ) as StoredSession;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
const online = (page: Page, name: string) =>
  expect.poll(() => page.locator('header .status').textContent(), { timeout: 15_000 }).toBe(`${name} · online`);
const lists = (page: Page, gameId: string) =>
  expect.poll(() => page.locator(`li.game-row[data-game-id="${gameId}"]`).count(), { timeout: 15_000 }).toBe(1);
const narrow = async (page: Page) =>
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    ),
  ).toBeLessThanOrEqual(390);

describe('accounts on every device', () => {
  it('passkey, device code, QR link and email link sign in as the same player; revoking a device signs it out', async () => {
    const axe: Record<string, string[]> = {};

    // Device A: Ana signs up with a name and has a game.
    const a = await device(DESK);
    await a.goto(base);
    await a.getByLabel('Your name').fill('Ana');
    await a.getByRole('button', { name: 'Sign in', exact: true }).click();
    await online(a, 'Ana');
    const { gameId } = await a.evaluate(() =>
      (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }),
    );
    await lists(a, gameId!);
    const onA = await session(a);
    expect(onA.token).toMatch(/^v2\./);

    // A adds a passkey.
    const authA = await authenticator(a);
    await a.getByRole('link', { name: 'Devices' }).click();
    await a.getByRole('button', { name: 'Add a passkey' }).click();
    await expect
      .poll(() => a.locator('[data-result]').textContent(), { timeout: 15_000 })
      .toBe('Passkey added (Chrome on Linux). Next time, choose “Use a passkey” to sign in.');
    await expect.poll(() => a.locator('li[data-passkey]').count()).toBe(1);
    const { credentials } = await authA.cdp.send('WebAuthn.getCredentials', { authenticatorId: authA.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Device B, a phone holding the same passkey (synced): signs in without typing a name.
    const b = await device(PHONE);
    const authB = await authenticator(b);
    await authB.cdp.send('WebAuthn.addCredential', { authenticatorId: authB.authenticatorId, credential: credentials[0]! });
    await b.goto(base);
    axe['sign-in 390'] = await findings(b);
    await shot(b, 'signin-methods-390.png');
    let replayed: string | null = null;
    b.on('request', (r) => void (r.url().endsWith('/api/signin/passkey') && (replayed = r.postData())));
    await b.getByRole('button', { name: 'Use a passkey' }).click();
    await online(b, 'Ana');
    await lists(b, gameId!);
    const onB = await session(b);
    expect(onB).toMatchObject({ playerId: onA.playerId, name: 'Ana' });
    expect(onB.deviceId).not.toBe(onA.deviceId);
    await shot(b, 'signin-passkey-lobby-390.png');
    // The same answer sent again: its challenge is used up.
    expect(await post(server.url, '/api/signin/passkey', replayed!)).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'This passkey request has expired or was answered already; try again.' },
    });

    // Device C types the code A shows; device D opens the QR code's link.
    await a.getByRole('button', { name: 'Show a code' }).click();
    const code = (await a.locator('[data-code]').getAttribute('data-code'))!;
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await expect
      .poll(() => a.locator('img.qr').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    const c = await device(PHONE);
    await c.goto(base);
    await c.getByRole('button', { name: 'I have a code from another device' }).click();
    await c.getByLabel('The code your other device shows').fill(code.toLowerCase());
    await shot(c, 'signin-code-390.png');
    axe['code panel 390'] = await findings(c);
    await c.getByRole('button', { name: 'Use this code' }).click();
    await online(c, 'Ana');
    await lists(c, gameId!);

    await a.getByRole('button', { name: 'Show a code' }).click();
    await expect.poll(() => a.locator('[data-code]').getAttribute('data-code')).not.toBe(code);
    const second = (await a.locator('[data-code]').getAttribute('data-code'))!;
    await shot(a, 'devices-code-1366.png');
    axe['devices with code 1366'] = await findings(a);
    const d = await device(DESK);
    await d.goto(`${base}/#/link/${second}`);
    await online(d, 'Ana');
    await lists(d, gameId!);
    // Either code again: used up, said in words.
    const late = await device(PHONE);
    await late.goto(`${base}/#/link/${second}`);
    await expect
      .poll(() => late.locator('[data-result="refused"]').textContent())
      .toBe('This code is not valid, or it was used already (each code works once); show a new code on a device where you are signed in.');
    await shot(late, 'signin-link-refused-390.png');
    axe['link refused 390'] = await findings(late);
    await late.goto(base);
    await late.getByRole('button', { name: 'I have a code from another device' }).click();
    await late.getByLabel('The code your other device shows').fill(code);
    await late.getByRole('button', { name: 'Use this code' }).click();
    await expect
      .poll(() => late.locator('[data-result="refused"]').textContent())
      .toMatch(/^This code is not valid, or it was used already/);

    // Device E: an emailed link, to the address Ana confirmed.
    await a.evaluate(() =>
      (globalThis as unknown as PageGlobals).caravela.conn.request({
        action: 'setNotifications',
        settings: { webPush: [], webhook: null, email: 'ana@example.com', quietHours: null },
      }),
    );
    expect((await post(server.url, '/api/email/confirm', { token: confirmationTokens(server.outboxDir).at(-1) })).status).toBe(200);
    const e = await device(PHONE);
    await e.goto(base);
    await e.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await e.getByLabel('Your email address').fill('ana@example.com');
    await e.getByRole('button', { name: 'Send me the link' }).click();
    await expect
      .poll(() => e.locator('[data-result="sent"]').textContent())
      .toMatch(
        /^If a player confirmed this address, a sign-in link is on its way to it; it works once, for 15 minutes\. Open it on this device\.$/,
      );
    await shot(e, 'signin-email-sent-390.png');
    axe['email panel 390'] = await findings(e);
    // The link is mailed by the stream's reaction to the ask, after the answer.
    await expect.poll(() => signInLinks(server.outboxDir).length, { timeout: 15_000 }).toBe(1);
    await e.goto(`${base}/#/signin/${encodeURIComponent(signInLinks(server.outboxDir)[0]!)}`);
    await online(e, 'Ana');
    await lists(e, gameId!);

    // B lists the devices and revokes A.
    await b.getByRole('link', { name: 'Devices' }).click();
    await expect.poll(() => b.locator('li[data-device]').count()).toBe(5);
    expect(await b.locator('li[data-device]').first().textContent()).toMatch(/this device/);
    await expect.poll(() => b.locator('[data-email="signin"]').textContent()).toBe('Sign-in links can be emailed to ana@example.com.');
    await shot(b, 'devices-390.png');
    axe['devices 390'] = await findings(b);
    await narrow(b);
    await a.reload();
    await a.locator('li[data-device]').first().waitFor();
    await shot(a, 'devices-1366.png');
    axe['devices 1366'] = await findings(a);

    await b.locator(`li[data-device="${onA.deviceId}"] button`).click();
    await expect.poll(() => b.locator('li[data-device]').count()).toBe(4);
    await expect
      .poll(() => a.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('This device is signed out: it was removed from your devices, or its sign-in was used elsewhere. Sign in again.');
    await a.getByLabel('Your name').waitFor();
    expect(await a.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('caravela.session'))).toBeNull();
    await shot(a, 'devices-revoked-signin-1366.png');
    await expect(Client.connect(server.wsUrl, onA)).rejects.toThrow(/401/);
    expect((await post(server.url, '/api/session/refresh', { refreshToken: onA.refreshToken })).status).toBe(401);
    // The others play on.
    for (const page of [b, c, d, e]) await online(page, 'Ana');

    expect(Object.entries(axe).filter(([, found]) => found.length > 0)).toEqual([]);
    for (const context of contexts) await context.close();
  }, 240_000);

  it("a sign-in copied and used twice signs that device out, and the player's other devices say so", async () => {
    const x = await device(DESK);
    await x.goto(base);
    await x.getByLabel('Your name').fill('Quim');
    await x.getByRole('button', { name: 'Sign in', exact: true }).click();
    await online(x, 'Quim');
    await x.getByRole('link', { name: 'Devices' }).click();
    await x.getByRole('button', { name: 'Show a code' }).click();
    const code = (await x.locator('[data-code]').getAttribute('data-code'))!;
    const y = await device(PHONE);
    await y.goto(base);
    await y.getByRole('button', { name: 'I have a code from another device' }).click();
    await y.getByLabel('The code your other device shows').fill(code);
    await y.getByRole('button', { name: 'Use this code' }).click();
    await online(y, 'Quim');

    // Someone copied the desktop's sign-in: used once, once more (as a lost answer's retry may), then a third time.
    const copied = (await session(x)).refreshToken;
    const uses = [];
    for (let i = 0; i < 3; i++) uses.push((await post(server.url, '/api/session/refresh', { refreshToken: copied })).status);
    expect(uses).toEqual([200, 200, 401]);
    await expect
      .poll(() => x.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('This device is signed out: it was removed from your devices, or its sign-in was used elsewhere. Sign in again.');

    await y.getByRole('link', { name: 'Devices' }).click();
    const note = y.locator('[data-signed-out]');
    await expect
      .poll(() => note.textContent(), { timeout: 15_000 })
      .toMatch(/^Caravela signed a device out to keep your account safeChrome on Linux, just now: its sign-in was used twice/);
    expect(await y.locator('li[data-device]').count()).toBe(1);
    await shot(y, 'devices-signed-out-390.png');
    await narrow(y);
    const axeFound = await findings(y);
    await y.setViewportSize(DESK);
    await shot(y, 'devices-signed-out-1366.png');
    expect(axeFound).toEqual([]);
  }, 120_000);
});
