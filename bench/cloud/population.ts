/**
 * Who plays, and when: a population of asynchronous players as Board Game Arena and Yucata see
 * them. Each lives in a time zone and sleeps through quiet hours; opens the game a few times a
 * day; answers a "your turn" push after a think time (or when they wake); browses the lobby
 * sometimes; chats now and then; resigns a few games. Games are of the three rulebooks, with
 * clocks in days and some bot seats. Everything is drawn from one seeded generator, so a run is
 * repeatable; nothing here knows how the cloud carries what they do.
 */
import { Rng } from '../../domain/engine/rng';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PlayerProfile {
  index: number;
  /** Hours east of UTC (−10 … +12, weighted to where Board Game Arena's players are). */
  utcOffset: number;
  /** Local hours [from, to) without play (sleep): pushes wait until `to`. */
  quiet: [number, number];
  /** Sessions opened a day (besides answering pushes). */
  sessionsPerDay: number;
  /** Median minutes between a "your turn" push (while awake) and the move. */
  thinkMinutes: number;
  /** Looks at the public lobby in a session. */
  browsesLobby: number;
  /** Chance of writing a chat message with a move. */
  chats: number;
  /** Chance of resigning a game on any one turn. */
  resigns: number;
  /** Gives an email address (confirmed by its link) for a daily digest of the turns waiting. */
  email: boolean;
}

export interface GameChoice {
  game: 'vasco-da-gama' | 'navegador' | 'goa';
  players: number;
  /** Seats (1…) given to bots. */
  bots: number[];
  bot: 'heuristic' | 'strong';
  /** Per-move clock in hours. */
  clockHours: number;
  listed: boolean;
}

/** Players who give an email address (as the cost model assumes). */
const EMAIL_SHARE = 0.1;

/** Time zones and their share of players (Europe-heavy, as BGA's audience). */
const ZONES: [number, number][] = [
  [-8, 6],
  [-5, 12],
  [-3, 6],
  [0, 14],
  [1, 34],
  [2, 10],
  [3, 4],
  [5.5, 3],
  [8, 5],
  [9, 4],
  [10, 2],
];

function pick<T>(rng: Rng, weighted: [T, number][]): T {
  const total = weighted.reduce((n, [, w]) => n + w, 0);
  let at = rng.next() * total;
  for (const [value, w] of weighted) if ((at -= w) < 0) return value;
  return weighted.at(-1)![0];
}

/** A log-normal draw with this median and spread (σ of the log). */
function logNormal(rng: Rng, median: number, sigma: number): number {
  // Box–Muller from two uniform draws (never 0).
  const u = Math.max(rng.next(), 1e-12);
  const v = rng.next();
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

export function makePopulation(count: number, seed: number): PlayerProfile[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: count }, (_, index) => {
    const sleepAt = 22 + rng.int(3); // 22:00–00:59
    return {
      index,
      utcOffset: pick(rng, ZONES),
      quiet: [sleepAt % 24, (sleepAt + 7 + rng.int(2)) % 24] as [number, number],
      sessionsPerDay: 1 + rng.int(4),
      thinkMinutes: Math.max(1, logNormal(rng, 20, 1)),
      browsesLobby: rng.next() < 0.3 ? 0.5 : 0.05,
      chats: rng.next() < 0.2 ? 0.15 : 0.01,
      resigns: 0.002,
      email: rng.next() < EMAIL_SHARE,
    };
  });
}

/** The player's local hour at `ms`. */
export function localHour(p: PlayerProfile, ms: number): number {
  return (((ms / HOUR + p.utcOffset) % 24) + 24) % 24;
}

export function isQuiet(p: PlayerProfile, ms: number): boolean {
  const [from, to] = p.quiet;
  const h = localHour(p, ms);
  return from < to ? h >= from && h < to : h >= from || h < to;
}

/** The first moment at or after `ms` outside the player's quiet hours. */
export function awakeFrom(p: PlayerProfile, ms: number): number {
  if (!isQuiet(p, ms)) return ms;
  const to = p.quiet[1];
  const h = localHour(p, ms);
  const hoursLeft = (to - h + 24) % 24;
  return ms + Math.ceil(hoursLeft * HOUR);
}

/** When the player next opens the game on their own, after `ms` (a Poisson process over waking hours). */
export function nextSession(p: PlayerProfile, ms: number, rng: Rng): number {
  const [from, to] = p.quiet;
  const awakeHours = 24 - ((to - from + 24) % 24);
  const meanGapMs = (awakeHours * HOUR) / p.sessionsPerDay;
  let at = ms;
  let left = -Math.log(Math.max(rng.next(), 1e-12)) * meanGapMs;
  // Spend the drawn awake time, skipping quiet hours.
  for (let guard = 0; guard < 60 && left > 0; guard++) {
    at = awakeFrom(p, at);
    const h = localHour(p, at);
    const untilSleep = ((from - h + 24) % 24 || 24) * HOUR;
    const step = Math.min(left, untilSleep);
    at += step;
    left -= step;
  }
  return awakeFrom(p, at);
}

/** When the player moves after a "your turn" push at `ms`: after a think time, or once awake. */
export function answerAt(p: PlayerProfile, ms: number, rng: Rng): number {
  const awake = awakeFrom(p, ms);
  return awakeFrom(p, awake + Math.min(logNormal(rng, p.thinkMinutes, 1) * 60_000, 2 * DAY));
}

/** A game someone starts: mostly Vasco da Gama, some bot seats, clocks of one to three days a move. */
export function chooseGame(rng: Rng): GameChoice {
  const game = pick<GameChoice['game']>(rng, [
    ['vasco-da-gama', 5],
    ['navegador', 3],
    ['goa', 2],
  ]);
  const players = pick(rng, [
    [2, 3],
    [3, 3],
    [4, 4],
  ]);
  const botCount = rng.next() < 0.25 ? 1 + rng.int(players - 1) : 0;
  return {
    game,
    players,
    bots: Array.from({ length: botCount }, (_, i) => players - 1 - i).sort((a, b) => a - b),
    bot: rng.next() < 0.2 ? 'strong' : 'heuristic',
    clockHours: pick(rng, [
      [24, 3],
      [48, 2],
      [72, 4],
    ]),
    listed: rng.next() < 0.6,
  };
}
