/**
 * One person's turn in Chromium, as a person takes it: sign in, open a game against bots, wait
 * for the turn, pick what the game's heuristic bot would play in the person's seat and find the
 * control on the page that sends exactly that command. Free of any test runner, so the browser
 * tests (click-play.ts) and the browser bench share it.
 */
import type { Page } from 'playwright-core';
import type { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import type { App } from '../../functions/app/app';
import { host } from '../../functions/app/games';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { partsOf as goaParts } from '../../web/src/games/goa/choices';
import { partsOf as navegadorParts } from '../../web/src/games/navegador/choices';
import { partsOf as vdgParts } from '../../web/src/games/vasco-da-gama/choices';

export interface PageState {
  version: number;
  status: string;
  legal: object[];
  activeSeats: number[];
  you: number;
  points?: number[];
}

export interface PageGlobals {
  caravela: { conn: { state(id: string): PageState | undefined; request(f: object): Promise<{ gameId?: string }> } };
  location: { hash: string };
  scrollY: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(f: () => void): number;
  document: {
    body: { innerText: string };
    querySelectorAll(
      s: string,
    ): ArrayLike<{ dataset: { command?: string }; closest(s: string): unknown; disabled?: boolean; getClientRects(): ArrayLike<unknown> }>;
  };
}

export type Command = { type: string } & Record<string, unknown>;
/** A first click some commands need (e.g. picking a number before its area); then the command's own control. */
export type Prepare = (page: Page, command: Command) => Promise<void>;

/** First clicks some games' commands need (none now: moves built on the board are in CHOICE_PARTS). */
export const PREPARE: Readonly<Record<string, Prepare>> = {};

export const state = (page: Page, gameId: string) =>
  page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id) ?? null, gameId);

/** What the layout shows a player at a decision (issue 30's checks): measured in the page. */
export interface Layout {
  /** The area where the board and the actions panel overlap (0: the panel never covers the board). */
  overlap: number;
  /** Player panels, and those whose points lie wholly inside the window (no scrolling). */
  seats: number;
  pointsInView: number;
  /** The page is wider than the window (it scrolls sideways). */
  sideways: boolean;
}

export const layout = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    interface Box {
      left: number;
      right: number;
      top: number;
      bottom: number;
    }
    const d = (
      globalThis as unknown as {
        document: {
          querySelector(s: string): { getBoundingClientRect(): Box } | null;
          querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): Box }>;
          documentElement: { scrollWidth: number; clientWidth: number };
        };
      }
    ).document;
    const { innerHeight, innerWidth } = globalThis as unknown as { innerHeight: number; innerWidth: number };
    const board = d.querySelector('.board')?.getBoundingClientRect();
    const panel = d.querySelector('.actions-panel')?.getBoundingClientRect();
    const overlap =
      board && panel
        ? Math.max(0, Math.min(board.right, panel.right) - Math.max(board.left, panel.left)) *
          Math.max(0, Math.min(board.bottom, panel.bottom) - Math.max(board.top, panel.top))
        : 0;
    const points = Array.from(d.querySelectorAll('.seats .points'), (e) => e.getBoundingClientRect());
    return {
      overlap,
      seats: d.querySelectorAll('.seats .seat').length,
      pointsInView: points.filter((r) => r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth).length,
      sideways: d.documentElement.scrollWidth > d.documentElement.clientWidth,
    };
  });

/**
 * Text drawn smaller than 12 px on screen (issue 30: none on a phone), with a few examples: each
 * visible text node's element, its CSS size scaled by the SVG's drawing scale where it is in one.
 * Screen-reader-only text (clipped to a pixel) does not count.
 */
export const smallText = (page: Page): Promise<{ count: number; examples: string[] }> =>
  page.evaluate(() => {
    interface El {
      getClientRects(): ArrayLike<unknown>;
      getBoundingClientRect(): { width: number; height: number };
      closest(s: string): El | null;
      tagName: string;
      className: unknown;
    }
    const g = globalThis as unknown as {
      document: {
        body: unknown;
        createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string; parentElement: El | null } | null };
      };
      getComputedStyle(e: El): { fontSize: string; visibility: string };
    };
    const walker = g.document.createTreeWalker(g.document.body, 4);
    const examples: string[] = [];
    let count = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (!el || !text || el.getClientRects().length === 0) continue;
      const style = g.getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('title, option, .visually-hidden, .vdg-sr, [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // Inside a drawing (SVG text, or HTML in a foreignObject) words are scaled with it.
      const svg = el.closest('svg') as unknown as {
        getBoundingClientRect(): { width: number };
        viewBox: { baseVal: { width: number } | null };
      } | null;
      const scale = svg?.viewBox.baseVal?.width ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
      const px = Number.parseFloat(style.fontSize) * scale;
      if (px < 11.5) {
        count++;
        if (examples.length < 6) examples.push(`${text.slice(0, 24)} (${px.toFixed(1)} px)`);
      }
    }
    return { count, examples };
  });

/** Every control on the page that sends a command: its command and whether it sits on the board. */
export const controls = (page: Page) =>
  page.evaluate(() =>
    Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('[data-command]'), (el) => ({
      command: el.dataset.command!,
      onBoard: Boolean(el.closest('.board')),
      usable: !el.disabled && el.getClientRects().length > 0,
    })),
  );

/** Polls `probe` every 20 ms until it gives something truthy; throws `what` after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T>, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function signIn(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-screen="lobby"]').waitFor();
}

/** A new game of `game` with bots (heuristic, Standard) in every seat but the person's, opened on screen once it is active. */
export async function openNewGame(page: Page, game: string, players: number): Promise<string> {
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const created = await page.evaluate(
    ([g, p, b]) =>
      (globalThis as unknown as PageGlobals).caravela.conn.request({
        action: 'createGame',
        game: g,
        players: p,
        bots: b,
        bot: 'heuristic',
      }),
    [game, players, bots] as const,
  );
  const gameId = created.gameId!;
  await page.evaluate((id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`), gameId);
  await until(async () => (await state(page, gameId))?.status === 'active', 20_000, 'the game to start');
  return gameId;
}

/** The state once it is the person's turn or the game is over. */
export const turnOrEnd = (page: Page, gameId: string, timeoutMs = 30_000) =>
  until(
    async () => {
      const s = await state(page, gameId);
      return s && (s.status === 'finished' || s.activeSeats.includes(s.you)) ? s : null;
    },
    timeoutMs,
    'her turn',
  );

/** What the game's heuristic bot would play in the person's seat, from the game's own state on the server (in this process). */
export async function botPick(app: App, game: string, gameId: string, s: PageState, rng: Rng): Promise<Command> {
  const record = await app.get(host).games.fresh(gameId);
  return findBot(game, 'heuristic')!.choose(record.state, s.you, s.legal as never[], rng) as Command;
}

export interface Target {
  command: string;
  onBoard: boolean;
  selector: string;
}

/**
 * The control to click for `picked` (after its first click, if it needs one): a board space when
 * one sends it, 7 times in 10 (so both are used), else the actions panel's button. Null if none
 * is on the page.
 */
export async function targetFor(page: Page, picked: Command, rng: Rng, prepare?: Prepare): Promise<Target | null> {
  const choice = JSON.stringify(picked);
  if (prepare && !(await controls(page)).some((c) => c.command === choice)) await prepare(page, picked);
  const places = (await controls(page)).filter((c) => c.command === choice && c.usable);
  if (!places.length) return null;
  const onBoard = places.find((c) => c.onBoard);
  const target =
    onBoard && (rng.next() < 0.7 || !places.some((c) => !c.onBoard)) ? onBoard : (places.find((c) => !c.onBoard) ?? places[0]!);
  return {
    command: target.command,
    onBoard: target.onBoard,
    selector: `${target.onBoard ? '.board ' : '.actions-panel '}[data-command="${target.command.replace(/["\\]/g, '\\$&')}"]`,
  };
}

/** Games whose moves are built on the board from parts and confirmed (web/src/games/choice.ts): each command's parts. */
export const CHOICE_PARTS: Readonly<Record<string, (command: object, frame: StateFrame) => string[]>> = {
  'vasco-da-gama': vdgParts,
  navegador: navegadorParts,
  goa: goaParts,
};

/** Buttons a player sees outside the board, in the game screen (issue 30: at most 12 at any decision). */
export const buttonsOutsideBoard = (page: Page) =>
  page.evaluate(() => {
    const d = (
      globalThis as unknown as {
        document: { querySelectorAll(s: string): ArrayLike<{ closest(s: string): unknown; getClientRects(): ArrayLike<unknown> }> };
      }
    ).document;
    return Array.from(d.querySelectorAll('.game button, .game [role="button"]')).filter(
      (b) => !b.closest('.board') && b.getClientRects().length > 0,
    ).length;
  });

export interface Built {
  clicks: number;
  boardClicks: number;
  /** The most buttons outside the board at any step of the choice. */
  buttons: number;
  /** The sentence shown before Confirm. */
  consequence: string;
  /** Pixels of a place just picked that lay under the choice bar (fixed at the bottom of a phone's window). */
  covered: number;
}

/** How much of the picked place `part` the choice bar covers, once drawn. */
const coveredByBar = (page: Page, part: string) =>
  page.evaluate(
    (p) =>
      new Promise<number>((done) => {
        const w = globalThis as unknown as {
          requestAnimationFrame(f: () => void): void;
          document: {
            querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number; left: number; right: number } } | null;
          };
        };
        w.requestAnimationFrame(() =>
          w.requestAnimationFrame(() => {
            const bar = w.document.querySelector('.choice-bar.picking')?.getBoundingClientRect();
            const el = w.document.querySelector(`.board [data-part~="${p}"].part-on`)?.getBoundingClientRect();
            const across = bar && el ? Math.min(el.right, bar.right) - Math.max(el.left, bar.left) : 0;
            done(bar && el && across > 0 ? Math.max(0, Math.min(el.bottom, bar.bottom) - Math.max(el.top, bar.top)) : 0);
          }),
        );
      }),
    part,
  );

/**
 * A move built as a player builds it: each of its parts clicked on the board (or, for the few
 * with no place there, in the panel), then, with the consequence on screen, Confirm.
 */
export async function buildAndConfirm(page: Page, parts: readonly string[], command: object, phone = false): Promise<Built> {
  let boardClicks = 0;
  let covered = 0;
  let buttons = await buttonsOutsideBoard(page);
  for (const part of parts) {
    // Where the part is, in one look: a place on the board (one may stand for several parts, as a
    // sea region a ship sails from or to), an entry of a drop-down list of amounts, or a button.
    const where = await page.evaluate((p) => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): { tagName: string } | null } }).document;
      if (d.querySelector(`.board [data-part~="${p}"].part-can`)) return 'board';
      return d.querySelector(`.actions-panel [data-part="${p}"]`)?.tagName === 'OPTION' ? 'option' : 'panel';
    }, part);
    if (where === 'board') {
      await page.locator(`.board [data-part~="${part}"].part-can`).first().click();
      boardClicks++;
      // The bar is fixed at the bottom of a phone's window (in the flow on a desk).
      if (phone) covered = Math.max(covered, await coveredByBar(page, part));
    } else if (where === 'option') await page.locator(`.actions-panel select:has([data-part="${part}"])`).selectOption(part);
    else await page.locator(`.actions-panel [data-part="${part}"]`).first().click();
  }
  // The most buttons: once the move is whole (its Confirm and Cancel shown).
  buttons = Math.max(buttons, await buttonsOutsideBoard(page));
  const confirm = page.locator('.actions-panel [data-confirm]');
  await confirm.waitFor({ timeout: 5000 });
  const shown = await page.evaluate(() => {
    const d = (
      globalThis as unknown as {
        document: { querySelector(s: string): { textContent: string | null; getAttribute(a: string): string | null } | null };
      }
    ).document;
    return {
      command: d.querySelector('.actions-panel [data-confirm]')?.getAttribute('data-command'),
      consequence: d.querySelector('.choice-bar .consequence')?.textContent ?? '',
    };
  });
  if (shown.command !== JSON.stringify(command))
    throw new Error(`the parts ${parts.join(', ')} made ${shown.command}, not ${JSON.stringify(command)}`);
  const consequence = shown.consequence.trim();
  await confirm.click();
  return { clicks: parts.length + 1, boardClicks, buttons, consequence, covered };
}

/** Two animation frames: whatever the page had to draw is drawn. */
export const drawn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        const w = globalThis as unknown as PageGlobals;
        w.requestAnimationFrame(() => w.requestAnimationFrame(done));
      }),
  );
