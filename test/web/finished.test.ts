/**
 * A finished game's screen: a headline saying who won (no stale "notify me" prompt), and a
 * replay a player can step through, play, jump in by round or from a log line — showing neither
 * "Your turn" nor "Take back my last move" while it replays.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { ARTIFACTS, launchChromium } from '../support/browser';

interface PageGlobals {
  caravela: {
    conn: {
      request(f: object): Promise<{ gameId?: string }>;
      state(id: string): { version: number; status: string; legal: object[]; activeSeats: number[]; you: number } | undefined;
      command(id: string, c: object, v: number): Promise<{ type: string }>;
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

describe('a finished game', () => {
  for (const width of [1366, 390]) {
    it(`says who won and replays step by step (${width} px)`, async () => {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await page.goto(server.url);
      await page.getByLabel('Your name').fill(`Ana ${width}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-screen="lobby"]').waitFor();
      const created = await page.evaluate(() =>
        (globalThis as unknown as PageGlobals).caravela.conn.request({ action: 'createGame', game: 'tic-tac-toe', players: 2, bots: [1] }),
      );
      const gameId = created.gameId!;
      await page.evaluate((id) => void ((globalThis as unknown as PageGlobals).location.hash = `#/game/${encodeURIComponent(id)}`), gameId);
      // Ana plays her first free cell whenever it is her turn, to the end.
      for (let i = 0; i < 20; i++) {
        const s = await page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id), gameId);
        if (s?.status === 'finished') break;
        if (!s?.activeSeats.includes(s.you)) {
          await page.waitForTimeout(100);
          continue;
        }
        await page.evaluate(
          ([id, v]) => {
            const conn = (globalThis as unknown as PageGlobals).caravela.conn;
            return conn.command(id, conn.state(id)!.legal[0]!, v);
          },
          [gameId, s.version] as const,
        );
      }
      await expect.poll(() => page.locator('.headline').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('.headline').textContent()).toMatch(
        /^(You win|Random bot 2 wins|A draw: nobody wins)\.$|^The players voted/, // no points: the score is only a win flag
      );
      expect(await page.locator('.prompt').count()).toBe(0);
      expect(await page.locator('.status-line').textContent()).toBe('Finished');
      const last = await page.evaluate((id) => (globalThis as unknown as PageGlobals).caravela.conn.state(id)!.version, gameId);

      // The replay: back to the first move, step, play.
      const replay = page.getByRole('group', { name: 'Replay' });
      await replay.waitFor();
      await replay.getByRole('button', { name: 'First move' }).click();
      // Which move is shown, in the words of the log line it wrote.
      expect(await replay.locator('output').textContent()).toBe(
        `Move 1 of ${last}: Ana ${width} (X) and Random bot 2 (O) start a game of tic-tac-toe`,
      );
      expect(await page.locator('.status-line').textContent()).toBe('Replay');
      expect(await page.getByText('Your turn').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Take back my last move' }).count()).toBe(0);
      await replay.getByRole('button', { name: 'Next move' }).click();
      expect(await replay.locator('output').textContent()).toMatch(new RegExp(`^Move 2 of ${last}: \\S`));
      await page.screenshot({ path: path.join(ARTIFACTS, `replay-${width}.png`) });
      // A log line leads to the moment it was written: the game's first line is version 1's.
      await replay.getByRole('button', { name: 'Last move' }).click();
      await page.locator('.log li').first().getByRole('button').click();
      expect(await replay.locator('output').textContent()).toBe(
        `Move 1 of ${last}: Ana ${width} (X) and Random bot 2 (O) start a game of tic-tac-toe`,
      );
      await replay.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => replay.locator('output').textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`^Move ${last} of ${last}: \\S`));
      expect(await page.locator('.status-line').textContent()).toBe('Finished');
      expect(await replay.getByRole('button', { name: 'Play' }).count()).toBe(1); // stopped at the end
      await page.screenshot({ path: path.join(ARTIFACTS, `finished-${width}.png`) });
    }, 60_000);
  }
});
