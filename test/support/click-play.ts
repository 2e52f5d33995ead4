/**
 * A whole game played in Chromium by clicking, as a person would: Ana against a heuristic bot.
 * Her choice at each step is what the game's heuristic bot would play in her seat (so the game
 * is credible and ends); the click goes to the control on the page that carries exactly that
 * command — a board space when one does (now and then, to use both), else the panel's button.
 * At every step it checks what a player may rely on: every control sends an exact entry of her
 * `legal` and (`allOffered`) every entry has a control, no text on the page looks like JSON,
 * and the window does not scroll when the bot's move arrives.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { findBot } from '../../domain/games/bots';
import { Rng } from '../../domain/engine/rng';
import { getGames } from '../../functions/host/runtime-games';
import type { LocalServer } from '../../local/server';
import { findings } from './axe';
import { ARTIFACTS } from './browser';

interface PageGlobals {
  caravela: { conn: { state(id: string): { version: number; status: string; legal: object[]; activeSeats: number[]; you: number } | undefined; request(f: object): Promise<{ gameId?: string }> } };
  location: { hash: string };
  scrollY: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(f: () => void): number;
  document: { body: { innerText: string }; querySelectorAll(s: string): ArrayLike<{ dataset: { command?: string }; closest(s: string): unknown; disabled?: boolean; getClientRects(): ArrayLike<unknown> }> };
}

const state = (page: Page, gameId: string) => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id) ?? null, gameId);

/** Every control on the page that sends a command: its command and whether it sits on the board. */
const controls = (page: Page) =>
  page.evaluate(() =>
    Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('[data-command]'), (el) => ({
      command: el.dataset.command!,
      onBoard: Boolean(el.closest('.board')),
      usable: !el.disabled && el.getClientRects().length > 0,
    })),
  );

export async function signIn(page: Page, server: LocalServer, name: string): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-screen="lobby"]').waitFor();
}

export async function openNewGame(page: Page, game: string, players: number): Promise<string> {
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const created = await page.evaluate(([g, p, b]) => (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: g, players: p, bots: b, bot: 'heuristic' }), [game, players, bots] as const);
  const gameId = created.gameId!;
  await page.evaluate((id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`), gameId);
  await expect.poll(async () => (await state(page, gameId))?.status ?? null, { timeout: 20_000 }).toBe('active');
  return gameId;
}

/** A 4-player game's board at 1366 × 900: its height (the board itself, not panels or log), and screenshots. */
export async function measureBoard(browser: Browser, server: LocalServer, game: string): Promise<number> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, server, 'Dora');
  const gameId = await openNewGame(page, game, 4);
  await expect.poll(async () => (await state(page, gameId))?.activeSeats.includes(0) ?? false, { timeout: 30_000 }).toBe(true);
  await page.waitForTimeout(300);
  const height = await page.locator('.board').evaluate((el) => (el as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
  await page.screenshot({ path: path.join(ARTIFACTS, `${game}-4p-1366.png`), fullPage: true });
  await page.context().close();
  console.log(`${game}: a 4-player board is ${Math.round(height)} px tall at 1366 × 900`);
  return height;
}

export interface Played {
  clicks: number;
  boardClicks: number;
  version: number;
}

export interface PlayOptions {
  /** Every legal entry has a control at once (false where a choice takes two steps). */
  allOffered: boolean;
  /** A first click some commands need (e.g. picking a number before its area); then the command's own control. */
  prepare?: (page: Page, command: { type: string } & Record<string, unknown>) => Promise<void>;
  seed?: number;
  maxClicks?: number;
  /** Run axe-core every this many clicks (0: never). */
  axeEvery?: number;
}

export async function playByClicking(browser: Browser, server: LocalServer, game: string, options: PlayOptions): Promise<Played> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server, 'Ana');
  const gameId = await openNewGame(page, game, 2);
  const bot = findBot(game, 'heuristic')!;
  const rng = Rng.fromSeed(options.seed ?? 7);
  let clicks = 0;
  let boardClicks = 0;
  let shot = false;
  const scrollMoves: string[] = [];
  const a11y = new Set<string>();
  for (;;) {
    // Ana's turn, or the end.
    await expect.poll(async () => {
      const s = await state(page, gameId);
      return s?.status === 'finished' || (s?.activeSeats.includes(s.you) ?? false);
    }, { timeout: 30_000 }).toBe(true);
    const s = (await state(page, gameId))!;
    if (s.status === 'finished') break;
    expect(clicks).toBeLessThan(options.maxClicks ?? 3000);
    await page.waitForTimeout(30); // the frame that made it her turn is drawn
    const legal = s.legal.map((c) => JSON.stringify(c));
    const shown = await controls(page);
    for (const c of shown) expect(legal, `a control sends ${c.command}`).toContain(c.command);
    if (options.allOffered) for (const c of legal) expect(shown.map((x) => x.command), `no control for ${c}`).toContain(c);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.body.innerText)).not.toMatch(/\{"type/);

    // The bot's pick for her seat, from the game's own state on the server.
    const record = await getGames().host.games.fresh(gameId);
    const picked = bot.choose(record.state, s.you, s.legal as never[], rng) as { type: string } & Record<string, unknown>;
    const choice = JSON.stringify(picked);
    if (options.prepare && !shown.some((c) => c.command === choice)) await options.prepare(page, picked);
    const places = (await controls(page)).filter((c) => c.command === choice && c.usable);
    expect(places.length, `a control for ${choice}`).toBeGreaterThan(0);
    const onBoard = places.find((c) => c.onBoard);
    const target = onBoard && (rng.next() < 0.7 || !places.some((c) => !c.onBoard)) ? onBoard : (places.find((c) => !c.onBoard) ?? places[0]!);
    const selector = `${target.onBoard ? '.board ' : '.actions-panel '}[data-command="${target.command.replace(/["\\]/g, '\\$&')}"]`;
    await page.locator(selector).first().click();
    clicks++;
    if (target.onBoard) boardClicks++;
    await expect.poll(async () => (await state(page, gameId))!.version, { timeout: 15_000 }).toBeGreaterThan(s.version);
    // Her move is drawn (two animation frames after its state arrived: on a busy machine the
    // drawing lags); the bot's answers that arrive next leave the window where it is.
    await page.evaluate(() => new Promise<void>((done) => { const w = globalThis as unknown as PageGlobals; w.requestAnimationFrame(() => w.requestAnimationFrame(done)); }));
    const after = await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY);
    await expect.poll(async () => {
      const now = await state(page, gameId);
      return now!.status === 'finished' || now!.activeSeats.includes(now!.you);
    }, { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(30);
    const y = await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY);
    if (y !== after) scrollMoves.push(`${after} → ${y} at click ${clicks}`);
    if (options.axeEvery && clicks % options.axeEvery === 0) for (const f of await findings(page)) a11y.add(f);
    if (!shot && clicks === 12) {
      shot = true;
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-board-1366.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-board-390.png`), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  }
  expect(errors).toEqual([]);
  expect(scrollMoves).toEqual([]);
  expect([...a11y]).toEqual([]);
  const version = (await state(page, gameId))!.version;
  await page.screenshot({ path: path.join(ARTIFACTS, `${game}-finished-1366.png`), fullPage: true });
  await page.context().close();
  return { clicks, boardClicks, version };
}
