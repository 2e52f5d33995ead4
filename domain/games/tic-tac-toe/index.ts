/**
 * Tic-tac-toe: the smallest complete game module, meant to be read first by game authors and
 * used as a benchmark fixture. Seat 0 plays X and moves first, seat 1 plays O.
 */
import * as z from 'zod';
import { accept, reject, type GameModule, type Outcome, type Seat } from '../../engine/contract';
import { META } from './meta';

const Cell = z.number().int().min(0).max(8);

export const commandSchema = z.object({ type: z.literal('mark'), cell: Cell });
export type TicTacToeCommand = z.infer<typeof commandSchema>;

export type TicTacToeEvent =
  | { type: 'GameStarted'; players: 2 }
  | { type: 'Marked'; seat: Seat; cell: number }
  | { type: 'GameEnded'; winner: Seat | null };

export interface TicTacToeState {
  started: boolean;
  board: (Seat | null)[];
  turn: Seat;
  winner: Seat | null;
  over: boolean;
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

function winnerOf(board: readonly (Seat | null)[]): Seat | null {
  for (const [a, b, c] of LINES) {
    const s = board[a];
    if (s != null && s === board[b] && s === board[c]) return s;
  }
  return null;
}

export const ticTacToe: GameModule<TicTacToeState, TicTacToeCommand, TicTacToeEvent, TicTacToeState, Record<string, never>> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema: z.object({}),
  commandSchema,

  initialState: () => ({ started: false, board: Array(9).fill(null), turn: 0, winner: null, over: false }),

  setup: () => [{ type: 'GameStarted', players: 2 }],

  decide(state, command, seat) {
    if (state.over) return reject('GAME_OVER', 'The game is over.');
    if (seat !== state.turn) return reject('NOT_YOUR_TURN', `It is ${state.turn === 0 ? 'X' : 'O'}'s turn.`);
    if (state.board[command.cell] !== null) return reject('ILLEGAL', `Cell ${command.cell} is already marked.`);
    const board = state.board.slice();
    board[command.cell] = seat;
    const winner = winnerOf(board);
    const marked: TicTacToeEvent = { type: 'Marked', seat, cell: command.cell };
    if (winner !== null || board.every((c) => c !== null)) return accept([marked, { type: 'GameEnded', winner }]);
    return accept([marked]);
  },

  evolve(state, event) {
    switch (event.type) {
      case 'GameStarted':
        return { ...state, started: true };
      case 'Marked': {
        const board = state.board.slice();
        board[event.cell] = event.seat;
        return { ...state, board, turn: 1 - event.seat };
      }
      case 'GameEnded':
        return { ...state, winner: event.winner, over: true };
    }
  },

  view: (state) => state, // nothing is hidden in tic-tac-toe

  legal(state, seat) {
    if (!state.started || state.over || seat !== state.turn) return [];
    return state.board.flatMap((c, cell) => (c === null ? [{ type: 'mark' as const, cell }] : []));
  },

  activeSeats: (state) => (state.started && !state.over ? [state.turn] : []),

  outcome(state): Outcome | null {
    if (!state.over) return null;
    const w = state.winner;
    return {
      results: [0, 1].map((seat) => ({ seat, score: w === seat ? 1 : 0, rank: w === null || w === seat ? 1 : 2 })),
      winners: w === null ? [0, 1] : [w],
    };
  },

  describe(event, names) {
    switch (event.type) {
      case 'GameStarted':
        return `${names[0] ?? 'X'} (X) and ${names[1] ?? 'O'} (O) start a game of tic-tac-toe`;
      case 'Marked':
        return `${names[event.seat] ?? `Seat ${event.seat}`} marks cell ${event.cell}`;
      case 'GameEnded':
        return event.winner === null ? 'The game is a draw' : `${names[event.winner] ?? `Seat ${event.winner}`} wins`;
    }
  },
};
