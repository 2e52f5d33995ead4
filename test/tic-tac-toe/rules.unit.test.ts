/**
 * Tic-tac-toe's rules — the template for a game's tests (docs/writing-a-game.md): worked
 * examples as given events / when a command / then events, then the module contract every game
 * passes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticTacToe, type TicTacToeEvent, type TicTacToeState } from '../../domain/games/tic-tac-toe';
import { spec } from '../support/decider-spec';
import { moduleContract } from '../support/module-contract';

const game = spec<TicTacToeState, TicTacToeEvent>(ticTacToe);
const started: TicTacToeEvent[] = [{ type: 'GameStarted', players: 2 }];
const marks = (...cells: number[]): TicTacToeEvent[] => cells.map((cell, i) => ({ type: 'Marked', seat: i % 2, cell }));

describe('tic-tac-toe', () => {
  it('X marks first, then O', () => {
    game
      .given(started)
      .when(0, { type: 'mark', cell: 4 })
      .then([{ type: 'Marked', seat: 0, cell: 4 }]);
    game
      .given(started)
      .when(1, { type: 'mark', cell: 4 })
      .thenRejects('NOT_YOUR_TURN', /waiting for X/);
  });

  it('three in a row wins; a full board without one is a draw', () => {
    game
      .given([...started, ...marks(0, 3, 1, 4)])
      .when(0, { type: 'mark', cell: 2 })
      .then([
        { type: 'Marked', seat: 0, cell: 2 },
        { type: 'GameEnded', winner: 0 },
      ]);
    game
      .given([...started, ...marks(0, 1, 2, 4, 3, 5, 7, 6)])
      .when(0, { type: 'mark', cell: 8 })
      .then([
        { type: 'Marked', seat: 0, cell: 8 },
        { type: 'GameEnded', winner: null },
      ]);
  });

  it('a marked cell cannot be marked again', () => {
    game
      .given([...started, ...marks(4)])
      .when(1, { type: 'mark', cell: 4 })
      .thenRejects('ILLEGAL', /The centre is already marked/);
  });

  it('tells each move in the log by where it is, not by a number', () => {
    const names = ['Ana', 'Bo'];
    expect(ticTacToe.describe({ type: 'Marked', seat: 0, cell: 0 }, names)).toBe('Ana marks the top-left corner');
    expect(ticTacToe.describe({ type: 'Marked', seat: 1, cell: 4 }, names)).toBe('Bo marks the centre');
    expect(ticTacToe.describe({ type: 'Marked', seat: 0, cell: 7 }, names)).toBe('Ana marks the bottom edge');
    expect(ticTacToe.describe({ type: 'GameEnded', winner: null }, names)).toBe('The game is a draw');
  });

  moduleContract(ticTacToe, {
    anyCommand: fc.oneof(fc.record({ type: fc.constant('mark'), cell: fc.integer({ min: -1, max: 9 }) }), fc.constant({ type: 'pass' })),
  });
});
