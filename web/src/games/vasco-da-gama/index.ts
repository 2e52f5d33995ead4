/**
 * Vasco da Gama in the browser: the board (everything public on the table) and the actions
 * panel (every legal command, cost shown before the click). Board spaces that exactly one legal
 * command acts on are clickable too.
 */
import './board.css';
import { h } from '../../dom';
import { type GameUi, seatColourByWord } from '../ui';

/** The seat colours of board.css (`--vdg-<colour>`), for the player panels outside the board. */
const FILLS: Record<string, string> = { yellow: '#f5c400', red: '#c62828', black: '#1c1c1c', blue: '#1e5fbf' };
import { actionsEl } from './actions';
import { boardEl } from './board';
import { renderContext } from './widgets';

export const vascoDaGamaUi: GameUi = {
  board(frame, ctx) {
    const rc = renderContext(frame, ctx);
    return rc ? boardEl(rc) : h('p', { class: 'vdg-board' }, 'The game has not started yet.');
  },
  actions(frame, ctx) {
    const rc = renderContext(frame, ctx);
    return rc ? actionsEl(rc) : h('p', { class: 'vdg-actions' }, 'Waiting for every seat to be taken.');
  },
  seatColour: seatColourByWord((colour) => FILLS[colour]),
};

export { describeCommand } from './labels';
