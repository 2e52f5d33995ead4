/**
 * The new-game form offers every game with the domain's title, seat counts, bots (strongest first)
 * and options (domain/games/meta.ts, through the web registry). It keeps what was chosen: filled top to bottom — seats, bots, then the time
 * control — the bot seats are still ticked when the game is created, and a change of game keeps
 * those that still exist.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ARTIFACTS, launchChromium, openNewGameForm } from '../support/browser';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { GAMES } from '../../domain/games';
import { levelName } from '../../domain/games/bot-levels';
import { botsOf } from '../../domain/games/bots';
import { GAME_META } from '../../domain/games/meta';

interface PageGlobals {
  caravela: {
    conn: {
      state(
        id: string,
      ): { seats: ({ bot?: string } | null)[]; status: string; log: string[]; view: { pending: { kind: string } | null } } | undefined;
    };
  };
  location: { hash: string };
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

describe('the new-game form', () => {
  it("offers every game with the domain's title, seats, bots (strongest first) and options", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Caio');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openNewGameForm(page);
    const labels = (selector: string) => page.locator(selector).allTextContents();
    expect(await labels('#game option')).toEqual(GAMES.map((g) => g.title));
    for (const game of GAMES) {
      await page.getByLabel('Game').selectOption(game.id);
      const seats = Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => `${game.minPlayers + i} players`);
      expect(await labels('#players option'), game.id).toEqual(seats);
      expect(await labels('#bot option'), game.id).toEqual(Object.keys(botsOf(game.id)).reverse().map(levelName));
      const options = GAME_META.find((m) => m.id === game.id)!.options;
      expect(
        (await labels('.game-options label')).map((l) => l.trim()),
        game.id,
      ).toEqual(options.map((o) => o.label));
      const keys = await page
        .locator('.game-options input')
        .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
      expect(keys, game.id).toEqual(Object.keys((game.optionsSchema as unknown as { shape: object }).shape));
    }
    await page.context().close();
  }, 60_000);

  it('keeps the bot seats ticked through later choices, and creates the game with them', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openNewGameForm(page);
    await page.getByLabel('Game').selectOption('vasco-da-gama');
    await page.getByLabel('Seats').selectOption('4');
    await page.getByLabel('Seat 2').check();
    await page.getByLabel('Seat 4').check();
    await page.getByLabel('Time control').selectOption('perMove');
    expect(await page.getByLabel('Seat 2').isChecked()).toBe(true);
    expect(await page.getByLabel('Seat 4').isChecked()).toBe(true);
    // Fewer seats: the ticks of the seats that remain stay.
    await page.getByLabel('Seats').selectOption('3');
    expect(await page.getByLabel('Seat 2').isChecked()).toBe(true);
    expect(await page.getByLabel('Seat 3').isChecked()).toBe(false);
    await page.getByLabel('Seat 3').check();
    await page.getByLabel('Time control').selectOption('bank');
    // Bot levels are named and explained in words.
    expect(await page.getByLabel('How the bots play').locator('option').allTextContents()).toEqual([
      'Strong',
      'Standard',
      'Random',
      'Cautious',
    ]);
    expect(await page.getByLabel('How the bots play').inputValue()).toBe('heuristic');
    await page.getByLabel('How the bots play').selectOption('strong');
    expect(await page.locator('#bot-help').textContent()).toMatch(
      /^Strong: thinks ahead.* In test games it won 96 % of 100 two-player games against the Standard bot and 94 % of 50 four-player games against three Standard bots\.$/,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'new-game-strong-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'new-game-strong-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByLabel('How the bots play').selectOption('random');
    expect(await page.locator('#bot-help').textContent()).toMatch(/^Random: picks any legal move/);
    await page.getByRole('button', { name: 'Create the game' }).click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).toMatch(/^#\/game\//);
    const gameId = decodeURIComponent(
      (await page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).slice('#/game/'.length),
    );
    // Both other seats are bots: the game starts at once.
    await expect
      .poll(() => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)?.status ?? null, gameId), {
        timeout: 15_000,
      })
      .toBe('active');
    const seats = await page.evaluate(
      (id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)!.seats.map((s) => s?.bot ?? null),
      gameId,
    );
    expect(seats).toEqual([null, 'random', 'random']);
  }, 60_000);

  it("offers a game's options in words, and creates the game with the ones ticked (Goa's rule variant)", async () => {
    for (const width of [1366, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await page.goto(server.url);
      await page.getByLabel('Your name').fill(`Bia${width}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await openNewGameForm(page);
      await page.getByLabel('Game').selectOption('vasco-da-gama');
      expect(await page.locator('.game-options input').count()).toBe(0);
      await page.getByLabel('Game').selectOption('goa');
      const variant = page.getByLabel('Rule variant: a stronger start');
      await variant.check();
      expect(await page.locator('#option-variant-help').textContent()).toMatch(/takes 10 ducats or moves two of their markers to row 2/);
      // Another choice keeps the tick.
      await page.getByLabel('Seats').selectOption('2');
      await page.getByLabel('Seat 2').check();
      expect(await variant.isChecked()).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, `new-game-options-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Create the game' }).click();
      await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).toMatch(/^#\/game\//);
      const gameId = decodeURIComponent(
        (await page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).slice('#/game/'.length),
      );
      const state = () => page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id) ?? null, gameId);
      await expect.poll(async () => (await state())?.status ?? null, { timeout: 15_000 }).toBe('active');
      // Whoever starts, the variant's choice comes before the first marker: the bot makes its own, the player is asked.
      await expect.poll(async () => (await state())?.view.pending?.kind ?? null, { timeout: 15_000 }).toBe('variant');
      await expect.poll(() => page.locator('.goa-prompt').textContent()).toMatch(/^Before the game begins \(rule variant\)/);
      await page.screenshot({ path: path.join(ARTIFACTS, `goa-variant-${width}.png`), fullPage: false });
      // Built on the board: the two columns' names on the progress board, then Confirm under what it does.
      await page.locator('.board [data-part="column:ships"]').click();
      await page.locator('.board [data-part="column:taxes"]').click();
      expect(await page.locator('.choice-bar .consequence').textContent()).toMatch(/^Start with the ships and taxes markers in row 2/);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(async () => (await state())?.log.some((l) => /moves the taxes marker to row 2 for free/.test(l)) ?? false)
        .toBe(true);
      await page.context().close();
    }
  }, 90_000);

  it('says whether the game will be rated as the seats and the listing change, and the game screen says it again', async () => {
    for (const width of [1280, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } })).newPage();
      await page.goto(server.url);
      await page.getByLabel('Your name').fill(`Rui${width}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await openNewGameForm(page);
      const note = page.locator('#rated-note');
      await page.getByLabel('Game').selectOption('tic-tac-toe');
      // Two people, private: unrated.
      expect(await note.textContent()).toBe(
        'Unrated: a private game between people changes no ratings. List it in the lobby to play it rated.',
      );
      await page.getByLabel('List publicly in the lobby').check();
      expect(await note.textContent()).toBe("Rated: a game matched in the lobby changes the players' ratings.");
      await page.getByLabel('List publicly in the lobby').uncheck();
      // Against a bot: rated, private or not.
      await page.getByLabel('Seat 2').check();
      expect(await note.textContent()).toBe('Rated: your result against the bots changes your rating.');
      await page.getByLabel('Seat 2').uncheck();
      expect(await note.textContent()).toMatch(/^Unrated: a private game/);
      await page.screenshot({ path: path.join(ARTIFACTS, `new-game-unrated-${width}.png`), fullPage: true });
      // The private game waits for its second player: its screen says it is unrated already.
      await page.getByRole('button', { name: 'Create the game' }).click();
      await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).toMatch(/^#\/game\//);
      await expect
        .poll(() => page.locator('.rated-line').textContent(), { timeout: 15_000 })
        .toBe('Unrated: a private game between people changes no ratings.');
      await page.screenshot({ path: path.join(ARTIFACTS, `game-unrated-${width}.png`), fullPage: true });
      await page.context().close();
    }
  }, 90_000);
});
