/**
 * Navegador (Mac Gerdts, 2010) for 2–5 players, as a Caravela game module.
 * Rules: the official rulebook and its quick intro (Rio Grande Games edition). Component numbers:
 * data.ts; their sources and the rulings: docs/games/navegador.md.
 */
import * as z from 'zod';
import { rankedOutcome, type GameModule, type Outcome } from '../../engine/contract';
import { commandSchema, type NavCommand } from './commands';
import { decide } from './decide';
import type { NavEvent } from './events';
import { evolve, evolveAll, initialState } from './evolve';
import { activeSeats, legal } from './flow';
import { describe } from './log';
import { setupEvents } from './setup';
import type { NavState } from './types';
import { view, type NavView } from './view';
import { META } from './meta';
import { finalScores } from './scoring';

export const optionsSchema = z.object({}).strict();

/** Events that show something hidden before: an explored region's colony prices. */
const REVEALING: ReadonlySet<NavEvent['type']> = new Set(['GameSetUp', 'Explored', 'GameEnded']);

export const navegador: GameModule<NavState, NavCommand, NavEvent, NavView, z.infer<typeof optionsSchema>> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema,
  commandSchema,
  initialState,
  setup({ players, seed }) {
    if (players < 2 || players > 5) throw new RangeError('Navegador is for 2 to 5 players.');
    return setupEvents(players, seed);
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
    return rankedOutcome(
      state.final.map((f) => ({
        seat: f.seat,
        score: f.total,
        rank: f.rank,
        details: { workers: f.workers, ships: f.ships, cash: f.cash, ...f.columns },
      })),
    );
  },
  // Nothing a score counts is hidden: the end's scoring applied now.
  standings: (state) => finalScores(state).map((f) => f.total),
  describe,
  canUndo: (events) => events.every((e) => !REVEALING.has(e.type)),
};

export type { NavCommand, NavEvent, NavState, NavView };
