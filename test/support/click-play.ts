/**
 * A whole game played in Chromium by clicking, as a person would: Ana against a heuristic bot.
 * Her choice at each step is what the game's heuristic bot would play in her seat (so the game
 * is credible and ends); the click goes to the control on the page that carries exactly that
 * command — a board space when one does (now and then, to use both), else the panel's button.
 * At every step it checks what a player may rely on: every control sends an exact entry of her
 * `legal` and (`allOffered`) every entry has a control, no text on the page looks like JSON or
 * names a tile by an internal id, the actions never cover the board, every seat's points are in
 * view, the phone's page never scrolls sideways, and the board does not move in the window when the bot's
 * move arrives.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { GAMES } from '../../domain/games';
import type { MemoryServer } from '../../local/server';
import { findings } from './axe';
import { ARTIFACTS } from './browser';
import type { StateFrame } from '../../functions/core/protocol/frames';
import {
  botPick,
  buildAndConfirm,
  CHOICE_PARTS,
  smallText,
  controls,
  drawn,
  layout,
  openNewGame,
  PREPARE,
  signIn,
  state,
  targetFor,
  turnOrEnd,
  type PageGlobals,
  type Prepare,
} from './click-turn';

/** A 4-player game's board at 1366 × 900: its height (the board itself, not panels or log), and screenshots. */
export async function measureBoard(browser: Browser, server: Pick<MemoryServer, 'url' | 'app'>, game: string): Promise<number> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, server.url, 'Dora');
  const gameId = await openNewGame(page, game, 4);
  await expect.poll(async () => (await state(page, gameId))?.activeSeats.includes(0) ?? false, { timeout: 30_000 }).toBe(true);
  await page.waitForTimeout(300);
  // The notes on the numbers come from the rules data in the bundle: the page's frames are lean and leave them out.
  if (GAMES.find((m) => m.id === game)?.staticView?.includes('about')) {
    expect(await page.locator('details.game-about li').count()).toBeGreaterThan(3);
    expect(await state(page, gameId)).not.toHaveProperty('view.about');
  }
  const height = await page
    .locator('.board')
    .evaluate((el) => (el as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
  await page.screenshot({ path: path.join(ARTIFACTS, `${game}-4p-1366.png`), fullPage: true });
  await page.context().close();
  console.log(`${game}: a 4-player board is ${Math.round(height)} px tall at 1366 × 900`);
  return height;
}

/** Where the board stands in the window: what a player studying it sees move, or not. */
const boardTop = (page: Page) =>
  page
    .locator('.board')
    .evaluate((e) => Math.round((e as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top));

/** The game's "How to play" beside the board: the aid's sections with their rulebook sources, and the rulings. */
async function checkRulesHelp(page: Page): Promise<void> {
  const help = page.locator('details.rules-help');
  await help.locator('summary').click();
  expect(await help.locator('.aid-section').count()).toBeGreaterThanOrEqual(6);
  expect(await help.locator('.aid-source').first().innerText()).toMatch(/^\(rulebook: .+\)$/);
  expect(await help.locator('.aid-rulings li').count()).toBeGreaterThan(0);
  await help.locator('summary').click();
}

/** The board's size control: larger draws the board larger (remembered by the browser), 100 % puts it back. */
async function checkZoom(page: Page): Promise<void> {
  const height = () =>
    page
      .locator('.board > :last-child')
      .evaluate((e) => (e as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
  const before = await height();
  await page.getByRole('button', { name: 'Larger board' }).click();
  // Drawn at 115 %: taller (its width stays the window's, so its columns may reflow).
  expect(await page.locator('.board > :last-child').evaluate((e) => (e as unknown as { style: { zoom: string } }).style.zoom)).toBe('1.15');
  await expect.poll(height).toBeGreaterThan(before);
  const stored = await page.evaluate(() => Object.keys((globalThis as unknown as { localStorage: object }).localStorage));
  expect(stored.some((k) => k.startsWith('caravela.zoom.'))).toBe(true);
  await page.getByRole('button', { name: /115 %/ }).click();
  await expect.poll(height).toBeCloseTo(before, -1);
}

export interface Played {
  clicks: number;
  boardClicks: number;
  version: number;
}

export interface PlayOptions {
  /** Every legal entry has a control at once (false where a choice takes two steps). */
  allOffered: boolean;
  /** A first click some commands need (default: the game's own, PREPARE in click-turn.ts). */
  prepare?: Prepare;
  seed?: number;
  maxClicks?: number;
  /** Run axe-core every this many of Ana's decisions (0: never). */
  axeEvery?: number;
  /** Seats at the table (Ana and bots; default 2). */
  players?: number;
  /** The window alternates between 1366 × 900 and 390 × 844 every this many of Ana's decisions (default: stays on the desk but for one look). */
  sizeEvery?: number;
}

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Games played by clicking in this process (each by a new player). */
let plays = 0;

export async function playByClicking(
  browser: Browser,
  server: Pick<MemoryServer, 'url' | 'app'>,
  game: string,
  options: PlayOptions,
): Promise<Played> {
  const page = await (await browser.newContext({ viewport: DESK })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Names are unique: a file may play more than one game on its server.
  await signIn(page, server.url, `Ana ${++plays}`);
  const gameId = await openNewGame(page, game, options.players ?? 2);
  if (CHOICE_PARTS[game]) {
    await checkRulesHelp(page);
    await checkZoom(page);
  }
  let decisions = 0;
  let phone = false;
  const rng = Rng.fromSeed(options.seed ?? 7);
  let clicks = 0;
  let boardClicks = 0;
  let shot = false;
  const scrollMoves: string[] = [];
  const a11y = new Set<string>();
  for (;;) {
    // Ana's turn, or the end.
    const s = await turnOrEnd(page, gameId);
    if (s.status === 'finished') break;
    expect(clicks).toBeLessThan(options.maxClicks ?? 3000);
    await drawn(page); // the frame that made it her turn is drawn
    const legal = s.legal.map((c) => JSON.stringify(c));
    const shown = await controls(page);
    for (const c of shown) expect(legal, `a control sends ${c.command}`).toContain(c.command);
    // (A game whose moves are built on the board offers them as parts; its check is the parts' own, below.)
    if (options.allOffered && !CHOICE_PARTS[game])
      for (const c of legal)
        expect(
          shown.map((x) => x.command),
          `no control for ${c}`,
        ).toContain(c);
    // Both sizes in one game: the window changes between Ana's decisions, as a player turning a tablet would.
    decisions++;
    if (options.sizeEvery && decisions > 1 && (decisions - 1) % options.sizeEvery === 0) {
      phone = !phone;
      await page.setViewportSize(phone ? PHONE : DESK);
      await drawn(page);
    }
    const text = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.body.innerText);
    expect(text).not.toMatch(/\{"type/);
    // Tiles are named by what they show, never by the data's ids ("I-04").
    expect(text.match(/\b[IV]+-\d\d\b/)?.[0], 'an internal id on the page').toBeUndefined();
    // The actions never cover the board; every seat's points are in view wherever the page is scrolled.
    const seen = await layout(page);
    expect(seen.overlap, 'the actions panel covers the board').toBe(0);
    if (phone) {
      expect(seen.sideways, 'the page scrolls sideways at 390 px').toBe(false);
      if (CHOICE_PARTS[game]) expect((await smallText(page)).examples, 'text under 12 px on a phone').toEqual([]);
    } else if (s.points) expect(seen.pointsInView, "a seat's points out of view").toBe(s.points.length);

    const picked = await botPick(server.app, game, gameId, s, rng);
    const partsOf = CHOICE_PARTS[game];
    if (partsOf) {
      // Built on the board and confirmed: a sentence says what it does first, and the panel stays short.
      const built = await buildAndConfirm(page, partsOf(picked, s as unknown as StateFrame), picked, phone);
      clicks += built.clicks;
      boardClicks += built.boardClicks;
      expect(built.buttons, 'buttons outside the board').toBeLessThanOrEqual(12);
      expect(built.covered, 'a picked place under the choice bar').toBe(0);
      expect(built.consequence.length, 'a consequence before Confirm').toBeGreaterThan(10);
    } else {
      const target = await targetFor(page, picked, rng, options.prepare ?? PREPARE[game]);
      expect(target, `a control for ${JSON.stringify(picked)}`).not.toBeNull();
      await page.locator(target!.selector).first().click();
      clicks++;
      if (target!.onBoard) boardClicks++;
    }
    await expect.poll(async () => (await state(page, gameId))!.version, { timeout: 15_000, interval: 20 }).toBeGreaterThan(s.version);
    // Her move is drawn (two animation frames after its state arrived: on a busy machine the
    // drawing lags); the bot's answers that arrive next leave the window where it is.
    await drawn(page);
    const after = await boardTop(page);
    await turnOrEnd(page, gameId);
    await drawn(page);
    const y = await boardTop(page);
    if (Math.abs(y - after) > 1) scrollMoves.push(`the board's top ${after} → ${y} at click ${clicks}${phone ? ' (phone)' : ''}`);
    if (options.axeEvery && decisions % options.axeEvery === 0) for (const f of await findings(page)) a11y.add(f);
    if (!shot && clicks >= 12 && !options.sizeEvery) {
      shot = true;
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-board-1366.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-board-390.png`), fullPage: true });
      // A phone pans the board's own wide parts, never the page.
      expect((await layout(page)).sideways, 'the page scrolls sideways at 390 px').toBe(false);
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
