/**
 * Planning: decide the next commit of a hosted game, or refuse with a protocol error. Pure:
 * time, seeds and ids come in as arguments. A command (a player's or a bot's) goes through the
 * engine's `execute`, the one path from a command to events and state, and comes back Decided.
 */
import type { Tagged } from '../../domain/engine/contract';
import { execute } from '../../domain/engine/projector';
import { findGame } from '../../domain/games/index';
import { levelName } from '../../domain/games/bot-levels';
import { botsOf, defaultBot, findBot } from '../../domain/games/bots';
import { ProtocolError } from './protocol/frames';
import type { TimeControl } from './clock';
import {
  activeSeats,
  moduleOf,
  seatOf,
  storedVersion,
  type Commit,
  type Decided,
  type GameRecord,
  type HostEvent,
  type OnResign,
  type SeatPlayer,
  type TournamentTable,
} from './record';
import { refuseResigned } from './plan-resign';
import { botPlayerId } from './bot-ids';

const host = (e: HostEvent): Tagged => e;

export const botPlayer = (_game: string, bot: string, seat: number): SeatPlayer => ({
  playerId: botPlayerId(bot, seat),
  name: `${levelName(bot)} bot ${seat + 1}`,
});

/** The setup events that start a game once every seat is taken. */
function start(record: Pick<GameRecord, 'game' | 'rulesVersion' | 'players' | 'options'>, seed: number): Tagged[] {
  return [host({ type: '$started', seed }), ...moduleOf(record).setup({ players: record.players, options: record.options, seed })];
}

export function planCreate(input: {
  gameId: string;
  game: string;
  players: number;
  options: unknown;
  player: SeatPlayer;
  bots?: readonly number[];
  bot?: string;
  clock?: TimeControl;
  spectatorChat?: boolean;
  listed?: boolean;
  onResign?: OnResign;
  invited?: readonly string[];
  seed: number;
  at: string;
}): Commit {
  const module = findGame(input.game);
  if (!module) throw new ProtocolError('NOT_FOUND', `There is no game "${input.game}".`);
  if (input.players < module.minPlayers || input.players > module.maxPlayers) {
    throw new ProtocolError('BAD_REQUEST', `${module.title} is for ${module.minPlayers} to ${module.maxPlayers} players.`);
  }
  const options = module.optionsSchema.safeParse(input.options ?? {});
  if (!options.success) throw new ProtocolError('BAD_REQUEST', `Those options are not valid for ${module.title}.`);
  const botSeats = [...new Set(input.bots ?? [])];
  if (botSeats.some((s) => s === 0 || s >= input.players)) {
    throw new ProtocolError('BAD_REQUEST', `Bots can take seats 1 to ${input.players - 1}; you take seat 0.`);
  }
  const bot = input.bot ?? defaultBot(module.id);
  if (botSeats.length && (!bot || !findBot(module.id, bot))) {
    throw new ProtocolError(
      'BAD_REQUEST',
      `${module.title} has no bot "${input.bot}"; bots: ${Object.keys(botsOf(module.id)).join(', ') || 'none'}.`,
    );
  }
  const events: Tagged[] = [
    host({
      type: '$created',
      game: module.id,
      rulesVersion: module.rulesVersion,
      players: input.players,
      options: options.data,
      seat: 0,
      player: input.player,
      clock: input.clock ?? null,
      ...(input.spectatorChat ? { spectatorChat: true } : {}),
      ...(input.listed ? { listed: true } : {}),
      ...(input.onResign ? { onResign: input.onResign } : {}),
      ...(input.invited?.length ? { invited: [...input.invited] } : {}),
    }),
    ...botSeats.map((seat) => host({ type: '$joined', seat, player: botPlayer(module.id, bot!, seat), bot })),
  ];
  if (botSeats.length === input.players - 1) {
    events.push(
      ...start({ game: module.id, rulesVersion: module.rulesVersion, players: input.players, options: options.data }, input.seed),
    );
  }
  return { gameId: input.gameId, version: 1, seat: 0, playerId: input.player.playerId, commandId: null, events, at: input.at };
}

/** Seat a player; the last seat starts the game with the given seed. Null: already seated there. */
export function planJoin(record: GameRecord, player: SeatPlayer, wanted: number | undefined, seed: number, at: string): Commit | null {
  const existing = seatOf(record, player.playerId);
  if (existing !== null && (wanted === undefined || wanted === existing)) return null;
  if (existing !== null) throw new ProtocolError('BAD_REQUEST', `You already sit in seat ${existing} of this game.`);
  if (record.status !== 'open') throw new ProtocolError('GAME_FULL', 'Every seat of this game is taken.');
  if (wanted !== undefined && wanted >= record.players) {
    throw new ProtocolError('BAD_REQUEST', `This game has seats 0 to ${record.players - 1}.`);
  }
  const seat = wanted ?? record.seats.indexOf(null);
  if (seat < 0 || record.seats[seat] !== null) throw new ProtocolError('GAME_FULL', `Seat ${seat} is taken.`);
  const events: Tagged[] = [host({ type: '$joined', seat, player })];
  if (record.seats.filter((s) => s === null).length === 1) events.push(...start(record, seed));
  return { gameId: record.gameId, version: record.version + 1, seat, playerId: player.playerId, commandId: null, events, at };
}

function seatedPlayer(record: GameRecord, playerId: string): number {
  const seat = seatOf(record, playerId);
  if (seat === null) throw new ProtocolError('FORBIDDEN', 'You do not sit in this game; only seated players can do that.');
  return seat;
}

function playing(record: GameRecord): void {
  if (record.status === 'finished') throw new ProtocolError('GAME_OVER', 'This game is over.');
  if (record.status === 'open') throw new ProtocolError('NOT_YOUR_TURN', 'The game starts when every seat is taken.');
}

/** Execute a command for a seat: its events and the game's state after them, or the game's refusal. */
function executeFor(record: GameRecord, seat: number, command: unknown): { events: Tagged[]; state: unknown } {
  const result = execute<unknown, Tagged>(moduleOf(record), record.state, command, seat);
  if (!result.ok) throw new ProtocolError(result.rejection.code, result.rejection.message);
  return result;
}

/** Decide a player's command for their seat. Returns the stored version for a repeated commandId. */
export function planCommand(
  record: GameRecord,
  playerId: string,
  commandId: string,
  command: unknown,
  at: string,
): Decided | { duplicateOf: number } {
  // The seat first: a command id says nothing about who may act (an unseated player must not be acked for a stored one).
  const seat = seatedPlayer(record, playerId);
  const stored = storedVersion(record, commandId);
  if (stored !== undefined) return { duplicateOf: stored };
  playing(record);
  refuseResigned(record, seat);
  if (record.absent[seat])
    throw new ProtocolError('ILLEGAL', 'A bot is playing for you since your time ran out; send "resume" to take your seat back.');
  const { events, state } = executeFor(record, seat, command);
  return { commit: { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId, events, at }, state };
}

/** A move the server makes for a bot seat or an absent one (through the same `execute`). */
export function planAutomatic(record: GameRecord, seat: number, command: unknown, at: string): Decided {
  const { events, state } = executeFor(record, seat, command);
  return {
    commit: {
      gameId: record.gameId,
      version: record.version + 1,
      seat,
      playerId: record.seats[seat]!.playerId,
      commandId: null,
      events,
      at,
    },
    state,
  };
}

/** The seat ran out of time. */
export function planTimeout(record: GameRecord, seat: number, at: string): Commit {
  return {
    gameId: record.gameId,
    version: record.version + 1,
    seat: null,
    playerId: 'system:clock',
    commandId: null,
    events: [host({ type: '$timedOut', seat })],
    at,
  };
}

export function planResume(record: GameRecord, playerId: string, at: string): Commit | null {
  playing(record);
  const seat = seatedPlayer(record, playerId);
  refuseResigned(record, seat);
  if (!record.absent[seat]) return null;
  return {
    gameId: record.gameId,
    version: record.version + 1,
    seat,
    playerId,
    commandId: null,
    events: [host({ type: '$resumed', seat })],
    at,
  };
}

export function planUndo(record: GameRecord, playerId: string, at: string): Commit {
  playing(record);
  const seat = seatedPlayer(record, playerId);
  const undo = record.undo;
  if (!undo || undo.version !== record.version || undo.seat !== seat) {
    throw new ProtocolError(
      'ILLEGAL',
      undo && undo.seat !== seat
        ? 'Only the player who made the last move can take it back.'
        : 'There is nothing to take back: only your own last move, before anyone else acts and if it revealed nothing hidden.',
    );
  }
  return {
    gameId: record.gameId,
    version: record.version + 1,
    seat,
    playerId,
    commandId: null,
    events: [host({ type: '$undone', seat, version: undo.version })],
    at,
  };
}

/** Once a seat has run out of time, the others may vote to end the game; it ends when all present players agree. */
export function planVote(record: GameRecord, playerId: string, at: string): Commit | null {
  playing(record);
  const seat = seatedPlayer(record, playerId);
  refuseResigned(record, seat);
  if (!record.absent.some(Boolean))
    throw new ProtocolError('ILLEGAL', 'A game can be ended by vote only after a player has run out of time.');
  if (record.absent[seat]) throw new ProtocolError('ILLEGAL', 'Resume your seat before voting.');
  if (record.votes.includes(seat)) return null;
  const voters = record.seats.flatMap((_, s) => (record.bots[s] || record.absent[s] ? [] : [s]));
  const events: Tagged[] = [host({ type: '$voted', seat })];
  if (voters.every((s) => s === seat || record.votes.includes(s))) events.push(host({ type: '$ended', reason: 'vote' }));
  return { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId: null, events, at };
}

/** The seat the server should move for now (a bot, or an absent player), if any. */
export function automaticSeat(record: GameRecord): number | null {
  if (record.status !== 'active') return null;
  return activeSeats(record).find((s) => record.bots[s] || record.absent[s]) ?? null;
}

/**
 * A tournament's game, every seat taken at once and started: `seats` in seat order (a bot
 * entrant plays as its bot). A resignation ends it (the opponent wins the table), and it is
 * created by the tournament itself (no person's quota, no seat 0 creator).
 */
export function planTournamentGame(input: {
  gameId: string;
  game: string;
  /** The tournament's rules version (absent: the game's current one). */
  rulesVersion?: string;
  options: unknown;
  clock: TimeControl | null;
  tournament: TournamentTable;
  seats: readonly (SeatPlayer & { bot?: string })[];
  seed: number;
  at: string;
}): Commit {
  const module = findGame(input.game, input.rulesVersion);
  if (!module) throw new ProtocolError('NOT_FOUND', `There is no game "${input.game}" of rules ${input.rulesVersion ?? 'now'}.`);
  const [first, ...others] = input.seats;
  if (!first) throw new Error('a tournament game needs its players');
  const seatOf = (p: SeatPlayer & { bot?: string }): SeatPlayer => ({ playerId: p.playerId, name: p.name });
  const events: Tagged[] = [
    host({
      type: '$created',
      game: module.id,
      rulesVersion: module.rulesVersion,
      players: input.seats.length,
      options: input.options,
      seat: 0,
      player: seatOf(first),
      clock: input.clock,
      onResign: 'end',
      tournament: input.tournament,
    }),
    ...(first.bot ? [host({ type: '$joined', seat: 0, player: seatOf(first), bot: first.bot })] : []),
    ...others.map((p, i) => host({ type: '$joined', seat: i + 1, player: seatOf(p), ...(p.bot ? { bot: p.bot } : {}) })),
    ...start({ game: module.id, rulesVersion: module.rulesVersion, players: input.seats.length, options: input.options }, input.seed),
  ];
  return { gameId: input.gameId, version: 1, seat: null, playerId: 'system:tournament', commandId: null, events, at: input.at };
}

/** A tournament round's deadline ends an unfinished game as it stands (null: it has ended already). */
export function planAdjudicate(record: GameRecord, at: string): Commit | null {
  if (record.status !== 'active') return null;
  const points = moduleOf(record).standings?.(record.state) ?? [];
  return {
    gameId: record.gameId,
    version: record.version + 1,
    seat: null,
    playerId: 'system:tournament',
    commandId: null,
    events: [host({ type: '$adjudicated', points: Array.from({ length: record.players }, (_, s) => points[s] ?? 0) })],
    at,
  };
}

/** A seated player goes on vacation in a game in play until `until` (null: nothing to change). */
export function planAway(record: GameRecord, playerId: string, until: string, at: string): Commit | null {
  const seat = seatOf(record, playerId);
  if (seat === null || record.status !== 'active' || record.away?.[seat] === until) return null;
  const events: Tagged[] = [...(record.away?.[seat] ? [host({ type: '$back', seat })] : []), host({ type: '$away', seat, until })];
  return { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId: null, events, at };
}

/** These seats' players are back from vacation (null: none of them is away). */
export function planBack(record: GameRecord, seats: readonly number[], at: string): Commit | null {
  const back = seats.filter((seat) => record.away?.[seat]);
  if (!back.length || record.status === 'finished') return null;
  return {
    gameId: record.gameId,
    version: record.version + 1,
    seat: null,
    playerId: 'system:vacation',
    commandId: null,
    events: back.map((seat) => host({ type: '$back', seat })),
    at,
  };
}
