/**
 * Vasco da Gama in the browser: the board (everything public on the table), where every move is
 * built by clicking its places and confirmed once its consequence is shown (choices.ts), and the
 * panel beside it (whose turn, the player's supply, the prices of what is open).
 */
import './board.css';
import { AID } from '../../../../domain/games/vasco-da-gama/aid';
import { DATA } from '../../../../domain/games/vasco-da-gama/data';
import { h } from '../../dom';
import { type GameUi, seatColourByWord } from '../ui';

/** The seat colours of board.css (`--vdg-<colour>`), for the player panels outside the board. */
const FILLS: Record<string, string> = { yellow: '#f5c400', red: '#c62828', black: '#1c1c1c', blue: '#1e5fbf' };
import { actionsEl } from './actions';
import { vdgChoices } from './choices';
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
  help: { aid: AID, data: DATA },
  choices: vdgChoices,
};

export { describeCommand } from './labels';
