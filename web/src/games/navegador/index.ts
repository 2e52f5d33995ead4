/**
 * Navegador in the browser: the board (rondel, map, market, buildings, privileges, players'
 * sheets), where every move is built by clicking its places and confirmed once its consequence
 * is shown (choices.ts), and the panel beside it (the prompt and the player's supplies).
 */
import './board.css';
import { AID } from '../../../../domain/games/navegador/aid';
import { DATA } from '../../../../domain/games/navegador/data';
import { h } from '../../dom';
import { type GameUi, seatColourByWord } from '../ui';
import { actionsEl } from './actions';
import { boardEl, COLOURS } from './board';
import { navChoices } from './choices';

const started = (view: unknown) => Boolean(view && typeof view === 'object' && 'regions' in view);

export const navegadorUi: GameUi = {
  board: (frame, ctx) => (started(frame.view) ? boardEl(frame, ctx) : h('p', null, 'The game has not started yet.')),
  actions: (frame, ctx) => (started(frame.view) ? actionsEl(frame, ctx) : h('p', null, 'Waiting for every seat to be taken.')),
  seatColour: seatColourByWord((colour) => COLOURS[colour]?.fill),
  help: { aid: AID, data: DATA },
  choices: navChoices,
};
