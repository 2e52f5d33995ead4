/**
 * Goa in the browser: the board (auction grid, auction, progress board, estates, one's own
 * cards) and the actions panel (every legal command in words with its cost). Grid squares and
 * supply-board spots that exactly one legal command acts on are clickable too.
 */
import './board.css';
import { h } from '../../dom';
import { colourWord, type GameUi } from '../ui';
import { actionsEl } from './actions';
import { boardEl, SEAT_COLOURS } from './board';

const started = (view: unknown) => Boolean(view && typeof view === 'object' && 'grid' in view);

export const goaUi: GameUi = {
  board: (frame, ctx) => (started(frame.view) ? boardEl(frame, ctx) : h('p', null, 'The game has not started yet.')),
  actions: (frame, ctx) => (started(frame.view) ? actionsEl(frame, ctx) : h('p', null, 'Waiting for every seat to be taken.')),
  // The board draws each seat's markers in SEAT_COLOURS by seat; the word is the player's colour.
  seatColour(frame, seat) {
    const fill = SEAT_COLOURS[seat]?.fill;
    return fill ? { name: colourWord(frame, seat) ?? `seat ${seat + 1}`, fill } : null;
  },
};
