/**
 * What a player feels: in Chromium (1366 × 900), a person plays each game against one heuristic
 * bot by clicking legal controls on the real web client, served by the local server with its data
 * in files (as `npm start` runs it). For each of the person's moves: the time from the click
 * event to the paint that first shows the state the move made, and where it went — the answer's
 * journey (server, store, socket), the client's parse and render, the paint.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Rng } from '../domain/engine/rng';
import { type LocalServer, startLocalServer } from '../local/server';
import { launchChromium } from '../test/support/browser';
import type { StateFrame } from '../functions/core/protocol/frames';
import {
  botPick,
  buildAndConfirm,
  CHOICE_PARTS,
  drawn,
  openNewGame,
  PREPARE,
  signIn,
  targetFor,
  turnOrEnd,
} from '../test/support/click-turn';
import { DRAWN } from '../web/src/marks';
import { quantile, round } from './measure';

const GAMES = ['vasco-da-gama', 'navegador', 'goa'];
const TARGET_P50_MS = 100;
const TARGET_P90_MS = 250;

/** One move's times in milliseconds, from the click event. */
interface Timed {
  /** The command's answer (ack): the server has stored the move. */
  ackMs: number;
  /** The state frame's message event (server, store, network and whatever held the page's main thread). */
  arrivedMs: number;
  /** The client has put that state on the page (parse, merge, render): the DRAWN mark. */
  markedMs: number;
  /** The paint after it. */
  paintedMs: number;
}

/**
 * Installs the probe in the page. "Drawn" is the end of the first rendering update that starts
 * after the DRAWN mark of a version past the one on screen at the click: a requestAnimationFrame
 * loop runs from the click, and each frame posts a message to itself from its rAF callback;
 * that message is handled only once the frame's style, layout, paint and commit to the compositor
 * are done, so its time is when that frame's pixels left the main thread. (Event Timing does not
 * fit: it ends at the paint after the click's own handlers, not after the answer that follows.)
 */
function install(page: Page, gameId: string) {
  // Page code as text: this file is type-checked without the DOM, and tsx would add helpers the page lacks.
  return page.evaluate(`(${PROBE})(${JSON.stringify(gameId)}, ${JSON.stringify(DRAWN)})`);
}

const PROBE = `(gameId, mark) => {
  const conn = globalThis.caravela.conn;
  const marks = [];
  const messages = [];
  const acks = [];
  const frames = [];
  const sockets = new WeakSet();
  let click = null;
  let settle = null;
  let looping = false;

  const check = () => {
    if (!click || !settle) return;
    const c = click;
    const m = marks.find((x) => x.version > c.version && x.at >= c.at);
    const f = m && frames.find((x) => x.raf >= m.at);
    if (!m || !f) return;
    const a = messages.find((x) => x.version > c.version && x.at >= c.at);
    const ack = acks.find((x) => x >= c.at);
    const done = settle;
    click = settle = null;
    looping = false;
    done({ ackMs: (ack ?? m.at) - c.at, arrivedMs: (a ? a.at : m.at) - c.at, markedMs: m.at - c.at, paintedMs: f.done - c.at });
  };
  const loop = () =>
    requestAnimationFrame(() => {
      const raf = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        frames.push({ raf, done: performance.now() });
        check();
        if (looping) loop();
      };
      channel.port2.postMessage(null);
    });
  new PerformanceObserver((list) => {
    for (const e of list.getEntriesByName(mark)) if (e.detail.gameId === gameId) marks.push({ at: e.startTime, version: e.detail.version });
    check();
  }).observe({ type: 'mark' });
  document.addEventListener('click', (e) => {
    const el = e.target.closest('[data-command]');
    if (!el || el.disabled) return;
    // A listener of its own, after the client's: the event's timeStamp is when it was dispatched.
    const ws = conn.ws;
    if (ws && !sockets.has(ws)) {
      sockets.add(ws);
      ws.addEventListener('message', (m) => {
        const f = JSON.parse(m.data);
        if (f.type === 'state' && f.gameId === gameId) messages.push({ at: m.timeStamp, version: f.version });
        if (f.type === 'ack') acks.push(m.timeStamp);
      });
    }
    marks.length = messages.length = acks.length = frames.length = 0;
    click = { at: e.timeStamp, version: conn.state(gameId).version };
    if (!looping) {
      looping = true;
      loop();
    }
  }, true);
  globalThis.caravelaProbe = {
    next: () => new Promise((resolve, reject) => {
      settle = resolve;
      check();
      setTimeout(() => reject(new Error('no state drawn 15 s after the click')), 15000);
    }),
  };
}`;

const measured = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { caravelaProbe: { next(): Promise<Timed> } }).caravelaProbe.next());

async function playGame(page: Page, server: LocalServer, game: string, moves: number) {
  const { url } = server;
  const stateBytes: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if ((JSON.parse(text) as { type: string }).type === 'state') stateBytes.push(Buffer.byteLength(text));
    }),
  );
  await signIn(page, url, 'Ana');
  const gameId = await openNewGame(page, game, 2);
  await install(page, gameId);
  stateBytes.length = 0;
  const rng = Rng.fromSeed(7);
  const timed: Timed[] = [];
  while (timed.length < moves) {
    const s = await turnOrEnd(page, gameId);
    if (s.status === 'finished') break;
    await drawn(page);
    // A person looks before clicking: whatever the bot's move started has settled.
    await page.waitForTimeout(100);
    const picked = await botPick(server.app, game, gameId, s, rng);
    const partsOf = CHOICE_PARTS[game];
    // A move built on the board is timed from its Confirm, the click that sends it.
    if (partsOf) await buildAndConfirm(page, partsOf(picked, s as unknown as StateFrame), picked);
    else {
      const target = await targetFor(page, picked, rng, PREPARE[game]);
      if (!target) throw new Error(`${game}: no control on the page for ${JSON.stringify(picked)}`);
      await page.locator(target.selector).first().click();
    }
    timed.push(await measured(page));
  }
  const figures = (pick: (t: Timed) => number) => {
    const xs = timed.map(pick);
    return { p50Ms: round(quantile(xs, 0.5)), p90Ms: round(quantile(xs, 0.9)) };
  };
  const painted = timed.map((t) => t.paintedMs);
  const p50 = quantile(painted, 0.5);
  const p90 = quantile(painted, 0.9);
  return {
    count: timed.length,
    p50Ms: round(p50),
    p90Ms: round(p90),
    p99Ms: round(quantile(painted, 0.99)),
    maxMs: round(Math.max(...painted)),
    // The state frames received while she played (hers and the bot's; the other frames are answers of a few bytes).
    meanStateFrameBytes: Math.round(stateBytes.reduce((a, b) => a + b, 0) / Math.max(1, stateBytes.length)),
    stateFrames: stateBytes.length,
    p50OverTarget100Ms: round(p50 / TARGET_P50_MS),
    p90OverTarget250Ms: round(p90 / TARGET_P90_MS),
    // Where the time went, each from the click: the answer, the state frame's message event, the DRAWN mark, the paint.
    parts: {
      ack: figures((t) => t.ackMs),
      arrived: figures((t) => t.arrivedMs),
      marked: figures((t) => t.markedMs),
      painted: figures((t) => t.paintedMs),
    },
  };
}

export interface BrowserOptions {
  quick?: boolean;
  log?: (l: string) => void;
  /** Narrow it (the harness's test plays a few moves of one game). */
  games?: string[];
  moves?: number;
}

/** The games played in this process: the local server, Chromium, the bots' picks for her (browser-worker.ts runs it). */
export async function playGames(opts: BrowserOptions) {
  const moves = opts.moves ?? (opts.quick ? 15 : 40);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caravela-browser-'));
  const server = await startLocalServer({ port: 0, dataDir });
  const browser = await launchChromium();
  const games: Record<string, Awaited<ReturnType<typeof playGame>>> = {};
  try {
    for (const game of opts.games ?? GAMES) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      games[game] = await playGame(await context.newPage(), server, game, moves);
      await context.close();
      const f = games[game];
      opts.log?.(
        `browser ${game.padEnd(14)} ${f.count} moves  click → drawn p50 ${f.p50Ms} ms  p90 ${f.p90Ms} ms  max ${f.maxMs} ms  (p50: ack ${f.parts.ack.p50Ms} ms, state frame ${f.parts.arrived.p50Ms} ms, on the page ${f.parts.marked.p50Ms} ms)  ${f.meanStateFrameBytes} B per state frame`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    description:
      'a person clicking through each game against one heuristic bot in Chromium (1366 × 900), the local server storing in files: click event → the paint that first shows the resulting state',
    movesPerGame: moves,
    targets: { p50Ms: TARGET_P50_MS, p90Ms: TARGET_P90_MS },
    games,
  };
}

export type BrowserResult = Awaited<ReturnType<typeof playGames>>;

/**
 * The suite, in a process of its own: the local runtime keeps one store client per process, so
 * its server cannot follow another suite's in the bench's process. Its server's request logs
 * (stdout) are dropped; the summary lines come back through `log`.
 */
export function browserSuite(opts: BrowserOptions = {}): Promise<BrowserResult> {
  const { log, ...rest } = opts;
  const child = fork(fileURLToPath(new URL('./browser-worker.ts', import.meta.url)), [JSON.stringify(rest)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: BrowserResult | undefined;
    child.on('message', (m: { log?: string; result?: BrowserResult }) => {
      if (m.log !== undefined) log?.(m.log);
      if (m.result) result = m.result;
    });
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the browser suite's process ended with ${code}`))));
  });
}
