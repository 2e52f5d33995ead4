/**
 * Profiles, leaderboards and the settings' email problem in Chromium against the local server,
 * on a desk (1366 px) and a phone (390 px): a player's name in a game and in the lobby leads to
 * their profile (games played, wins, a rating chart per game, recent games); a leaderboard lists
 * players best first, pages on request and leads to profiles; a profile of nobody and a
 * leaderboard of no game say so; a bounced address is explained in the settings. No serious or
 * critical axe finding; screenshots go to test-results/.
 */
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../functions/handlers/bots';
import { sesEvents as sesEventsHandler } from '../../functions/handlers/ses-events';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { startLocalServer, type MemoryServer } from '../../local/server';
import { findings } from '../support/axe';
import { ARTIFACTS, launchChromium } from '../support/browser';
import { Client, register, type Player } from '../support/client';

let server: MemoryServer;
let browser: Browser;
let ana: Player;
let bruno: Player;
let gameId: string;

let sequence = 5000;
/** The stream record of a commit that finishes a game, for the Bots function's ratings. */
function finishing(
  id: string,
  game: string,
  seats: { playerId: string; name: string; bot?: string }[],
  ranks: number[],
  at: string,
): DynamoDBRecord {
  const item = {
    pk: `GAME#${id}`,
    sk: 'V#0000000040',
    kind: 'commit',
    gameId: id,
    game,
    version: 40,
    seat: 0,
    playerId: seats[0]!.playerId,
    commandId: 'x',
    at,
    events: '[]',
    status: 'finished',
    wasStatus: 'active',
    seats: seats.map((s, seat) => ({ seat, ...s })),
    activeSeats: [],
    wasActive: [0],
    absent: seats.map(() => false),
    summary: '',
    listed: true,
    outcome: JSON.stringify({
      results: ranks.map((rank, seat) => ({ seat, score: 50 - rank, rank })),
      winners: ranks.flatMap((r, s) => (r === 1 ? [s] : [])),
    }),
  };
  return { eventName: 'INSERT', dynamodb: { SequenceNumber: String(sequence++), NewImage: marshall(item) as never } } as DynamoDBRecord;
}
const rate = (...records: DynamoDBRecord[]) => server.app.get(bots)({ Records: records } as DynamoDBStreamEvent);
const person = (p: Player) => ({ playerId: p.playerId, name: p.name });

beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, storage: 'memory', sweepIntervalMs: 0 });
  browser = await launchChromium();
  [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
  // A real game, through the protocol: Ana takes the top row.
  const a = await Client.connect(server.wsUrl, ana);
  const b = await Client.connect(server.wsUrl, bruno);
  // Listed: a private game between people is not rated.
  ({ gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
    action: 'createGame',
    game: 'tic-tac-toe',
    players: 2,
    listed: true,
  }));
  await b.request({ action: 'joinGame', gameId, listed: true });
  for (const [c, cell] of [
    [a, 0],
    [b, 3],
    [a, 1],
    [b, 4],
    [a, 2],
  ] as const)
    await c.request({ action: 'command', gameId, commandId: `m${cell}`, command: { type: 'mark', cell } });
  // Ana's confirmed address, for the settings screen.
  await a.request({ action: 'setNotifications', settings: { email: 'ana@example.org' } });
  const eml = readFileSync(
    path.join(server.outboxDir, readdirSync(server.outboxDir).find((f) => f.includes(`confirm-email-${ana.playerId}`))!),
    'utf8',
  );
  const token = decodeURIComponent(/#\/confirm-email\/(\S+)\r$/m.exec(eml)![1]!);
  await fetch(`${server.url}/api/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  await a.close();
  await b.close();
  // A season of Vasco da Gama: Ana against Bruno and bots, with ups and downs; and 30 more players for paging.
  const strong = { playerId: 'bot:strong:2', name: 'Strong bot 3', bot: 'strong' };
  const standard = { playerId: 'bot:heuristic:3', name: 'Standard bot 4', bot: 'heuristic' };
  const season = [
    [1, 2, 3, 4],
    [2, 1, 3, 4],
    [1, 3, 2, 4],
    [3, 1, 2, 4],
    [1, 2, 4, 3],
    [2, 3, 1, 4],
    [1, 2, 3, 4],
    [1, 4, 2, 3],
  ];
  for (const [i, ranks] of season.entries()) {
    // Every other day over the last fortnight or so: older than the tic-tac-toe game just played.
    await rate(
      finishing(
        `season-${i}`,
        'vasco-da-gama',
        [person(ana), person(bruno), strong, standard],
        ranks,
        new Date(Date.now() - (17 - 2 * i) * 86_400_000).toISOString(),
      ),
    );
  }
  const others = await Promise.all(Array.from({ length: 30 }, (_, i) => register(server.url, `Player ${i + 1}`)));
  for (let i = 0; i < others.length; i += 2) {
    await rate(
      finishing(
        `crowd-${i}`,
        'vasco-da-gama',
        [person(others[i]!), person(others[i + 1]!), standard],
        [1, 3, 2],
        new Date(Date.now() - (30 - i) * 86_400_000).toISOString(),
      ),
    );
  }
  await server.notified();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(width: number, hash: string, player = ana): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    ...(width < 500 ? { hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(server.url);
  await page.evaluate(
    (session) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'caravela.session',
        JSON.stringify(session),
      ),
    {
      playerId: player.playerId,
      name: player.name,
      token: player.token,
    },
  );
  await page.goto(`${server.url}/${hash}`);
  await page.reload();
  // Signed in, a screen is drawn; if none is, say what the page shows instead.
  await page
    .locator('[data-screen]:not([data-screen^="signin"])')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      throw new Error(`no screen drawn at ${page.url()}; the page says: ${await page.locator('body').innerText()}`);
    });
  return page;
}
const fits = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
/** A screen loading on a busy machine (polls default to one second). */
const LOAD = { timeout: 15_000 };

describe('profiles', () => {
  for (const width of [1366, 390]) {
    it(`a name in a game leads to the profile: games, wins, a rating chart per game, recent games (${width} px)`, async () => {
      const page = await open(width, `#/game/${encodeURIComponent(gameId)}`);
      await page.locator('.seats').getByRole('link', { name: 'Bruno' }).click();
      await page.locator('[data-screen="profile"] h1').waitFor();
      expect(await page.locator('[data-screen="profile"] h1').textContent()).toBe('Bruno');
      expect(page.url()).toContain(`#/player/${bruno.playerId}`);

      await page.goto(`${server.url}/#/player/${ana.playerId}`);
      await expect.poll(() => page.locator('[data-screen="profile"] h1').textContent(), LOAD).toBe('Ana (you)');
      const stats = await page.locator('.profile-stats').textContent();
      expect(stats).toBe('9 games played6 wins');
      // One card per game, the one played most first, each with its chart and its leaderboard.
      expect(await page.locator('.rating-card h3').allTextContents()).toEqual(['Vasco da Gama', 'Tic-tac-toe']);
      const chart = page.locator('[data-game="vasco-da-gama"] svg.rating-chart');
      expect(await chart.getAttribute('role')).toBe('img');
      expect(await chart.getAttribute('aria-label')).toMatch(
        /^Vasco da Gama rating over the last 8 games, from \d,\d{3} to \d,\d{3}; lowest/,
      );
      expect(await chart.locator('circle').count()).toBe(8);
      expect(await page.locator('[data-game="tic-tac-toe"] svg.rating-chart').getAttribute('aria-label')).toMatch(
        /^Tic-tac-toe rating after one game: \d,\d{3}\.$/,
      );
      // Recent games, newest first, with the table and the rating's change; bots are not links.
      const recent = page.locator('.recent-game');
      expect(await recent.count()).toBe(9);
      expect(await recent.first().textContent()).toMatch(/^Tic-tac-toe · won · .*first rated game, rating 1,\d{3}with Bruno$/);
      expect(await recent.nth(1).textContent()).toMatch(
        /^Vasco da Gama · won · .*rating .*→.*\([+−]\d+\)with Bruno, Strong bot 3, Standard bot 4$/,
      );
      expect(await recent.nth(1).getByRole('link', { name: 'Bruno' }).count()).toBe(1);
      expect(await recent.nth(1).getByRole('link', { name: 'Strong bot 3' }).count()).toBe(0);
      expect(await recent.nth(3).textContent()).toMatch(/ · 2nd of 4 · /);
      expect(await recent.last().textContent()).toMatch(/^Vasco da Gama · won · .*first rated game/);
      expect(await page.locator('.about-ratings').textContent()).toMatch(
        /everyone starts at 1,500.*Bots count at fixed ratings \(Strong 2,525, Standard 2,050, Cautious 1,850, Random 1,725\)/,
      );
      expect(await page.locator('body').textContent()).not.toMatch(/"|\bmu\b|sigma|ordinal|undefined|NaN|bot:strong/);
      expect(await fits(page)).toBeLessThanOrEqual(width);
      expect(await findings(page)).toEqual([]);
      await shot(page, `profile-${width}.png`);

      // Into the leaderboard from the card.
      await page.getByRole('link', { name: 'Vasco da Gama leaderboard' }).click();
      await page.locator('table.leaders tbody tr').first().waitFor();
      await page.context().close();
    }, 120_000);
  }

  it('a name in the lobby leads to the profile; a profile of nobody says so', async () => {
    const page = await open(1366, '#/');
    await page.locator('li.game-row').first().waitFor();
    await page.locator('li.game-row').first().getByRole('link', { name: 'Bruno' }).click();
    await expect.poll(() => page.locator('[data-screen="profile"] h1').textContent(), LOAD).toBe('Bruno');
    await page.goto(`${server.url}/#/player/nobody-at-all`);
    await expect.poll(() => page.locator('[data-screen="profile"] h1').textContent(), LOAD).toBe('No such player');
    expect(await page.locator('[data-screen="profile"]').textContent()).toMatch(/There is no player with that id/);
    expect(await page.locator('.banner').isHidden()).toBe(true);
    expect(await findings(page)).toEqual([]);
    await shot(page, 'profile-nobody-1366.png');
    await page.context().close();
  });
});

describe('leaderboards', () => {
  for (const width of [1366, 390]) {
    it(`list players best first in pages, your row marked, names leading to profiles (${width} px)`, async () => {
      const page = await open(width, '#/leaderboard/vasco-da-gama');
      const rows = page.locator('table.leaders tbody tr');
      // Loaded: the status line empties (on failure it shows what the screen said instead).
      await expect.poll(() => page.locator('[data-screen="leaderboard"] [role="status"]').textContent({ timeout: 1000 }), LOAD).toBe('');
      await expect.poll(() => rows.count(), LOAD).toBe(25);
      const ratings = (await page.locator('table.leaders tbody tr td:nth-child(3)').allTextContents()).map((t) =>
        Number(t.replace('−', '-')),
      );
      expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
      expect((await page.locator('table.leaders tbody tr td:first-child').allTextContents()).slice(0, 3)).toEqual(['1', '2', '3']);
      expect(await page.locator('.game-tabs [aria-current="page"]').textContent()).toBe('Vasco da Gama');
      expect(await fits(page)).toBeLessThanOrEqual(width);
      expect(await findings(page)).toEqual([]);
      await shot(page, `leaderboard-${width}.png`);
      await page.getByRole('button', { name: 'Show more players' }).click();
      await expect.poll(() => rows.count(), LOAD).toBe(32);
      expect(await page.getByRole('button', { name: 'Show more players' }).count()).toBe(0);
      expect((await page.locator('table.leaders tbody tr td:first-child').allTextContents()).map(Number)).toEqual(
        Array.from({ length: 32 }, (_, i) => i + 1),
      );
      // Ana's own row stands out; a name opens the profile.
      expect(await page.locator('tr.you td:nth-child(2)').textContent()).toBe('Anayou');
      await page.locator('tr.you').getByRole('link', { name: 'Ana' }).click();
      await expect.poll(() => page.locator('[data-screen="profile"] h1').textContent(), LOAD).toBe('Ana (you)');
      await page.context().close();
    }, 120_000);
  }

  it('of a game nobody finished is empty, of a game that does not exist says so', async () => {
    const page = await open(1366, '#/leaderboard/goa');
    await expect
      .poll(() => page.locator('[data-screen="leaderboard"] [role="status"]').textContent(), LOAD)
      .toBe('Nobody has finished a game of Goa yet.');
    await page.goto(`${server.url}/#/leaderboard/chess`);
    await expect.poll(() => page.locator('[data-screen="leaderboard"] h1').textContent(), LOAD).toBe('No such game');
    expect(await page.locator('[data-screen="leaderboard"] [role="status"]').textContent()).toBe(
      'Caravela has no game called “chess”; choose one of these:',
    );
    expect(await page.locator('.game-tabs a').allTextContents()).toEqual([
      'Vasco da Gama',
      'Navegador',
      'Goa',
      'Connect Four',
      'Tic-tac-toe',
    ]);
    expect(await findings(page)).toEqual([]);
    expect(await page.locator('table.leaders tbody tr').count()).toBe(0);
    await shot(page, 'leaderboard-unknown-1366.png');
    // The header's Ratings link opens the first game's board.
    await page.getByRole('link', { name: 'Ratings' }).click();
    await expect.poll(() => page.locator('[data-screen="leaderboard"] h1').textContent(), LOAD).toBe('Vasco da Gama leaderboard');
    await page.context().close();
  });
});

describe('the settings after a bounce', () => {
  it('say that email stopped, why, and how to fix it (1366 and 390 px)', async () => {
    const message = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [
          { emailAddress: 'ana@example.org', action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
        ],
        timestamp: '2026-03-02T08:00:00.000Z',
      },
      mail: { destination: ['ana@example.org'], tags: { playerId: [ana.playerId] } },
    };
    expect(await server.app.get(sesEventsHandler)({ Records: [{ Sns: { Message: JSON.stringify(message) } }] } as never)).toEqual({
      marked: 1,
    });
    for (const width of [1366, 390]) {
      const page = await open(width, '#/settings');
      const note = page.locator('[data-email="bounced"]');
      await note.waitFor();
      expect(await note.textContent()).toMatch(
        /^Caravela no longer emails this address, neither notifications nor sign-in links\. Email to ana@example\.org could not be delivered on .*2026 \(the receiving server said: “smtp; 550 5\.1\.1 user unknown”\)\.Enter another address above and save/,
      );
      expect(await fits(page)).toBeLessThanOrEqual(width);
      expect(await findings(page)).toEqual([]);
      await shot(page, `settings-bounced-${width}.png`);
      await page.context().close();
    }
  });
});
