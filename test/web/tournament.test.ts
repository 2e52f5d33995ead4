/**
 * Tournaments and vacations in Chromium. Ana creates a Swiss tournament of 16 Connect Four
 * players on the Tournaments page (14 bots), Bruno enters over the protocol and fills it; Ana
 * plays each of her four games by clicking columns, going back to the tournament page between
 * rounds, and the standings the page shows — points, Buchholz, Sonneborn-Berger, rank — are the
 * ones worked out here by hand from every round's tables. Then a vacation: Ana goes away on the
 * settings page, her seat shows it, her clock stops, and with her tab closed the sweep past her
 * old deadline sends her nothing; back early, her clock runs again with all its time.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { type MemoryServer, startLocalServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { signIn, state, until } from '../support/click-turn';
import { Client, register } from '../support/client';
import { playToEnd } from '../support/play';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';
import { byHand } from '../support/tournament-standings';

type TournamentFrame = Extract<ServerFrame, { type: 'tournament' }>;
type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

const HOUR = 3_600_000;
let now = new Date();
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
    now: () => now,
    env: { ...process.env, WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await hook?.close();
});

/** Ana plays her game on screen to its end, a legal column each turn (the lowest-numbered one free). */
async function playOnScreen(page: Page, gameId: string): Promise<void> {
  for (;;) {
    const s = await until(
      async () => {
        const st = await state(page, gameId);
        return st && (st.status === 'finished' || st.activeSeats.includes(st.you)) ? st : null;
      },
      60_000,
      'her turn',
    );
    if (s.status === 'finished') return;
    const column = (s.legal[0] as { column: number }).column;
    await page.locator(`.board [data-action="drop"]`).nth(column).click();
    await until(async () => ((await state(page, gameId))?.version ?? 0) > s.version, 30_000, 'her move to be stored');
  }
}

/** The standings as the page shows them. */
const shownStandings = (page: Page) =>
  page.$$eval('.standings tbody tr', (rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((c) => c.textContent ?? '');
      return { playerId: r.getAttribute('data-player-id')!, rank: cells[0], points: cells[1], buchholz: cells[3], sb: cells[4] };
    }),
  );
const half = (n: number) => (Number.isInteger(n) ? String(n) : `${Math.floor(n) || ''}½`);

describe('a Swiss tournament in the browser', () => {
  it('is created on its page, played round by round from it, and ends with the standings worked out by hand', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'Ana');
    await page.getByRole('link', { name: 'Tournaments' }).click();
    await page.locator('[data-screen="new-tournament"]').waitFor();
    await page.getByLabel('Name').fill('Winter Cup');
    await page.getByLabel('Game').selectOption('connect-four');
    await page.getByLabel('Format').selectOption('swiss');
    await page.getByLabel('Places', { exact: true }).fill('16');
    await page.getByLabel('Days per move (0: no clock)').fill('0');
    await page.getByLabel('Places for bots').fill('14');
    await page.getByLabel('How the bots play').selectOption('random');
    await page.getByRole('button', { name: 'Create the tournament' }).click();
    await page.locator('[data-screen="tournament"] h1').waitFor();
    expect(await page.locator('.tournament-state').innerText()).toMatch(/Entry open: 15 of 16 places taken · starts when full/);
    const tournamentId = decodeURIComponent(page.url().split('#/tournament/')[1]!);

    const bruno = await Client.connect(server.wsUrl, await register(server.url, 'Bruno'));
    const entered = await bruno.request<TournamentFrame>({ action: 'enterTournament', tournamentId });
    expect(entered.tournament).toMatchObject({ status: 'running', round: 1, rounds: 4 });

    for (let round = 1; round <= 4; round++) {
      await page.goto(`${server.url}/#/tournament/${encodeURIComponent(tournamentId)}`);
      await expect.poll(() => page.locator('[data-part="round"] h2').textContent(), { timeout: 60_000 }).toBe(`Round ${round}`);
      if (round === 1) await page.screenshot({ path: path.join(ARTIFACTS, 'tournament-round1-1366.png'), fullPage: true });
      const frame = await bruno.request<TournamentFrame>({ action: 'tournament', tournamentId });
      const mineOf = (id: string) => frame.round!.tables.find((t) => t.seats.some((s) => s.playerId === id));
      const brunos = mineOf(bruno.player.playerId);
      // Bruno plays his over the protocol while Ana plays hers on screen (they may share a table).
      const brunoPlays = brunos
        ? bruno.request({ action: 'subscribe', gameId: brunos.gameId }).then(() => playToEnd([bruno], brunos.gameId, round))
        : Promise.resolve();
      const link = page.locator('.your-table a', { hasText: 'Play your game' });
      await link.click();
      const gameId = decodeURIComponent(page.url().split('#/game/')[1]!);
      await playOnScreen(page, gameId);
      await brunoPlays;
    }
    await page.goto(`${server.url}/#/tournament/${encodeURIComponent(tournamentId)}`);
    await expect.poll(() => page.locator('.tournament-state strong').textContent(), { timeout: 60_000 }).toBe('Finished after 4 rounds');

    const rounds = await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await bruno.request<TournamentFrame>({ action: 'tournament', tournamentId, round: n })).round!),
    );
    const pairs = rounds.flatMap((r) =>
      r.tables.map((t) =>
        t.seats
          .map((s) => s.playerId)
          .sort()
          .join(' v '),
      ),
    );
    expect(new Set(pairs).size).toBe(32);
    const hand = byHand(rounds);
    const shown = await shownStandings(page);
    expect(shown).toHaveLength(16);
    for (const line of shown) {
      const h = hand.get(line.playerId)!;
      expect({ points: line.points, buchholz: line.buchholz, sb: line.sb }).toEqual({
        points: half(h.points),
        buchholz: half(h.buchholz),
        sb: half(h.sonnebornBerger),
      });
    }
    // Ranked by points, then Buchholz, then Sonneborn-Berger.
    const key = (id: string) => [hand.get(id)!.points, hand.get(id)!.buchholz, hand.get(id)!.sonnebornBerger];
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [key(shown[i - 1]!.playerId), key(shown[i]!.playerId)];
      const k = a.findIndex((v, j) => v !== b[j]);
      if (k >= 0) expect(a[k]).toBeGreaterThan(b[k]!);
      expect(Number(shown[i]!.rank)).toBe(k < 0 ? Number(shown[i - 1]!.rank) : i + 1);
    }
    expect(await findings(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'tournament-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'tournament-390.png'), fullPage: true });
    await page.goto(`${server.url}/#/tournaments`);
    await page.locator('.tournament-row').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'tournaments-390.png'), fullPage: true });
    await bruno.close();
    await context.close();
  }, 600_000);
});

describe('vacation in the browser', () => {
  it("pauses the player's clock, sends nothing while she is away, and runs it again when she is back", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    let page = await context.newPage();
    await signIn(page, server.url, 'Vera');
    const request = (p: Page, frame: object) =>
      p.evaluate(
        (f) => (globalThis as unknown as { caravela: { conn: { request(f: object): Promise<unknown> } } }).caravela.conn.request(f),
        frame,
      );
    await request(page, {
      action: 'setNotifications',
      settings: { webPush: [], webhook: { url: `${hook.origin}/hooks/vera` }, email: null, quietHours: null },
    });
    const { gameId } = (await request(page, {
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
      clock: { type: 'perMove', hours: 24 },
    })) as { gameId: string };
    const otto = await Client.connect(server.wsUrl, await register(server.url, 'Otto'));
    await otto.request({ action: 'joinGame', gameId });
    const deadline = async () => (await otto.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).clock!.deadlines[0] ?? null;
    expect(await deadline()).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    // Her game must be in her list (the stream indexes it) before the vacation reaches it.
    await expect
      .poll(async () =>
        ((await request(page, { action: 'myGames' })) as Frame<'games'>).games.some((g) => g.gameId === gameId && g.status === 'active'),
      )
      .toBe(true);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.locator('[data-part="vacation"] form').waitFor();
    await page.getByRole('button', { name: 'Go on vacation' }).click();
    await expect.poll(() => page.locator('[data-part="vacation"] [role="status"]').textContent()).toMatch(/^You are on vacation until /);
    await page.screenshot({ path: path.join(ARTIFACTS, 'vacation-390.png'), fullPage: true });
    expect(await deadline()).toBeNull();
    await page.goto(`${server.url}/#/game/${encodeURIComponent(gameId)}`);
    await expect.poll(() => page.locator('.seat[data-seat="0"] .badge.away').textContent()).toMatch(/^on vacation until /);
    await page.screenshot({ path: path.join(ARTIFACTS, 'vacation-game-390.png'), fullPage: true });

    // She closes the tab; two days pass, past her old deadline: the sweep neither times her out nor sends her anything.
    await page.close();
    await waitOffline(server.app, (await otto.request<Frame<'gameInfo'>>({ action: 'gameInfo', gameId })).seats[0]!.playerId);
    now = new Date(now.getTime() + 48 * HOUR);
    await server.sweep();
    await server.notified();
    expect(hook.received.filter((r) => r.path === '/hooks/vera')).toEqual([]);
    expect((await otto.request<Frame<'state'>>({ action: 'subscribe', gameId })).absent).toEqual([]);

    // Back early, on the settings page: her clock runs again, with its whole day.
    page = await context.newPage();
    await page.goto(`${server.url}/#/settings`);
    await page.getByRole('button', { name: 'I am back' }).click();
    await page.locator('[data-part="vacation"] form').waitFor();
    expect(await deadline()).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    await page.goto(`${server.url}/#/game/${encodeURIComponent(gameId)}`);
    await page.locator('.seat[data-seat="0"]').waitFor();
    expect(await page.locator('.seat[data-seat="0"] .badge.away').count()).toBe(0);
    expect(await findings(page)).toEqual([]);
    await otto.close();
    await context.close();
  }, 120_000);
});
