/**
 * Connect Four's rules, written from tic-tac-toe's tests as docs/writing-a-game.md shows:
 * examples as given events / when a command / then events, then the module contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { heuristicBot } from '../../domain/games/connect-four/bot';
import { type ConnectFourEvent, type ConnectFourState, connectFour, fourThrough } from '../../domain/games/connect-four';
import { spec } from '../support/decider-spec';
import { moduleContract } from '../support/module-contract';

const game = spec<ConnectFourState, ConnectFourEvent>(connectFour);
const started: ConnectFourEvent[] = [{ type: 'GameStarted', first: 0 }];
/** Discs dropped into these columns by the two seats in turn, seat 0 first, landing where they fall. */
function drops(...columns: number[]): ConnectFourEvent[] {
  const height = Array(7).fill(0);
  return columns.map((column, i) => ({ type: 'DiscDropped', seat: i % 2, column, row: height[column]++ }));
}

describe('Connect Four', () => {
  it('a disc falls to the lowest free row of its column', () => {
    game
      .given(started)
      .when(0, { type: 'drop', column: 3 })
      .then([{ type: 'DiscDropped', seat: 0, column: 3, row: 0 }]);
    game
      .given([...started, ...drops(3)])
      .when(1, { type: 'drop', column: 3 })
      .then([{ type: 'DiscDropped', seat: 1, column: 3, row: 1 }]);
  });

  it('the seed decides who drops first, and the event says so', () => {
    const firsts = new Set(
      [1, 2, 3, 4].map((seed) => (connectFour.setup({ players: 2, options: {}, seed })[0] as { first: number }).first),
    );
    expect(firsts).toEqual(new Set([0, 1]));
    game
      .given([{ type: 'GameStarted', first: 1 }])
      .when(0, { type: 'drop', column: 0 })
      .thenRejects('NOT_YOUR_TURN', /waiting for Yellow/);
  });

  it('four across, down or diagonally wins, naming the four cells', () => {
    // Across the bottom row: Red 0, 1, 2 and then 3; Yellow stacks on top of them.
    game
      .given([...started, ...drops(0, 0, 1, 1, 2, 2)])
      .when(0, { type: 'drop', column: 3 })
      .then([
        { type: 'DiscDropped', seat: 0, column: 3, row: 0 },
        { type: 'GameEnded', winner: 0, line: [0, 1, 2, 3] },
      ]);
    // Down column 6.
    game
      .given([...started, ...drops(6, 0, 6, 0, 6, 1)])
      .when(0, { type: 'drop', column: 6 })
      .thenIncludes([{ type: 'GameEnded', winner: 0, line: [6, 13, 20, 27] }]);
    // Diagonally up to the right: Red at (0,0), (1,1), (2,2), (3,3).
    game
      .given([...started, ...drops(0, 1, 1, 2, 2, 3, 2, 3, 3, 6)])
      .when(0, { type: 'drop', column: 3 })
      .thenIncludes([{ type: 'GameEnded', winner: 0, line: [0, 8, 16, 24] }]);
  });

  it('a full column takes no more discs; a full grid without four is a draw', () => {
    game
      .given([...started, ...drops(0, 0, 0, 0, 0, 0)])
      .when(0, { type: 'drop', column: 0 })
      .thenRejects('ILLEGAL', /^Column 1 is full \(allowed now: drop\)\.$/);
    // Columns filled in pairs so that no four line up: 0,1 / 2,3 / 4,5 alternate colours every two rows, 6 last.
    const order = [
      0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 2, 3, 2, 3, 3, 2, 3, 2, 2, 3, 2, 3, 4, 5, 4, 5, 5, 4, 5, 4, 4, 5, 4, 5, 6, 6, 6, 6, 6,
    ];
    const { state, when } = game.given([...started, ...drops(...order)]);
    // The grid holds no four before the last disc (events are folded unchecked, so check).
    for (let r = 0; r < 6; r++)
      for (let c = 0; c < 7; c++) if (state.grid[r]![c] !== null) expect(fourThrough(state.grid, r, c, state.grid[r]![c]!)).toBeNull();
    when(1, { type: 'drop', column: 6 }).then([
      { type: 'DiscDropped', seat: 1, column: 6, row: 5 },
      { type: 'GameEnded', winner: null, line: [] },
    ]);
  });

  it('the Standard bot wins against the random bot', () => {
    let wins = 0;
    for (let seed = 0; seed < 40; seed++) {
      const bots = seed % 2 ? [heuristicBot, randomBot] : [randomBot, heuristicBot];
      const played = playGame<ConnectFourState, ConnectFourEvent>(connectFour, { players: 2, seed, bots });
      if (played.outcome?.winners.length === 1 && played.outcome.winners[0] === (seed % 2 ? 0 : 1)) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(36);
  });

  it('the Standard bot takes a win at once and blocks the opponent’s', () => {
    const state = game.given([...started, ...drops(0, 6, 1, 6, 2)]).state;
    // Red threatens column 3; Yellow (to move) blocks.
    expect(heuristicBot.choose(state, 1, connectFour.legal(state, 1), new Rng(1))).toEqual({ type: 'drop', column: 3 });
    const redToWin = game.given([...started, ...drops(0, 6, 1, 6, 2, 5)]).state;
    expect(heuristicBot.choose(redToWin, 0, connectFour.legal(redToWin, 0), new Rng(1))).toEqual({ type: 'drop', column: 3 });
  });

  moduleContract(connectFour, {
    anyCommand: fc.oneof(
      fc.record({ type: fc.constant('drop'), column: fc.integer({ min: -1, max: 7 }) }),
      fc.constant({ type: 'mark', cell: 1 }),
    ),
  });
});
