/**
 * A hosted game as the server sees it: the game's own state plus who sits where (players or
 * bots), its status, clock, log, the command ids it has stored and what can be taken back.
 * It is folded from commits, the unit the event store writes: one commit per accepted change
 * (creation, a join, a command, a time-out…), numbered by version 1, 2, 3… Pure: I/O lives in
 * the store and the handlers; planning the next commit lives in plans.ts.
 */
import type { AnyGameModule, Outcome, Tagged } from '../../domain/engine/contract';
import { fold } from '../../domain/engine/projector';
import { findGame } from '../../domain/games/index';
import { LOG_KEEP, type GameSummary, type SeatInfo } from './protocol/frames';
import { pausable, pauseClock, resumeClock, startClock, tickClock, type ClockState, type TimeControl } from './clock';
import { applyResigned, resignedLast } from './resign';

export interface SeatPlayer {
  playerId: string;
  name: string;
}

/** Events of the hosting layer, stored in commits beside the game's own events. */
export type HostEvent =
  | {
      type: '$created';
      game: string;
      rulesVersion: string;
      players: number;
      options: unknown;
      seat: number;
      player: SeatPlayer;
      clock?: TimeControl | null;
      /** Spectators may read the chat. */
      spectatorChat?: boolean;
      /** Shown in the public lobby while seats are open (absent: private, found by invite only). */
      listed?: boolean;
      /** What a resignation does (absent: 'bot'). */
      onResign?: OnResign;
      /** A game of a tournament: which, and where in it (every seat is taken in the same commit). */
      tournament?: TournamentTable;
      /** Players the creator invited: each is told, with the game's link (see core/triggers.ts). */
      invited?: string[];
    }
  | { type: '$joined'; seat: number; player: SeatPlayer; bot?: string }
  | { type: '$started'; seed: number }
  /** The seat ran out of time: a bot plays safe moves for it until its player resumes. */
  | { type: '$timedOut'; seat: number }
  | { type: '$resumed'; seat: number }
  /** The seat's last command (stored at `version`) is taken back. */
  | { type: '$undone'; seat: number; version: number }
  | { type: '$voted'; seat: number }
  | { type: '$ended'; reason: 'vote' }
  /** The seat gave up: a bot plays it to the end (`bot`), or the game ends here with it last (`end`). */
  | { type: '$resigned'; seat: number; then: OnResign }
  /** The only person seated called the game off before it started: it ends with no result. */
  | { type: '$cancelled'; seat: number }
  /**
   * A tournament round's deadline passed with the game unfinished: it ends here, ranked by each
   * seat's points if it ended now (the module's `standings`; all equal, a draw, without them).
   */
  | { type: '$adjudicated'; points: number[] }
  /** The seat's player went on vacation until `until`: its clock pauses, if the time control allows it. */
  | { type: '$away'; seat: number; until: string }
  /** The seat's player is back (early, or their vacation ended): its clock runs again. */
  | { type: '$back'; seat: number };

/** Where a tournament's game sits in it: the tournament (and its name), its round (1…) and table (0…). */
export interface TournamentTable {
  id: string;
  name: string;
  round: number;
  table: number;
}

/** What a resignation does to a game: its safe bot takes the seat for good, or the game ends. */
export type OnResign = 'bot' | 'end';

export interface Commit {
  gameId: string;
  version: number;
  /** Seat behind the change (null for changes made by the server itself). */
  seat: number | null;
  playerId: string;
  commandId: string | null;
  /** Host events and the game's events, in order. */
  events: Tagged[];
  at: string;
}

/**
 * A commit as the engine's `execute` decided it on a record (a player's command, a bot's move):
 * with the game's state after its events, so that storing it folds nothing a second time.
 */
export interface Decided {
  commit: Commit;
  /** The game's state after the commit's events (they are all game events). */
  state: unknown;
}

export type GameStatus = 'open' | 'active' | 'finished';

export interface GameRecord {
  gameId: string;
  game: string;
  rulesVersion: string;
  players: number;
  options: unknown;
  seats: (SeatPlayer | null)[];
  /** The bot playing each seat, or null for a person. */
  bots: (string | null)[];
  /** Seats that ran out of time and are played by a bot until their player resumes. */
  absent: boolean[];
  status: GameStatus;
  /**
   * Set when the players voted to end the game early, a resignation ended it, it was cancelled
   * before it started, or its tournament round's deadline ended it (adjudicated).
   */
  ended: 'vote' | 'resign' | 'cancelled' | 'adjudicated' | null;
  /** The game's place in a tournament (absent: not a tournament game). */
  tournament?: TournamentTable;
  /** The points of an adjudicated game, per seat (see `$adjudicated`). */
  adjudicated?: number[];
  /** Per seat, until when its player is on vacation (absent or null: here). */
  away?: (string | null)[];
  /** Listed in the public lobby while open. */
  listed: boolean;
  /** What a resignation does. */
  onResign: OnResign;
  /** Seats that resigned, in the order they did. */
  resigned: number[];
  /** Seats that voted to end the game. */
  votes: number[];
  version: number;
  /** The game module's state once started, else null. */
  state: unknown;
  /** The most recent LOG_KEEP lines (a finished game's whole story is in its commits). */
  log: string[];
  /** How many earlier lines were dropped from the front of `log`. */
  logBase: number;
  /** commandId → version that stored it, for idempotent retries: the last COMMANDS_KEEP versions' ids. */
  commands: Record<string, number>;
  clock: ClockState | null;
  /**
   * Per seat, where the log stood after that seat's player last moved (a command of theirs, not
   * a bot's): the version and the log line number (over the whole game) that followed its lines.
   * "Since your last move" starts there.
   */
  lastOwn: (OwnMove | null)[];
  /**
   * Per seat, how many moves its player made (commands of their own that changed the game, less
   * those taken back): whether leaving the game early costs the others their rating (see
   * core/ratings.ts). Absent on a record of a game begun before they were counted (its snapshot
   * predates them): not counted, and such a game is rated as it was then.
   */
  moves?: number[];
  /**
   * The last commit, if its seat may still take it back: the state before it, the log lines it
   * added and the seat's last own move before it.
   */
  undo: { version: number; seat: number; state: unknown; logAdded: number; ownBefore: OwnMove | null } | null;
  createdAt: string;
  updatedAt: string;
  /** Spectators may read the game's chat (else only its seated players). */
  spectatorChat: boolean;
}

/** Where the log stood after a seat's own move: its version, and the line number (over the whole game) after its lines. */
export interface OwnMove {
  version: number;
  line: number;
}

export function moduleOf(record: Pick<GameRecord, 'game' | 'rulesVersion'>): AnyGameModule {
  const module = findGame(record.game, record.rulesVersion);
  if (!module) throw new Error(`no module for ${record.game}@${record.rulesVersion}`);
  return module;
}

export const isHostEvent = (e: Tagged): e is HostEvent => e.type.startsWith('$');

export function seatNames(record: GameRecord): string[] {
  return record.seats.map((s, i) => s?.name ?? `Seat ${i + 1}`);
}

export function seatInfos(record: GameRecord): (SeatInfo | null)[] {
  return record.seats.map((s, seat) =>
    s
      ? {
          seat,
          playerId: s.playerId,
          name: s.name,
          ...(record.bots[seat] ? { bot: record.bots[seat]! } : {}),
          ...(record.away?.[seat] ? { awayUntil: record.away[seat]! } : {}),
        }
      : null,
  );
}

/** The version that stored a command id, if the record still keeps it (own keys only: ids like "constructor" are the client's). */
export function storedVersion(record: GameRecord, commandId: string): number | undefined {
  return Object.hasOwn(record.commands, commandId) ? record.commands[commandId] : undefined;
}

export const seatOf = (record: GameRecord, playerId: string): number | null => {
  const seat = record.seats.findIndex((s) => s?.playerId === playerId);
  return seat < 0 ? null : seat;
};

export function activeSeats(record: GameRecord): number[] {
  return record.status === 'active' ? moduleOf(record).activeSeats(record.state) : [];
}

/** How a seat's list of games shows this game (`games`, `gameChanged`). */
export function summaryOf(record: GameRecord, seat: number): GameSummary {
  return {
    gameId: record.gameId,
    game: record.game,
    status: record.status,
    seats: seatInfos(record),
    yourSeat: seat,
    yourTurn: activeSeats(record).includes(seat),
    version: record.version,
    updatedAt: record.updatedAt,
    lastMove: record.log.at(-1) ?? '',
  };
}

/** The game's result: the module's (resigned seats last), an end by resignation, or an early end by vote. */
export function outcomeOf(record: GameRecord): (Outcome & { ended?: 'vote' | 'resign' | 'adjudicated'; resigned?: number[] }) | null {
  // A game cancelled before it started has no result.
  if (record.state === null) return null;
  const outcome = moduleOf(record).outcome(record.state);
  const resigned = record.resigned;
  if (outcome) return resigned.length ? resignedLast(outcome, record.players, resigned) : outcome;
  // Ended early by a resignation, or by vote after one: the resigned seats last, the others together first.
  if (record.ended === 'adjudicated') return { ...adjudicatedOutcome(record.adjudicated ?? []), ended: 'adjudicated' };
  if (record.ended === 'resign' || (record.ended === 'vote' && resigned.length))
    return { ...resignedLast(null, record.players, resigned), ended: record.ended };
  return record.ended === 'vote' ? { results: [], winners: [], ended: record.ended } : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A day as a log line says it, the same for every reader: "5 December" (UTC). */
const dayWords = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
};

/** Seats ranked by adjudicated points (equal points share a rank); those ranked 1 win. */
function adjudicatedOutcome(points: readonly number[]): Outcome {
  const results = points.map((score, seat) => ({ seat, score, rank: 1 + points.filter((p) => p > score).length }));
  return { results, winners: results.filter((r) => r.rank === 1).map((r) => r.seat) };
}

function created(commit: Commit, e: Extract<HostEvent, { type: '$created' }>): GameRecord {
  return {
    gameId: commit.gameId,
    game: e.game,
    rulesVersion: e.rulesVersion,
    players: e.players,
    options: e.options,
    seats: Array.from({ length: e.players }, (_, i) => (i === e.seat ? e.player : null)),
    bots: Array(e.players).fill(null),
    absent: Array(e.players).fill(false),
    status: 'open',
    ended: null,
    listed: e.listed === true,
    onResign: e.onResign ?? 'bot',
    resigned: [],
    votes: [],
    version: 0,
    state: null,
    log: [`${e.player.name} created the game`],
    logBase: 0,
    commands: {},
    clock: e.clock ? startClock(e.clock, e.players) : null,
    lastOwn: Array(e.players).fill(null),
    moves: Array(e.players).fill(0),
    undo: null,
    createdAt: commit.at,
    updatedAt: commit.at,
    spectatorChat: e.spectatorChat === true,
    ...(e.tournament ? { tournament: e.tournament } : {}),
  };
}

function applyHostEvent(r: GameRecord, e: HostEvent, at: string): void {
  const name = (seat: number) => seatNames(r)[seat]!;
  switch (e.type) {
    case '$created':
      throw new Error(`${r.gameId}: $created twice`);
    case '$joined':
      r.seats[e.seat] = e.player;
      r.bots[e.seat] = e.bot ?? null;
      r.log.push(`${e.player.name} took seat ${e.seat + 1}`);
      return;
    case '$started':
      r.status = 'active';
      r.state = moduleOf(r).initialState();
      return;
    case '$timedOut':
      r.absent[e.seat] = true;
      r.log.push(`${name(e.seat)} ran out of time; a bot plays safe moves for them until they resume`);
      return;
    case '$resumed':
      r.absent[e.seat] = false;
      r.log.push(`${name(e.seat)} is back`);
      return;
    case '$undone':
      if (r.undo?.version !== e.version) throw new Error(`${r.gameId}: nothing to undo at ${e.version}`);
      r.state = r.undo.state;
      r.log.splice(r.log.length - r.undo.logAdded);
      // The seat's last move is the one before the taken-back command again.
      if (r.lastOwn[e.seat]?.version === e.version) {
        r.lastOwn = r.lastOwn.map((o, i) => (i === e.seat ? r.undo!.ownBefore : o));
        if (r.moves) r.moves = r.moves.map((n, i) => (i === e.seat ? Math.max(0, n - 1) : n));
      }
      r.log.push(`${name(e.seat)} took back their last move`);
      return;
    case '$voted':
      if (!r.votes.includes(e.seat)) r.votes.push(e.seat);
      r.log.push(`${name(e.seat)} votes to end the game`);
      return;
    case '$ended':
      r.ended = e.reason;
      r.log.push('The players agreed to end the game here');
      return;
    case '$resigned':
      applyResigned(r, e, name(e.seat));
      return;
    case '$cancelled':
      r.status = 'finished';
      r.ended = 'cancelled';
      r.log.push(`${name(e.seat)} cancelled the game before it started`);
      return;
    case '$adjudicated':
      r.status = 'finished';
      r.ended = 'adjudicated';
      r.adjudicated = [...e.points];
      r.votes = [];
      r.log.push(`The round's time ran out: the game is decided as it stands (${e.points.map((p, s) => `${name(s)} ${p}`).join(', ')})`);
      return;
    case '$away':
      r.away = (r.away ?? Array<string | null>(r.players).fill(null)).map((u, i) => (i === e.seat ? e.until : u));
      if (r.clock) r.clock = pauseClock(r.clock, e.seat, at);
      r.log.push(
        `${name(e.seat)} is on vacation until ${dayWords(e.until)}${r.clock && !pausable(r.clock) ? '; this game’s clock keeps running' : ''}`,
      );
      return;
    case '$back':
      if (r.away) r.away = r.away.map((u, i) => (i === e.seat ? null : u));
      if (r.clock) r.clock = resumeClock(r.clock, e.seat, at);
      r.log.push(`${name(e.seat)} is back from vacation`);
      return;
  }
}

/**
 * What a record keeps of its history, so that it (and its snapshots) stay small however long a
 * game runs: the latest log lines, and the command ids of the latest versions (a client retries
 * a command within seconds, never hundreds of versions later).
 */
export { LOG_KEEP };
export const COMMANDS_KEEP = 200;

/** Apply one stored commit, folding its game events (replays, loads). The first commit of a game must hold `$created`. */
export function applyCommit(record: GameRecord | null, commit: Commit): GameRecord {
  return advance(record, commit, null);
}

/** Apply a commit the engine decided on this very record: its game events are not folded again. */
export function applyDecided(record: GameRecord, decided: Decided): GameRecord {
  return advance(record, decided.commit, decided);
}

/** The one function that applies a commit; `decided`: the game's state after it, already computed. */
function advance(record: GameRecord | null, commit: Commit, decided: Decided | null): GameRecord {
  if ((record?.version ?? 0) + 1 !== commit.version) {
    throw new Error(`commit ${commit.version} does not follow version ${record?.version ?? 0} of ${commit.gameId}`);
  }
  const [first] = commit.events;
  let r: GameRecord;
  if (record === null) {
    if (first?.type !== '$created') throw new Error(`${commit.gameId}: first commit without $created`);
    r = created(commit, first as Extract<HostEvent, { type: '$created' }>);
  } else {
    r = {
      ...record,
      seats: [...record.seats],
      bots: [...record.bots],
      absent: [...record.absent],
      votes: [...record.votes],
      resigned: [...record.resigned],
      log: [...record.log],
      commands: { ...record.commands },
    };
  }
  const before = { state: r.state, logLength: r.log.length, active: activeSeats(r) };
  const gameEvents: Tagged[] = [];
  for (const event of record === null ? commit.events.slice(1) : commit.events) {
    if (isHostEvent(event)) {
      applyHostEvent(r, event, commit.at);
      continue;
    }
    if (r.state === null) throw new Error(`${commit.gameId}: game event ${event.type} before $started`);
    gameEvents.push(event);
  }
  if (decided && gameEvents.length !== commit.events.length) throw new Error(`${commit.gameId}: a decided commit holds host events`);
  if (gameEvents.length) {
    const module = moduleOf(r);
    r.state = decided ? decided.state : fold(module, gameEvents, r.state);
    for (const event of gameEvents) {
      const line = module.describe(event, seatNames(r));
      if (line) r.log.push(line);
    }
  }
  if (r.status === 'active' && outcomeOf(r)) {
    r.status = 'finished';
    r.votes = [];
  }
  // Only a seat's own, latest command may be taken back, and only if it revealed nothing hidden.
  const takeBack =
    commit.commandId !== null &&
    commit.seat !== null &&
    gameEvents.length === commit.events.length &&
    r.status === 'active' &&
    moduleOf(r).canUndo?.(gameEvents) === true;
  r.undo = takeBack
    ? {
        version: commit.version,
        seat: commit.seat!,
        state: before.state,
        logAdded: r.log.length - before.logLength,
        ownBefore: r.lastOwn[commit.seat!] ?? null,
      }
    : null;
  const seat = commit.seat;
  if (seat !== null && commit.commandId !== null && gameEvents.length && !r.bots[seat] && r.seats[seat]?.playerId === commit.playerId) {
    const own = { version: commit.version, line: r.logBase + r.log.length };
    r.lastOwn = r.lastOwn.map((o, i) => (i === seat ? own : o));
    if (r.moves) r.moves = r.moves.map((n, i) => (i === seat ? n + 1 : n));
  }
  if (r.log.length > LOG_KEEP) r.logBase += r.log.splice(0, r.log.length - LOG_KEEP).length;
  if (r.clock) r.clock = tickClock(r.clock, before.active, activeSeats(r), commit.at);
  // Command ids are the client's: defined as own properties, so "__proto__" is a key like any other.
  if (commit.commandId)
    Object.defineProperty(r.commands, commit.commandId, { value: commit.version, enumerable: true, writable: true, configurable: true });
  for (const [id, version] of Object.entries(r.commands)) if (version <= commit.version - COMMANDS_KEEP) delete r.commands[id];
  r.version = commit.version;
  r.updatedAt = commit.at;
  return r;
}
