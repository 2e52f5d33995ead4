/** Tic-tac-toe: a 3 × 3 grid whose free cells are the legal moves. */
import { h } from '../dom';
import { CELL_NAMES, type TicTacToeState } from '../../../domain/games/tic-tac-toe';
import { commandButton } from './generic';
import type { GameUi } from './ui';

const MARKS = ['X', 'O'];

export const ticTacToeUi: GameUi = {
  board(frame, ctx) {
    const view = frame.view as TicTacToeState | null;
    if (!view) return h('p', null, 'Waiting for the second player.');
    const legal = new Map(frame.legal.map((c) => [c.cell as number, c as object]));
    return h(
      'div',
      { class: 'ttt', role: 'group', 'aria-label': 'Tic-tac-toe board' },
      view.board.map((mark, cell) => {
        const command = legal.get(cell);
        const where = CELL_NAMES[cell]!;
        const label = mark === null ? `The ${where}, empty` : `The ${where}, ${MARKS[mark]} (${ctx.names[mark]})`;
        return command
          ? commandButton(command, '', ctx.send, { 'aria-label': `Mark the ${where}`, class: 'action ttt-cell' })
          : h(
              'div',
              { class: 'ttt-cell' },
              h('span', { class: 'visually-hidden' }, label),
              h('span', { 'aria-hidden': 'true' }, mark === null ? '' : MARKS[mark]),
            );
      }),
    );
  },
  // Off-turn nothing at all, so the empty actions panel hides instead of showing a blank box.
  actions: (frame) => (frame.legal.length ? h('p', { class: 'muted' }, 'Pick a free cell.') : document.createDocumentFragment()),
};
