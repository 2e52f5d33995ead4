/**
 * Tic-tac-toe: the smallest complete game module, the template a game author copies (see
 * docs/writing-a-game.md), and a benchmark fixture. Seat 0 plays X and moves first, seat 1 O.
 *
 * The shape every game here follows:
 * - commands (zod: what a seat may send) and events (what happened), plain JSON tagged by `type`;
 * - `apply`, one event applied to the state in place (`evolve` copies the state, then applies);
 * - the flow, a table of steps (domain/engine/flow.ts): for each moment the game waits in, who
 *   acts, what it waits for in words, and the exact commands allowed. `legal`, `activeSeats`
 *   and the checks before `decide` all come from it;
 * - `perform`, the events of one command already known to be legal.
 */
import * as z from 'zod';
import { type GameModule, type Seat, winnerOutcome } from '../../engine/contract';
import { evolverOf } from '../../engine/evolver';
import { activeSeats, decider, type Emitter, type Flow, legal } from '../../engine/flow';
import { META } from './meta';

const Cell = z.number().int().min(0).max(8);

/** The cells in words, row by row (cell 0 is the top-left corner): the log and the board say these, never a number. */
export const CELL_NAMES = [
  'top-left corner',
  'top edge',
  'top-right corner',
  'left edge',
  'centre',
  'right edge',
  'bottom-left corner',
  'bottom edge',
  'bottom-right corner',
] as const;

export const commandSchema = z.strictObject({ type: z.literal('mark'), cell: Cell });
export type TicTacToeCommand = z.infer<typeof commandSchema>;

/** No options: unknown keys are refused, as every game refuses them. */
export const optionsSchema = z.strictObject({});

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

const MARKS = ['X', 'O'] as const;

// biome-ignore format: the board's eight lines, three by three
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
] as const;

function winnerOf(board: readonly (Seat | null)[]): Seat | null {
  for (const [a, b, c] of LINES) {
    const s = board[a];
    if (s != null && s === board[b] && s === board[c]) return s;
  }
  return null;
}

/** One event applied to the state in place. */
function apply(state: TicTacToeState, event: TicTacToeEvent): void {
  switch (event.type) {
    case 'GameStarted':
      state.started = true;
      return;
    case 'Marked':
      state.board[event.cell] = event.seat;
      state.turn = 1 - event.seat;
      return;
    case 'GameEnded':
      state.winner = event.winner;
      state.over = true;
      return;
  }
}

/** The steps the game can wait in: here only one, a seat's turn to mark a cell. */
type At = { kind: 'turn'; seat: Seat } | { kind: 'setup' };

export const flow: Flow<TicTacToeState, TicTacToeCommand, TicTacToeEvent, At> = {
  at: (s) => (s.started ? { kind: 'turn', seat: s.turn } : { kind: 'setup' }),
  steps: {
    setup: { active: () => [], prompt: () => 'start the game', options: () => [] },
    turn: {
      active: (_, at) => [at.seat],
      prompt: () => 'mark an empty cell',
      options: (s) => s.board.flatMap((c, cell) => (c === null ? [{ type: 'mark' as const, cell }] : [])),
    },
  },
  over: (s) => s.over,
  seats: () => 2,
  seatName: (_, seat) => MARKS[seat] ?? `Seat ${seat}`,
  explain: (s, c) => (s.board[c.cell] !== null ? `The ${CELL_NAMES[c.cell]} is already marked` : null),
};

/** The events of a legal command: the mark, and the end of the game if it made a line or filled the board. */
function perform(tx: Emitter<TicTacToeState, TicTacToeEvent>, command: TicTacToeCommand, seat: Seat): void {
  tx.emit({ type: 'Marked', seat, cell: command.cell });
  const winner = winnerOf(tx.state.board);
  if (winner !== null || tx.state.board.every((c) => c !== null)) tx.emit({ type: 'GameEnded', winner });
}

export const ticTacToe: GameModule<TicTacToeState, TicTacToeCommand, TicTacToeEvent, TicTacToeState, z.infer<typeof optionsSchema>> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema,
  commandSchema,

  initialState: () => ({ started: false, board: Array(9).fill(null), turn: 0, winner: null, over: false }),
  setup: () => [{ type: 'GameStarted', players: 2 }],
  decide: decider(flow, apply, perform),
  ...evolverOf(apply),
  view: (state) => state, // nothing is hidden in tic-tac-toe
  legal: (state, seat) => legal(flow, state, seat),
  activeSeats: (state) => activeSeats(flow, state),

  outcome: (state) => (state.over ? winnerOutcome(2, state.winner) : null),

  describe(event, names) {
    const name = (seat: Seat) => names[seat] ?? MARKS[seat] ?? `Seat ${seat}`;
    switch (event.type) {
      case 'GameStarted':
        return `${names[0] ?? 'X'} (X) and ${names[1] ?? 'O'} (O) start a game of tic-tac-toe`;
      case 'Marked':
        return `${name(event.seat)} marks the ${CELL_NAMES[event.cell]}`;
      case 'GameEnded':
        return event.winner === null ? 'The game is a draw' : `${name(event.winner)} wins`;
    }
  },
};
