/**
 * Connect Four: two players drop discs into a 7 × 6 grid; the first with four in a row
 * (across, down or diagonally) wins, a full grid is a draw. Added by following
 * docs/writing-a-game.md step by step, starting from tic-tac-toe.
 */
import * as z from 'zod';
import { type GameModule, type Seat, winnerOutcome } from '../../engine/contract';
import { evolverOf } from '../../engine/evolver';
import { activeSeats, decider, type Emitter, type Flow, legal } from '../../engine/flow';
import { META } from './meta';

export const COLUMNS = 7;
export const ROWS = 6;
const COLUMN_NUMBERS = Array.from({ length: COLUMNS }, (_, column) => column);
const COLOURS = ['Red', 'Yellow'] as const;

// 1. What a seat may send, and what can happen.
export const commandSchema = z.strictObject({
  type: z.literal('drop'),
  column: z
    .number()
    .int()
    .min(0)
    .max(COLUMNS - 1),
});
export type ConnectFourCommand = z.infer<typeof commandSchema>;
export const optionsSchema = z.strictObject({});

export type ConnectFourEvent =
  | { type: 'GameStarted'; first: Seat }
  | { type: 'DiscDropped'; seat: Seat; column: number; row: number }
  | { type: 'GameEnded'; winner: Seat | null; line: number[] };

// 2. The state, and one event applied to it.
export interface ConnectFourState {
  started: boolean;
  /** Cells by row (0 at the bottom), then column: the seat whose disc is there, or null. */
  grid: (Seat | null)[][];
  turn: Seat;
  winner: Seat | null;
  /** The winning four, as cell numbers (row × COLUMNS + column); empty for a draw or while playing. */
  line: number[];
  over: boolean;
}

function apply(state: ConnectFourState, event: ConnectFourEvent): void {
  switch (event.type) {
    case 'GameStarted':
      state.started = true;
      state.turn = event.first;
      return;
    case 'DiscDropped':
      state.grid[event.row]![event.column] = event.seat;
      state.turn = 1 - event.seat;
      return;
    case 'GameEnded':
      state.winner = event.winner;
      state.line = event.line;
      state.over = true;
      return;
  }
}

/** The lowest free row of a column, or -1 when it is full. */
export function freeRow(grid: readonly (readonly (Seat | null)[])[], column: number): number {
  return grid.findIndex((row) => row[column] === null);
}

const gridFull = (grid: readonly (readonly (Seat | null)[])[]) => grid.every((row) => row.every((cell) => cell !== null));

/** Four cells in a row through (row, column) holding `seat`'s discs, or null. */
export function fourThrough(grid: readonly (readonly (Seat | null)[])[], row: number, column: number, seat: Seat): number[] | null {
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ] as const) {
    const cells = [[row, column]];
    for (const sign of [1, -1]) {
      for (let k = 1; k < 4; k++) {
        const r = row + sign * k * dr;
        const c = column + sign * k * dc;
        if (grid[r]?.[c] !== seat) break;
        cells.push([r, c]);
      }
    }
    if (cells.length >= 4) return cells.map(([r, c]) => r! * COLUMNS + c!).sort((a, b) => a - b);
  }
  return null;
}

// 3. The flow: the steps the game can wait in. Here one: a seat's turn to drop a disc.
type At = { kind: 'setup' } | { kind: 'turn'; seat: Seat };

export const flow: Flow<ConnectFourState, ConnectFourCommand, ConnectFourEvent, At> = {
  at: (s) => (s.started ? { kind: 'turn', seat: s.turn } : { kind: 'setup' }),
  steps: {
    setup: { active: () => [], prompt: () => 'start the game', options: () => [] },
    turn: {
      active: (_, at) => [at.seat],
      prompt: () => 'drop a disc into a column that is not full',
      options: (s) => COLUMN_NUMBERS.filter((c) => freeRow(s.grid, c) >= 0).map((column) => ({ type: 'drop' as const, column })),
    },
  },
  over: (s) => s.over,
  seats: () => 2,
  seatName: (_, seat) => COLOURS[seat] ?? `Seat ${seat}`,
  explain: (s, c) => (freeRow(s.grid, c.column) < 0 ? `Column ${c.column + 1} is full` : null),
};

// 4. The events of a legal command.
function perform(tx: Emitter<ConnectFourState, ConnectFourEvent>, command: ConnectFourCommand, seat: Seat): void {
  const row = freeRow(tx.state.grid, command.column);
  tx.emit({ type: 'DiscDropped', seat, column: command.column, row });
  const line = fourThrough(tx.state.grid, row, command.column, seat);
  if (line) tx.emit({ type: 'GameEnded', winner: seat, line });
  else if (gridFull(tx.state.grid)) tx.emit({ type: 'GameEnded', winner: null, line: [] });
}

// 5. The module: the contract's pieces, most of them derived from the flow.
export const connectFour: GameModule<
  ConnectFourState,
  ConnectFourCommand,
  ConnectFourEvent,
  ConnectFourState,
  z.infer<typeof optionsSchema>
> = {
  id: META.id,
  title: META.title,
  rulesVersion: '1',
  minPlayers: META.minPlayers,
  maxPlayers: META.maxPlayers,
  optionsSchema,
  commandSchema,

  initialState: () => ({
    started: false,
    grid: Array.from({ length: ROWS }, () => Array<Seat | null>(COLUMNS).fill(null)),
    turn: 0,
    winner: null,
    line: [],
    over: false,
  }),
  // Who starts is drawn from the seed here, so replaying the events needs no generator.
  setup: ({ seed }) => [{ type: 'GameStarted', first: Math.abs(seed) % 2 }],
  decide: decider(flow, apply, perform),
  ...evolverOf(apply),
  view: (state) => state, // nothing is hidden
  legal: (state, seat) => legal(flow, state, seat),
  activeSeats: (state) => activeSeats(flow, state),

  outcome: (state) => (state.over ? winnerOutcome(2, state.winner) : null),

  describe(event, names) {
    const name = (seat: Seat) => `${names[seat] ?? COLOURS[seat]} (${COLOURS[seat]})`;
    switch (event.type) {
      case 'GameStarted':
        return `${name(event.first)} drops the first disc`;
      case 'DiscDropped':
        return `${name(event.seat)} drops a disc into column ${event.column + 1}`;
      case 'GameEnded':
        return event.winner === null ? 'The grid is full: a draw' : `${name(event.winner)} connects four and wins`;
    }
  },

  // A dropped disc reveals nothing hidden: a player may take it back while nobody else has moved.
  canUndo: () => true,
};
