/**
 * The browser client in real Chromium (playwright-core + Debian's chromium) against the local
 * server: two players sign in, one creates a 2-player Vasco da Gama game, the other joins by the
 * invite link, and both play it to the end by clicking offered actions. Along the way: only legal
 * commands are ever offered, a reload restores the screen, a dropped socket reconnects and catches
 * up, a server error is shown as a sentence, and the log (the latest lines first, then each
 * move's new lines, the earlier ones on request) reads the same as the stored game's. Screenshots
 * go to test-results/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { ARTIFACTS, launchChromium, openNewGameForm } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { recordsByVersion } from '../support/table';

/** What the tests read inside the page (the page's own globals; this project has no DOM types). */
interface PageGlobals {
  caravela: { conn: { state(id: string): unknown; request(f: object): Promise<unknown>; drop(): void } };
  document: { documentElement: { scrollWidth: number } };
}

let server: MemoryServer;
let browser: Browser;
let hook: LoopbackServer;

beforeAll(async () => {
  hook = await startReceiver(204);
  process.env.WEBHOOK_ALLOW = `${hook.origin}/hooks/`;
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await hook?.close();
});

/** The log as the page shows it and as its connection holds it. */
const shownLog = (page: Page, gameId: string) =>
  page.evaluate((id) => {
    const g = globalThis as unknown as PageGlobals & {
      document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
    };
    const s = g.caravela.conn.state(id) as { log: string[]; logStart: number };
    // Shown with a capital first letter, and "New: " (for screen readers) on lines since one's own last move.
    const shown = Array.from(g.document.querySelectorAll('ol.log li'), (li) => (li.textContent ?? '').replace(/^New: /, ''));
    return { shown, log: s.log.map((l) => l.charAt(0).toUpperCase() + l.slice(1)), logStart: s.logStart };
  }, gameId);

/** The game's state as the page's connection holds it. */
const state = (page: Page, gameId: string) =>
  page.evaluate((id) => {
    const s = (globalThis as unknown as PageGlobals).caravela.conn.state(id) as
      | { version: number; legal: unknown[]; status: string }
      | undefined;
    return s ? { version: s.version, legal: s.legal.map((c) => JSON.stringify(c)), status: s.status } : null;
  }, gameId);

async function signIn(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Every control that sends a command sends one the server listed in `legal` for this seat —
 * read in one go inside the page, so the screen and the state are of the same moment.
 */
async function checkOffered(page: Page, gameId: string): Promise<void> {
  const { offered, legal } = await page.evaluate((id) => {
    const g = globalThis as unknown as PageGlobals & {
      document: { querySelectorAll(s: string): ArrayLike<{ dataset: { command: string } }> };
    };
    const s = g.caravela.conn.state(id) as { legal: unknown[] } | undefined;
    return {
      offered: Array.from(g.document.querySelectorAll('[data-command]'), (e) => e.dataset.command),
      legal: (s?.legal ?? []).map((c) => JSON.stringify(c)),
    };
  }, gameId);
  for (const command of offered) expect(legal.includes(command), `offered but not legal: ${command}`).toBe(true);
}

/**
 * Click one enabled offered control, if any: a command's button, a place on the board that takes
 * a part of a move, or Confirm once the parts make one. Returns whether it did (the page may
 * re-render under us).
 */
async function clickOne(page: Page, rng: Rng): Promise<boolean> {
  const controls = page.locator('[data-action]:not([disabled]), .board .part-can, .actions-panel [data-part]:not([aria-pressed="true"])');
  const count = await controls.count();
  if (count === 0) return false;
  try {
    await controls.nth(rng.int(count)).click({ timeout: 2_000 });
    return true;
  } catch {
    return false; // replaced by a newer state before the click landed
  }
}

describe('the web client', () => {
  it('lets two players play a whole game of Vasco da Gama in Chromium', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const ana = await desk.newPage();
    const bruno = await phone.newPage();
    for (const p of [ana, bruno]) p.on('pageerror', (e) => console.error('page error:', e.message));

    await ana.goto(server.url);
    await signIn(ana, 'Ana');
    await expect.poll(() => ana.locator('[data-screen="lobby"]').count()).toBe(1);
    await ana.screenshot({ path: path.join(ARTIFACTS, 'lobby.png'), fullPage: true });
    await openNewGameForm(ana);
    await ana.getByLabel('Game').selectOption('vasco-da-gama');
    await ana.getByLabel('Seats').selectOption('2');
    await ana.getByRole('button', { name: 'Create the game' }).click();
    const invite = await ana.locator('#invite').inputValue();
    const gameId = decodeURIComponent(invite.split('#/join/')[1]!);

    // Bruno opens the invite link: he signs in, reads who invites him to what, takes the seat; the game starts for both.
    await bruno.goto(invite);
    await signIn(bruno, 'Bruno');
    await expect.poll(() => bruno.locator('[data-screen="invite"] h1').textContent()).toBe('Ana invites you to a game of Vasco da Gama');
    expect(await bruno.locator('[data-screen="invite"]').innerText()).toMatch(/Bruno, 2 players: Ana sits at the table; 1 seat is open\./);
    await bruno.getByRole('button', { name: 'Take a seat' }).click();
    await expect.poll(async () => (await state(bruno, gameId))?.status, { timeout: 15_000 }).toBe('active');
    await expect.poll(async () => (await state(ana, gameId))?.status, { timeout: 15_000 }).toBe('active');
    // The page shows the page width: nothing wider than the phone screen.
    expect(await bruno.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // A server error reaches the player as a sentence.
    await bruno.evaluate(
      (id) =>
        (globalThis as unknown as PageGlobals).caravela.conn.request({
          action: 'command',
          gameId: id,
          commandId: 'bad',
          command: { type: 'sail-to-brazil' },
        }),
      gameId,
    );
    await expect.poll(() => bruno.getByRole('alert').textContent()).toMatch(/The command is not valid/);

    const rng = new Rng(2026);
    let clicks = 0;
    let reloaded = false;
    let dropped = false;
    let keyboard = false;
    for (let idle = 0; idle < 400; ) {
      const [a, b] = [await state(ana, gameId), await state(bruno, gameId)];
      if (a?.status === 'finished' && b?.status === 'finished') break;
      let acted = false;
      for (const page of [ana, bruno]) {
        await checkOffered(page, gameId);
        if (await clickOne(page, rng)) {
          acted = true;
          clicks++;
        }
      }
      idle = acted ? 0 : idle + 1;
      if (!acted) await new Promise((r) => setTimeout(r, 50));

      if (clicks > 30 && !keyboard) {
        // By keyboard: focus the places of a move one by one and press Enter, then Confirm (retried if the screen changed under us).
        for (const page of [ana, bruno]) {
          const part = page.locator('.board .part-can');
          if (keyboard || (await part.count()) === 0) continue;
          const version = (await state(page, gameId))!.version;
          try {
            for (let i = 0; i < 8 && (await page.locator('[data-confirm]').count()) === 0; i++) {
              await part.first().focus({ timeout: 1_000 });
              await page.keyboard.press('Enter');
            }
            await page.locator('[data-confirm]').focus({ timeout: 1_000 });
            await page.keyboard.press('Enter');
            await expect.poll(async () => (await state(page, gameId))!.version, { timeout: 5_000 }).toBeGreaterThan(version);
            keyboard = true;
          } catch {
            // the state moved on before the key press landed; try again on the next round
          }
        }
      }
      if (clicks > 60 && !reloaded) {
        reloaded = true;
        await ana.screenshot({ path: path.join(ARTIFACTS, 'board-mid-game.png'), fullPage: true });
        // A reload restores the same screen at the same version.
        const before = await ana.locator('.status-line').textContent();
        const version = (await state(ana, gameId))!.version;
        await ana.reload();
        await expect.poll(async () => (await state(ana, gameId))?.version, { timeout: 15_000 }).toBeGreaterThanOrEqual(version);
        if ((await state(ana, gameId))!.version === version) expect(await ana.locator('.status-line').textContent()).toBe(before);
        // The log starts with its latest lines; the earlier ones come on request.
        const start = await shownLog(ana, gameId);
        expect(start.logStart).toBeGreaterThan(0);
        expect(start.shown.length).toBeLessThanOrEqual(30);
        await ana.getByRole('button', { name: /Show earlier lines/ }).click();
        await expect.poll(async () => (await shownLog(ana, gameId)).logStart).toBe(0);
        expect((await shownLog(ana, gameId)).shown.length).toBeGreaterThan(start.shown.length);
      }
      if (clicks > 90 && !dropped) {
        dropped = true;
        // Bruno's socket drops; Ana goes on; Bruno reconnects by himself and catches up.
        await bruno.evaluate(() => (globalThis as unknown as PageGlobals).caravela.conn.drop());
        for (let i = 0; i < 5; i++) await clickOne(ana, rng);
        // Both sides are read on every poll: Ana's last click may still be on its way when the poll starts.
        await expect
          .poll(async () => (await state(bruno, gameId))?.version === (await state(ana, gameId))?.version, { timeout: 20_000 })
          .toBe(true);
      }
    }
    expect(reloaded && dropped && keyboard).toBe(true);
    for (const page of [ana, bruno]) {
      await expect.poll(() => page.locator('[data-final-scores]').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('[data-final-scores]').textContent()).toMatch(/Ana/);
    }
    await bruno.screenshot({ path: path.join(ARTIFACTS, 'final-scores-phone.png'), fullPage: true });
    // Built from each move's new lines (across a reload and a dropped socket), the log is the stored game's.
    const truth = [...(await recordsByVersion(server.app, gameId)).values()].at(-1)!;
    for (const page of [ana, bruno]) {
      const { shown, log, logStart } = await shownLog(page, gameId);
      expect(shown).toEqual(log);
      expect(log).toEqual(truth.log.slice(logStart - (truth.logBase ?? 0)).map((l) => l.charAt(0).toUpperCase() + l.slice(1)));
      expect(log.length).toBeGreaterThan(30);
    }
    expect(clicks).toBeGreaterThan(80);

    // Notification settings: a webhook, an email and quiet hours, saved through the form.
    await bruno.getByRole('link', { name: 'Settings' }).click();
    await bruno.getByLabel('Discord or Slack webhook URL').fill(`${hook.origin}/hooks/bruno`);
    await bruno.getByLabel('Email address').fill('bruno@example.org');
    await bruno.getByLabel(/Hold notifications at night/).check();
    await bruno.getByRole('button', { name: 'Save' }).click();
    const saved = await bruno.evaluate(() => (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'getNotifications' }));
    expect(saved).toMatchObject({
      settings: {
        webhook: { url: `${hook.origin}/hooks/bruno` },
        email: 'bruno@example.org',
        quietHours: { start: '22:00', end: '08:00' },
      },
    });
    // A webhook that is not allowed is refused with the server's sentence.
    await bruno.getByLabel('Discord or Slack webhook URL').fill('https://example.com/hook');
    await bruno.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bruno.getByRole('alert').textContent()).toMatch(/Webhook/);
    await phone.close();
    await desk.close();
  }, 300_000);
});
