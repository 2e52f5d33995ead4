/** The engine: seeded generator, projector (fold, snapshots), execute, and tic-tac-toe as the reference module. */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { winnerOutcome } from '../../domain/engine/contract';
import { deepCopy, deepEqual } from '../../domain/engine/copy';
import { execute, fold, restore, takeSnapshot } from '../../domain/engine/projector';
import { Rng } from '../../domain/engine/rng';
import { findGame, GAMES } from '../../domain/games';
import { ticTacToe, type TicTacToeEvent, type TicTacToeState } from '../../domain/games/tic-tac-toe';
import { spec } from '../support/decider-spec';

describe('Rng', () => {
  it('repeats a sequence from the same seed or stored state, and differs between seeds', () => {
    const a = Rng.fromSeed(7);
    const first = [a.next(), a.next(), a.next()];
    expect([Rng.fromSeed(7).next(), Rng.fromSeed(7).next()]).toEqual([first[0], first[0]]);
    const resumed = Rng.fromSeed(7);
    resumed.next();
    const again = new Rng(resumed.state);
    expect([again.next(), again.next()]).toEqual(first.slice(1));
    expect(Rng.fromSeed(8).next()).not.toBe(first[0]);
  });

  it('shuffles to a permutation and draws from counts in proportion', () => {
    const rng = Rng.fromSeed(1);
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    const counts = { a: 1, b: 3, c: 0 };
    const seen = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 4000; i++) seen[rng.drawFromCounts(counts, ['a', 'b', 'c'] as const)!]++;
    expect(seen.c).toBe(0);
    expect(seen.b / seen.a).toBeGreaterThan(2.5);
    expect(seen.b / seen.a).toBeLessThan(3.5);
    expect(rng.drawFromCounts({ a: 0 }, ['a'] as const)).toBeNull();
  });
});

describe('projector', () => {
  const game = playGame<TicTacToeState, TicTacToeEvent>(ticTacToe, { players: 2, seed: 4, bots: [randomBot, randomBot] });

  it('folds events into the state the game reached', () => {
    expect(fold(ticTacToe, game.events)).toEqual(game.state);
  });

  it('restores a snapshot plus the tail to the same state, and refuses another rules version', () => {
    const snap = takeSnapshot(ticTacToe, fold(ticTacToe, game.events.slice(0, 3)), 3);
    expect(restore(ticTacToe, snap, game.events.slice(3))).toEqual(game.state);
    expect(() => restore(ticTacToe, { ...snap, rulesVersion: '0' }, [])).toThrow(/cannot be restored/);
  });

  it('rejects malformed commands as BAD_REQUEST before the game sees them', () => {
    const r = execute(ticTacToe, fold(ticTacToe, ticTacToe.setup({ players: 2, options: {}, seed: 0 })), { type: 'mark', cell: 9 }, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/cell/) });
  });

  it('compares commands by content, not key order, and copies deeply', () => {
    expect(deepEqual({ a: 1, b: { d: 2, c: [1, 2] } }, { b: { c: [1, 2], d: 2 }, a: 1 })).toBe(true);
    expect(deepEqual({ c: [1, 2] }, { c: [2, 1] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    const original = { a: [{ b: 1 }], c: null };
    const copy = deepCopy(original);
    expect(copy).toEqual(original);
    copy.a[0]!.b = 2;
    expect(original.a[0]!.b).toBe(1);
  });

  it('finds games by id and rules version', () => {
    expect(findGame('vasco-da-gama')?.title).toBe('Vasco da Gama');
    expect(findGame('vasco-da-gama', '1')).toBeDefined();
    expect(findGame('vasco-da-gama', '0')).toBeUndefined();
    expect(GAMES.map((g) => g.id)).toContain('tic-tac-toe');
  });
});

describe('tic-tac-toe (given / when / then)', () => {
  const ttt = spec<TicTacToeState, TicTacToeEvent>(ticTacToe);
  const started: TicTacToeEvent[] = [{ type: 'GameStarted', players: 2 }];

  it('lets X mark a free cell', () => {
    ttt
      .given(started)
      .when(0, { type: 'mark', cell: 4 })
      .then([{ type: 'Marked', seat: 0, cell: 4 }]);
  });

  it('refuses O moving first, and a marked cell', () => {
    ttt.given(started).when(1, { type: 'mark', cell: 4 }).thenRejects('NOT_YOUR_TURN');
    ttt
      .given([...started, { type: 'Marked', seat: 0, cell: 4 }])
      .when(1, { type: 'mark', cell: 4 })
      .thenRejects('ILLEGAL', /already marked/);
  });

  it('ends the game on three in a row', () => {
    const given: TicTacToeEvent[] = [
      ...started,
      { type: 'Marked', seat: 0, cell: 0 },
      { type: 'Marked', seat: 1, cell: 3 },
      { type: 'Marked', seat: 0, cell: 1 },
      { type: 'Marked', seat: 1, cell: 4 },
    ];
    const { state } = ttt
      .given(given)
      .when(0, { type: 'mark', cell: 2 })
      .then([
        { type: 'Marked', seat: 0, cell: 2 },
        { type: 'GameEnded', winner: 0 },
      ]);
    expect(ticTacToe.outcome(state)).toEqual({
      results: [
        { seat: 0, score: 1, rank: 1 },
        { seat: 1, score: 0, rank: 2 },
      ],
      winners: [0],
    });
    expect(ticTacToe.legal(state, 1)).toEqual([]);
    ttt
      .given([...given, { type: 'Marked', seat: 0, cell: 2 }, { type: 'GameEnded', winner: 0 }])
      .when(1, { type: 'mark', cell: 8 })
      .thenRejects('GAME_OVER');
  });

  it('lists exactly the free cells for the player to move', () => {
    const { state } = ttt.given([...started, { type: 'Marked', seat: 0, cell: 4 }]);
    expect(ticTacToe.legal(state, 1).map((c) => c.cell)).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
    expect(ticTacToe.legal(state, 0)).toEqual([]);
  });
});

describe('winnerOutcome', () => {
  it('ranks the winner first and the others second, or everyone first in a draw', () => {
    expect(winnerOutcome(2, 1)).toEqual({
      results: [
        { seat: 0, score: 0, rank: 2 },
        { seat: 1, score: 1, rank: 1 },
      ],
      winners: [1],
    });
    expect(winnerOutcome(2, null)).toEqual({
      results: [
        { seat: 0, score: 0, rank: 1 },
        { seat: 1, score: 0, rank: 1 },
      ],
      winners: [0, 1],
    });
  });
});
