/**
 * Connect Four's Standard bot: it wins when it can, blocks the opponent's immediate win,
 * never drops a disc that lets the opponent win on top of it if another move avoids that, and
 * otherwise prefers the columns nearest the centre (they take part in the most lines).
 */
import type { Bot } from '../../engine/bots';
import type { Seat } from '../../engine/contract';
import { COLUMNS, type ConnectFourCommand, type ConnectFourState, fourThrough, freeRow } from '.';

/** Whether `seat` would connect four by dropping into `column`. */
function wins(s: ConnectFourState, column: number, seat: Seat): boolean {
  const row = freeRow(s.grid, column);
  if (row < 0) return false;
  const grid = s.grid.map((r) => r.slice());
  grid[row]![column] = seat;
  return fourThrough(grid, row, column, seat) !== null;
}

/** Whether dropping into `column` lets the opponent win by dropping into the same column next. */
function opensAbove(s: ConnectFourState, column: number, seat: Seat): boolean {
  const row = freeRow(s.grid, column);
  if (row < 0 || row + 1 >= s.grid.length) return false;
  const grid = s.grid.map((r) => r.slice());
  grid[row]![column] = seat;
  grid[row + 1]![column] = 1 - seat;
  return fourThrough(grid, row + 1, column, 1 - seat) !== null;
}

const centreFirst = (a: ConnectFourCommand, b: ConnectFourCommand) =>
  Math.abs(a.column - (COLUMNS - 1) / 2) - Math.abs(b.column - (COLUMNS - 1) / 2);

export const heuristicBot: Bot<ConnectFourState, ConnectFourCommand> = {
  name: 'heuristic',
  choose(state, seat, legal, rng) {
    const win = legal.find((c) => wins(state, c.column, seat));
    if (win) return win;
    const block = legal.find((c) => wins(state, c.column, 1 - seat));
    if (block) return block;
    const safe = legal.filter((c) => !opensAbove(state, c.column, seat));
    const pool = [...(safe.length ? safe : legal)].sort(centreFirst);
    // Among equally central columns, either side.
    const best = pool.filter((c) => centreFirst(c, pool[0]!) === 0);
    return best[rng.int(best.length)]!;
  },
};
