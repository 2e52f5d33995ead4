/**
 * Coming back after days: Bruno moves, Ana and a bot play several moves, Bruno
 * reloads his page and finds exactly the lines written since his move summarised at the top, by
 * round and by who acted, and those lines marked in the log. Once he moves, the summary goes.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { Client, register, type Player } from '../support/client';

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

const capital = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

describe('since your last move', () => {
  it('summarises and marks exactly what happened since the player last moved', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Bruno');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('[data-screen="lobby"]').count()).toBe(1);
    const session = JSON.parse(
      (await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('caravela.session'),
      ))!,
    ) as Player;

    const bruno = await Client.connect(server.wsUrl, session);
    const ana = await Client.connect(server.wsUrl, await register(server.url, 'Ana'));
    const { gameId } = await bruno.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 3,
      bots: [2],
    });
    await ana.request({ action: 'joinGame', gameId, seat: 1 });
    await bruno.request({ action: 'subscribe', gameId });
    await ana.request({ action: 'subscribe', gameId });

    const latest = async (c: Client, after = 0): Promise<StateFrame> => {
      await expect.poll(() => c.latest(gameId)?.version ?? 0, { timeout: 20_000 }).toBeGreaterThan(after);
      return c.latest(gameId)!;
    };
    const waitForTurn = async (): Promise<StateFrame> => {
      // Bots move on their own: wait until a person is to act.
      await expect.poll(() => [0, 1].some((s) => ana.latest(gameId)?.activeSeats.includes(s)), { timeout: 20_000 }).toBe(true);
      return ana.latest(gameId)!;
    };
    const play = async (c: Client, n: number) => {
      // The mover's own view of the version the turn was seen at (an ack reaches its mover before the states do).
      const s = await c.until(gameId, ana.latest(gameId)!.version);
      const command = (s.legal as { type: string }[]).find((x) => x.type !== 'launch') ?? s.legal[0];
      const ack = await c.request({ action: 'command', gameId, commandId: `${c.player.name}-${n}`, command });
      expect(ack.type).toBe('ack');
      return (ack as { version: number }).version;
    };

    // Bruno moves; then Ana (and the bot) play until Bruno is to act again.
    let sinceLine = -1;
    let anaMoves = 0;
    for (let n = 0; n < 200 && !(anaMoves >= 1 && ana.latest(gameId)!.activeSeats.includes(0)); n++) {
      const s = await waitForTurn();
      if (s.activeSeats.includes(0)) {
        const version = await play(bruno, n);
        const frame = await latest(bruno, version - 1);
        const at = bruno.states(gameId).find((f) => f.version === version) ?? frame;
        sinceLine = at.logStart + at.log.length;
        anaMoves = 0;
      } else {
        await play(ana, n);
        if (sinceLine >= 0) anaMoves++;
      }
      await latest(ana, s.version);
    }
    expect(anaMoves).toBeGreaterThanOrEqual(1);
    const now = await bruno.until(gameId, ana.latest(gameId)!.version);
    const expected = now.log.slice(sinceLine - now.logStart).map(capital);
    expect(expected.some((l) => l.startsWith('Ana'))).toBe(true);

    // Bruno comes back to his game.
    await page.goto(`${server.url}/#/game/${encodeURIComponent(gameId)}`);
    await page.reload();
    const summary = page.locator('.since-summary');
    await expect.poll(() => summary.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('.log li.since').count()).toBe(expected.length);
    const summarised = await summary.locator('ul ul li').allTextContents();
    const rounds = await summary.locator('h3').allTextContents();
    // Every line since his move, once, in order (round lines head their groups).
    const shown = expected.filter((l) => !rounds.includes(l));
    expect(summarised).toEqual(shown);
    expect(await summary.locator('ul > li > strong').allTextContents()).toContain('Ana');
    // It says whom the lines are about, not that each of them played (some only received income).
    expect(await summary.locator('p.muted').first().innerText()).toMatch(/^What happened, in order: lines about .*Ana/);
    expect((await page.locator('.log li.since').allTextContents()).map((t) => t.replace(/^New: /, ''))).toEqual(expected);
    // The lines before his move are not marked.
    expect(await page.locator('.log li:not(.since)').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'since-your-move-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'since-your-move-390.png') });

    // Bruno moves: the summary and the marks go.
    const before = (await latest(bruno)).version;
    await page.evaluate(
      ([id, v]) => {
        const conn = (
          globalThis as unknown as {
            caravela: {
              conn: { state(id: string): { legal: { type: string }[] }; command(id: string, c: object, v: number): Promise<unknown> };
            };
          }
        ).caravela.conn;
        const legal = conn.state(id).legal;
        return conn.command(id, legal.find((c) => c.type !== 'launch') ?? legal[0]!, v);
      },
      [gameId, before] as const,
    );
    await expect.poll(() => summary.count()).toBe(0);
    expect(await page.locator('.log li.since').count()).toBe(0);
    await bruno.close();
    await ana.close();
    await context.close();
  }, 120_000);
});
