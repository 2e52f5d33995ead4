/**
 * Connect Four: the grid, drawn bottom row last as it stands on the table; each column that
 * takes a disc is a button carrying its legal `drop` command, named in words. Yellow discs carry
 * a ring, so colour is never the only sign; the winning four are outlined.
 */
import type { ConnectFourCommand, ConnectFourState } from '../../../../domain/games/connect-four';
import { h } from '../../dom';
import type { GameUi } from '../ui';
import './board.css';

const COLOURS = ['Red', 'Yellow'];

export const connectFourUi: GameUi = {
  board(frame, ctx) {
    const view = frame.view as ConnectFourState | null;
    if (!view?.started) return h('p', null, 'Waiting for the second player.');
    const drops = new Map((frame.legal as ConnectFourCommand[]).map((c) => [c.column, c]));
    const won = new Set(view.line);
    const rows = view.grid.length;
    const columns = view.grid[0]?.length ?? 0;
    const column = (c: number) => {
      const cells = Array.from({ length: rows }, (_, k) => {
        const r = rows - 1 - k; // top row first on screen
        const seat = view.grid[r]![c]!;
        const place = `${COLOURS[seat ?? -1] ?? 'empty'}${won.has(r * columns + c) ? ', in the winning four' : ''}`;
        return h('span', {
          class: `c4-cell${seat === null ? '' : ` c4-${seat === 0 ? 'red' : 'yellow'}`}${won.has(r * columns + c) ? ' c4-won' : ''}`,
          dataset: { path: `grid.${r}.${c}` },
          title: `Column ${c + 1}, row ${r + 1}: ${place}`,
        });
      });
      const command = drops.get(c);
      const filled = view.grid.filter((row) => row[c] !== null).length;
      const label = `Column ${c + 1}: ${filled} of ${rows} filled`;
      return command
        ? h(
            'button',
            {
              type: 'button',
              class: 'action c4-column',
              dataset: { action: command.type, command: JSON.stringify(command) },
              onclick: () => ctx.send(command),
            },
            h('span', { class: 'visually-hidden' }, `Drop a disc into column ${c + 1} (${filled} of ${rows} filled)`),
            ...cells,
          )
        : h('div', { class: 'c4-column', role: 'img', 'aria-label': label }, ...cells);
    };
    return h(
      'div',
      { class: 'c4', role: 'group', 'aria-label': 'Connect Four grid, seven columns' },
      Array.from({ length: columns }, (_, c) => column(c)),
    );
  },
  actions(frame, ctx) {
    if (!frame.legal.length) return document.createDocumentFragment();
    const you = frame.you ?? 0;
    return h(
      'p',
      { class: 'muted' },
      `Your discs are ${COLOURS[you]?.toLowerCase()} (${ctx.names[you] ?? 'you'}). Choose a column to drop one.`,
    );
  },
};
