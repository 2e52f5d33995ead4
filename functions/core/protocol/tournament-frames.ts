/**
 * The tournaments' frames (docs/protocol.md, Tournaments): the client's requests, parsed, and
 * the server's answers, as zod schemas (their JSON Schemas are published with the others').
 * A tournament frame stays far below the frame limit at any size: it carries the top of the
 * standings, one round's tables and the first entrants, each with the asker's own line.
 */
import * as z from 'zod';
import { timeControlSchema } from '../clock';
import { TOURNAMENT_BOTS_MAX, TOURNAMENT_CAP_MAX, TOURNAMENT_LINES_MAX } from './community-limits';
import { playerText, type TextRule } from './text';

export { TOURNAMENT_BOTS_MAX, TOURNAMENT_CAP_MAX, TOURNAMENT_LINES_MAX };

/** The rule for a tournament's name. */
export const TOURNAMENT_NAME_RULE: TextRule = { label: 'Tournament names', max: 48 };

const requestId = z.string().max(64).optional();
const tournamentId = z.string().min(1).max(40);
const format = z.enum(['swiss', 'roundRobin', 'elimination']);

export const tournamentClientFrames = {
  /**
   * A tournament of a two-seat game: Swiss, round robin or single elimination. Entry stays open
   * until `startAt`, or until `cap` players have entered when there is none.
   */
  createTournament: z.object({
    action: z.literal('createTournament'),
    requestId,
    name: playerText(TOURNAMENT_NAME_RULE),
    game: z.string().min(1).max(64),
    format,
    cap: z.number().int().min(2).max(TOURNAMENT_CAP_MAX),
    /** When entry closes and round 1 starts (ISO); absent: once `cap` players have entered. */
    startAt: z.iso.datetime().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    clock: timeControlSchema.optional(),
    /** A round's games must end within this many hours; unfinished ones are decided as they stand (default 168: a week). */
    roundHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
    /** Whether a player's vacation pauses the clocks of its games (default true). */
    vacation: z.boolean().optional(),
    /** Enter the creator too (default true). */
    enter: z.boolean().optional(),
    /** Fill this many places with bots at once. */
    bots: z.number().int().min(0).max(TOURNAMENT_BOTS_MAX).optional(),
    /** Which of the game's bots (default: its strongest). */
    bot: z.string().min(1).max(32).optional(),
  }),
  enterTournament: z.object({ action: z.literal('enterTournament'), requestId, tournamentId }),
  /** Withdraw while entry is open (after the start: resign your games). */
  leaveTournament: z.object({ action: z.literal('leaveTournament'), requestId, tournamentId }),
  /** A tournament as it stands: standings, one round's tables (default the current one), entrants. */
  tournament: z.object({
    action: z.literal('tournament'),
    requestId,
    tournamentId,
    round: z.number().int().min(1).max(64).optional(),
  }),
  /** The directory of tournaments, newest first; `mine`: only those you entered. */
  tournaments: z.object({
    action: z.literal('tournaments'),
    requestId,
    mine: z.boolean().optional(),
    limit: z.number().int().min(1).max(50).optional(),
    cursor: z.string().min(1).max(256).optional(),
  }),
};

const isoTime = (description: string) => z.iso.datetime().describe(`${description} (ISO 8601, UTC).`);
const person = z.object({ playerId: z.string(), name: z.string() });

export const tournamentSummarySchema = z
  .object({
    tournamentId,
    name: z.string(),
    game: z.string(),
    format,
    status: z
      .enum(['entry', 'running', 'finished', 'cancelled'])
      .describe('entry: taking entries; running: rounds in play; finished; cancelled: fewer than two entered by the start.'),
    cap: z.number().int(),
    entrants: z.number().int().min(0),
    round: z.number().int().min(0).describe('The round in play (0 before the start).'),
    rounds: z.number().int().min(0).describe('How many rounds in all (known once it starts).'),
    startAt: isoTime('When entry closes').nullable().describe('null: it starts once full.'),
    roundHours: z.number().int(),
    clock: timeControlSchema.nullable(),
    vacation: z.boolean().describe("Whether a player's vacation pauses the clocks of its games."),
    createdBy: person,
    createdAt: isoTime('When it was created'),
    youEntered: z.boolean().describe('Whether the asker has entered it.'),
  })
  .meta({ id: 'TournamentSummary', description: 'A tournament as the directory lists it.' });

export const standingSchema = z
  .object({
    playerId: z.string(),
    name: z.string(),
    bot: z.string().optional(),
    rank: z.number().int().min(1).describe('Equal tie-breaks share a rank.'),
    points: z.number().describe('1 a win, ½ a draw, 1 a bye.'),
    wins: z.number().int(),
    draws: z.number().int(),
    losses: z.number().int(),
    byes: z.number().int(),
    buchholz: z.number().describe('Swiss: the sum of the points of every opponent met.'),
    sonnebornBerger: z.number().describe('The points of opponents beaten plus half those of opponents drawn.'),
    headToHead: z.number().describe('Round robin: points among the players tied on points.'),
    outIn: z.number().int().nullable().describe('Elimination: the round the player went out in (null: still in, or the winner).'),
  })
  .meta({ id: 'Standing', description: "One player's line of the standings." });

export const tournamentTableSchema = z
  .object({
    table: z.number().int().min(0),
    gameId: z.string(),
    seats: z.array(person).length(2).describe('Seat 0 moves first.'),
    points: z.array(z.number()).length(2).nullable().describe("Each seat's tournament points; null while the game goes on."),
  })
  .meta({ id: 'TournamentTable', description: 'One game of a round.' });

export const tournamentServerFrames = {
  tournamentCreated: z
    .object({ type: z.literal('tournamentCreated'), requestId, tournamentId })
    .meta({ id: 'tournamentCreated', description: 'Answers `createTournament`.' }),
  tournament: z
    .object({
      type: z.literal('tournament'),
      requestId,
      tournament: tournamentSummarySchema,
      standings: z
        .array(standingSchema)
        .describe(`The first ${TOURNAMENT_LINES_MAX} lines, and the asker's own after them if it is further down.`),
      round: z
        .object({
          round: z.number().int().min(1),
          startedAt: isoTime('When it was paired'),
          deadline: isoTime('When its unfinished games are decided as they stand'),
          tables: z.array(tournamentTableSchema).describe(`At most ${TOURNAMENT_LINES_MAX}, and the asker's own table.`),
          tablesInAll: z.number().int(),
          byes: z.array(person),
        })
        .nullable()
        .describe('The round asked for (default: the one in play); null before the start.'),
      entrants: z
        .array(person.extend({ bot: z.string().optional() }))
        .describe(`The first ${TOURNAMENT_LINES_MAX} in entry order (the seeding).`),
    })
    .meta({ id: 'tournament', description: 'Answers `tournament`, `enterTournament` and `leaveTournament`.' }),
  tournaments: z
    .object({
      type: z.literal('tournaments'),
      requestId,
      tournaments: z.array(tournamentSummarySchema),
      next: z.string().nullable(),
    })
    .meta({ id: 'tournaments', description: 'Answers `tournaments`: one page, newest first.' }),
};

export type TournamentSummary = z.output<typeof tournamentSummarySchema>;
export type StandingLine = z.output<typeof standingSchema>;
export type TournamentTableLine = z.output<typeof tournamentTableSchema>;
