/**
 * The same tic-tac-toe as `domain/games/tic-tac-toe`, written as a boardgame.io (0.50.2) `Game`
 * the way boardgame.io's own tutorial writes it: player "0" is X and moves first, "1" is O, one
 * move per turn, three in a row wins, a full board is a draw.
 *
 * 0.50 signatures: a move is `({ G, ctx, playerID, ... }, ...args)`, `endIf` is `({ G, ctx })`;
 * moves may mutate `G` (boardgame.io wraps them in immer).
 */
import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

export interface TicTacToeG {
  /** The mark of each cell: the playerID ("0" X, "1" O) or null. */
  cells: (string | null)[];
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

export function isVictory(cells: readonly (string | null)[]): boolean {
  return LINES.some(([a, b, c]) => cells[a] != null && cells[a] === cells[b] && cells[a] === cells[c]);
}

export const isDraw = (cells: readonly (string | null)[]): boolean => cells.every((c) => c !== null);

/** The free cells in ascending order: the same order as Caravela's `legal`. */
export const freeCells = (cells: readonly (string | null)[]): number[] => cells.flatMap((c, i) => (c === null ? [i] : []));

export type TicTacToeGameover = { winner: string } | { draw: true };

export const TicTacToe: Game<TicTacToeG> = {
  name: 'tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,

  setup: () => ({ cells: Array<string | null>(9).fill(null) }),

  turn: { minMoves: 1, maxMoves: 1 },

  moves: {
    mark: ({ G, playerID }, cell: number) => {
      // Caravela checks the cell with its command schema (an integer 0–8); do the same here.
      if (!Number.isInteger(cell) || cell < 0 || cell > 8 || G.cells[cell] !== null) return INVALID_MOVE;
      G.cells[cell] = playerID;
    },
  },

  endIf: ({ G, ctx }): TicTacToeGameover | undefined => {
    if (isVictory(G.cells)) return { winner: ctx.currentPlayer };
    if (isDraw(G.cells)) return { draw: true };
    return undefined;
  },
};
