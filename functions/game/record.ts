/**
 * A hosted game as the server sees it: the game's own state plus who sits where, its status,
 * its log and the command ids it has stored. It is folded from commits, the unit the event
 * store writes: one commit per accepted change (creation, a join, a command), numbered by
 * version 1, 2, 3… Everything here is pure; I/O lives in the store and the handlers.
 */
import type { AnyGameModule, Tagged } from '../../domain/engine/contract';
import { describeZodError } from '../../domain/engine/projector';
import { findGame } from '../../domain/games';
import { ProtocolError, type SeatInfo } from '../protocol/frames';

export interface SeatPlayer {
  playerId: string;
  name: string;
}

/** Events of the hosting layer, stored in commits beside the game's own events. */
export type HostEvent =
  | { type: '$created'; game: string; rulesVersion: string; players: number; options: unknown; seat: number; player: SeatPlayer }
  | { type: '$joined'; seat: number; player: SeatPlayer }
  | { type: '$started'; seed: number };

export interface Commit {
  gameId: string;
  version: number;
  /** Seat and player behind the change (null seat for creation-time system changes). */
  seat: number | null;
  playerId: string;
  commandId: string | null;
  /** Host events and the game's events, in order. */
  events: Tagged[];
  at: string;
}

export type GameStatus = 'open' | 'active' | 'finished';

export interface GameRecord {
  gameId: string;
  game: string;
  rulesVersion: string;
  players: number;
  options: unknown;
  seats: (SeatPlayer | null)[];
  status: GameStatus;
  version: number;
  /** The game module's state once started, else null. */
  state: unknown;
  log: string[];
  /** commandId → version that stored it, for idempotent retries. */
  commands: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export function moduleOf(record: Pick<GameRecord, 'game' | 'rulesVersion'>): AnyGameModule {
  const module = findGame(record.game, record.rulesVersion);
  if (!module) throw new Error(`no module for ${record.game}@${record.rulesVersion}`);
  return module;
}

const isHostEvent = (e: Tagged): e is HostEvent => e.type.startsWith('$');
const host = (e: HostEvent): Tagged => e;

export function seatNames(record: GameRecord): string[] {
  return record.seats.map((s, i) => s?.name ?? `Seat ${i + 1}`);
}

export function seatInfos(record: GameRecord): (SeatInfo | null)[] {
  return record.seats.map((s, seat) => (s ? { seat, playerId: s.playerId, name: s.name } : null));
}

/** Apply one commit. The first commit of a game must hold `$created`. */
export function applyCommit(record: GameRecord | null, commit: Commit): GameRecord {
  if ((record?.version ?? 0) + 1 !== commit.version) {
    throw new Error(`commit ${commit.version} does not follow version ${record?.version ?? 0} of ${commit.gameId}`);
  }
  let r = record ? { ...record, seats: [...record.seats], log: [...record.log], commands: { ...record.commands } } : null;
  for (const event of commit.events) {
    if (isHostEvent(event)) {
      if (event.type === '$created') {
        r = {
          gameId: commit.gameId,
          game: event.game,
          rulesVersion: event.rulesVersion,
          players: event.players,
          options: event.options,
          seats: Array.from({ length: event.players }, (_, i) => (i === event.seat ? event.player : null)),
          status: 'open',
          version: 0,
          state: null,
          log: [`${event.player.name} created the game`],
          commands: {},
          createdAt: commit.at,
          updatedAt: commit.at,
        };
        continue;
      }
      if (!r) throw new Error(`${commit.gameId}: ${event.type} before $created`);
      if (event.type === '$joined') {
        r.seats[event.seat] = event.player;
        r.log.push(`${event.player.name} took seat ${event.seat + 1}`);
      } else {
        r.status = 'active';
        r.state = moduleOf(r).initialState();
      }
      continue;
    }
    if (!r || r.state === null) throw new Error(`${commit.gameId}: game event ${event.type} before $started`);
    const module = moduleOf(r);
    r.state = module.evolve(r.state, event);
    r.log.push(module.describe(event, seatNames(r)));
  }
  if (!r) throw new Error(`${commit.gameId}: first commit without $created`);
  if (r.status === 'active' && moduleOf(r).outcome(r.state)) r.status = 'finished';
  if (commit.commandId) r.commands[commit.commandId] = commit.version;
  r.version = commit.version;
  r.updatedAt = commit.at;
  return r;
}

export const seatOf = (record: GameRecord, playerId: string): number | null => {
  const seat = record.seats.findIndex((s) => s?.playerId === playerId);
  return seat < 0 ? null : seat;
};

export function activeSeats(record: GameRecord): number[] {
  return record.status === 'active' ? moduleOf(record).activeSeats(record.state) : [];
}

// ---- Planning: decide the next commit, or refuse with a protocol error. Pure. ----

export function planCreate(input: {
  gameId: string;
  game: string;
  players: number;
  options: unknown;
  player: SeatPlayer;
  at: string;
}): Commit {
  const module = findGame(input.game);
  if (!module) throw new ProtocolError('NOT_FOUND', `There is no game "${input.game}".`);
  if (input.players < module.minPlayers || input.players > module.maxPlayers) {
    throw new ProtocolError('BAD_REQUEST', `${module.title} is for ${module.minPlayers} to ${module.maxPlayers} players.`);
  }
  const options = module.optionsSchema.safeParse(input.options ?? {});
  if (!options.success) throw new ProtocolError('BAD_REQUEST', `Those options are not valid for ${module.title}.`);
  return {
    gameId: input.gameId,
    version: 1,
    seat: 0,
    playerId: input.player.playerId,
    commandId: null,
    events: [host({ type: '$created', game: module.id, rulesVersion: module.rulesVersion, players: input.players, options: options.data, seat: 0, player: input.player })],
    at: input.at,
  };
}

/** Seat a player; the last seat starts the game with the given seed. Null: already seated there. */
export function planJoin(record: GameRecord, player: SeatPlayer, wanted: number | undefined, seed: number, at: string): Commit | null {
  const existing = seatOf(record, player.playerId);
  if (existing !== null && (wanted === undefined || wanted === existing)) return null;
  if (existing !== null) throw new ProtocolError('BAD_REQUEST', `You already sit in seat ${existing + 1} of this game.`);
  if (record.status !== 'open') throw new ProtocolError('GAME_FULL', 'Every seat of this game is taken.');
  if (wanted !== undefined && wanted >= record.players) {
    throw new ProtocolError('BAD_REQUEST', `This game has seats 0 to ${record.players - 1}.`);
  }
  const seat = wanted ?? record.seats.findIndex((s) => s === null);
  if (seat < 0 || record.seats[seat] !== null) throw new ProtocolError('GAME_FULL', `Seat ${seat} is taken.`);
  const events: Tagged[] = [host({ type: '$joined', seat, player })];
  if (record.seats.filter((s) => s === null).length === 1) {
    const module = moduleOf(record);
    events.push(host({ type: '$started', seed }));
    events.push(...module.setup({ players: record.players, options: record.options, seed }));
  }
  return { gameId: record.gameId, version: record.version + 1, seat, playerId: player.playerId, commandId: null, events, at };
}

/** Decide a command for the player's seat. Returns the stored version for a repeated commandId. */
export function planCommand(
  record: GameRecord,
  playerId: string,
  commandId: string,
  command: unknown,
  at: string,
): { commit: Commit } | { duplicateOf: number } {
  const stored = record.commands[commandId];
  if (stored !== undefined) return { duplicateOf: stored };
  if (record.status === 'finished') throw new ProtocolError('GAME_OVER', 'This game is over.');
  const seat = seatOf(record, playerId);
  if (seat === null) throw new ProtocolError('FORBIDDEN', 'You do not sit in this game; only seated players can send commands.');
  if (record.status === 'open') throw new ProtocolError('NOT_YOUR_TURN', 'The game starts when every seat is taken.');
  const module = moduleOf(record);
  const parsed = module.commandSchema.safeParse(command);
  if (!parsed.success) throw new ProtocolError('BAD_REQUEST', describeZodError(parsed.error));
  const decision = module.decide(record.state, parsed.data, seat);
  if (!decision.ok) throw new ProtocolError(decision.rejection.code, decision.rejection.message);
  return {
    commit: { gameId: record.gameId, version: record.version + 1, seat, playerId, commandId, events: [...decision.events], at },
  };
}
