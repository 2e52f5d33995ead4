/**
 * Navegador in the browser: the board (rondel, map, market, buildings, privileges, players'
 * sheets) and the actions panel (every legal command in words with its price). Rondel fields
 * and regions that exactly one legal command acts on are clickable too.
 */
import './board.css';
import { h } from '../../dom';
import { type GameUi, seatColourByWord } from '../ui';
import { actionsEl } from './actions';
import { boardEl, COLOURS } from './board';

const started = (view: unknown) => Boolean(view && typeof view === 'object' && 'regions' in view);

export const navegadorUi: GameUi = {
  board: (frame, ctx) => (started(frame.view) ? boardEl(frame, ctx) : h('p', null, 'The game has not started yet.')),
  actions: (frame, ctx) => (started(frame.view) ? actionsEl(frame, ctx) : h('p', null, 'Waiting for every seat to be taken.')),
  seatColour: seatColourByWord((colour) => COLOURS[colour]?.fill),
};
