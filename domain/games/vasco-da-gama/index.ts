/**
 * Vasco da Gama (Paolo Mori, 2009) for 2–4 players, as a Caravela game module.
 * Rules: the official rulebook (Rio Grande Games edition), which wins every conflict with summaries of it.
 * Component numbers: data.ts; their sources and the rulings: docs/games/vasco-da-gama.md.
 */
import * as z from 'zod';
import { type GameModule, type Outcome, rankedOutcome } from '../../engine/contract';
import { activeSeats, legal, settle } from '../../engine/flow';
import { Transaction } from '../../engine/transaction';
import { commandSchema, type VdgCommand } from './commands';
import { decide } from './decide';
import type { VdgEvent } from './events';
import { apply, evolve, evolveAll, initialState } from './evolve';
import { flow } from './flow';
import { describe } from './log';
import { setupEvents } from './setup';
import type { VdgState } from './types';
import { view, type VdgView } from './view';
import { META } from './meta';
import { finalScores } from './navigation';

export const optionsSchema = z.object({}).strict();

export const vascoDaGama: GameModule<VdgState, VdgCommand, VdgEvent, VdgView, z.infer<typeof optionsSchema>> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema,
  commandSchema,
  initialState,
  setup({ players, seed }) {
    if (players < 2 || players > 4) throw new RangeError('Vasco da Gama is for 2 to 4 players.');
    const tx = new Transaction<VdgState, VdgEvent>(initialState(), apply);
    for (const e of setupEvents(players, seed)) tx.emit(e);
    settle(flow, tx); // the Sernigi holder's merchant ship is due before round 1
    return tx.events;
  },
  decide,
  evolve,
  evolveAll,
  view,
  // The notes on the numbers and rulings: from the data table, the same in every frame.
  staticView: ['about'],
  legal: (state, seat) => legal(flow, state, seat),
  activeSeats: (state) => activeSeats(flow, state),
  outcome(state): Outcome | null {
    if (!state.final) return null;
    return rankedOutcome(
      state.final.map((f) => ({
        seat: f.seat,
        score: f.total,
        rank: f.rank,
        details: { realsVp: f.realsVp, shipsVp: f.shipsVp, shipsAtLandings: f.shipsAtLandings, sailors: f.sailors },
      })),
    );
  },
  // Nothing a score counts is hidden: the end's scoring applied now.
  standings: (state) => finalScores(state).map((f) => f.total),
  describe,
  canUndo: (events) => !events.some(revealsHidden),
};

/** Events that show something that was hidden: a face-down tile turned, a deck dealt, a bag draw. */
function revealsHidden(e: VdgEvent): boolean {
  switch (e.type) {
    case 'GameSetUp':
    case 'VariationRevealed':
    case 'MerchantRevealed':
    case 'ProjectsReplaced':
    case 'RecruitingRefilled':
      return true;
    case 'SailorTaken':
      return e.section === null;
    default:
      return false;
  }
}

export type { VdgCommand, VdgEvent, VdgState, VdgView };
