/**
 * Goa in the browser: the board (auction grid, auction, progress board, estates, one's own
 * cards), where every move is built by clicking its places and confirmed once its consequence
 * is shown (choices.ts), and the panel beside it (the question of the moment, one's supplies).
 */
import './board.css';
import { AID } from '../../../../domain/games/goa/aid';
import { DATA } from '../../../../domain/games/goa/data';
import { h } from '../../dom';
import { colourWord, type GameUi } from '../ui';
import { actionsEl } from './actions';
import { boardEl, SEAT_COLOURS } from './board';
import { goaChoices } from './choices';

const started = (view: unknown) => Boolean(view && typeof view === 'object' && 'grid' in view);

export const goaUi: GameUi = {
  board: (frame, ctx) => (started(frame.view) ? boardEl(frame, ctx) : h('p', null, 'The game has not started yet.')),
  actions: (frame, ctx) => (started(frame.view) ? actionsEl(frame, ctx) : h('p', null, 'Waiting for every seat to be taken.')),
  // The board draws each seat's markers in SEAT_COLOURS by seat; the word is the player's colour.
  seatColour(frame, seat) {
    const fill = SEAT_COLOURS[seat]?.fill;
    return fill ? { name: colourWord(frame, seat) ?? `seat ${seat + 1}`, fill } : null;
  },
  help: { aid: AID, data: DATA },
  choices: goaChoices,
};
