/**
 * Goa (Rüdiger Dorn, 2004) for 2–4 players, as a Caravela game module.
 * Rules: the official rulebook (Rio Grande Games edition). Component numbers: data.ts; their
 * sources and the rulings: docs/games/goa.md.
 */
import * as z from 'zod';
import { rankedOutcome, type GameModule, type Outcome } from '../../engine/contract';
import { commandSchema, type GoaCommand } from './commands';
import type { GoaEvent } from './events';
import { evolve, evolveAll, initialState } from './evolve';
import { activeSeats, decide, legal } from './flow';
import { describe } from './log';
import { setupEvents } from './setup';
import type { GoaState } from './types';
import { view, type GoaView } from './view';
import { META } from './meta';
import { publicScoreOf } from './scoring';

export const optionsSchema = z
  .object({
    /** The rulebook's variant: before the game, each player moves 2 success markers to row 2 or takes 10 ducats. */
    variant: z.boolean().optional(),
  })
  .strict();

/**
 * Commands that cannot be taken back: those showing something hidden before (drawn cards, a new deck
 * order, the B tiles), and every step of an auction: a bid or a pass, once made, is final, as at the
 * table. (No step of an auction shows a seat's ducats any more — a seat that cannot outbid is asked
 * like any other, round.ts — so this guards no secret; it keeps a seat from bidding twice.)
 */
const REVEALING: ReadonlySet<GoaEvent['type']> = new Set([
  'GameSetUp',
  'CardsDrawn',
  'PartStarted',
  'GameEnded',
  'AuctionOpened',
  'Bid',
  'Passed',
]);

export const goa: GameModule<GoaState, GoaCommand, GoaEvent, GoaView, z.infer<typeof optionsSchema>> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema,
  commandSchema,
  initialState,
  setup({ players, seed, options }) {
    if (players < 2 || players > 4) throw new RangeError('Goa is for 2 to 4 players.');
    return setupEvents(players, seed, options?.variant === true);
  },
  decide,
  evolve,
  evolveAll,
  view,
  // The notes on the numbers and rulings: from the data table, the same in every frame.
  staticView: ['about'],
  legal,
  activeSeats,
  outcome(state): Outcome | null {
    if (!state.final) return null;
    return rankedOutcome(state.final.map(({ seat, total, rank, ...details }) => ({ seat, score: total, rank, details })));
  },
  standings: (state) => state.seats.map((p, seat) => publicScoreOf(p, seat)),
  describe,
  canUndo: (events) => events.every((e) => !REVEALING.has(e.type)),
};

export type { GoaCommand, GoaEvent, GoaState, GoaView };
