/** Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser), and where screenshots go. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildWeb, ROOT } from '../../scripts/build-web';

/** Screenshots and other files a test leaves for people to look at. */
export const ARTIFACTS = path.join(ROOT, 'test-results');

/**
 * The web client freshly built, and Chromium started headless with the flags this machine needs
 * (its closed network refuses Chromium's background connections). `CHROMIUM_PATH` overrides
 * /usr/bin/chromium.
 */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await buildWeb();
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Open the new-game form from the header's link and wait until it is drawn: the route changes on
 * the hashchange that follows the click, and until then the lobby (which has a "Game" select of
 * its own) is still on the page.
 */
export async function openNewGameForm(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.locator('[data-screen="new-game"]').waitFor();
}
