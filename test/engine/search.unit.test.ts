/**
 * The searching bot's engine (domain/engine/search.ts) on tic-tac-toe, where the right move is
 * known: it takes a win in one, blocks a loss in one, and never loses to the random bot.
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { reward, search, searchBot, type SearchSpec } from '../../domain/engine/search';
import { ticTacToe, type TicTacToeCommand, type TicTacToeEvent, type TicTacToeState } from '../../domain/games/tic-tac-toe';

const spec: SearchSpec<TicTacToeState, TicTacToeCommand, TicTacToeEvent> = {
  name: 'strong',
  rules: ticTacToe,
  determinize: (state) => state, // nothing is hidden
  evaluate: () => [0, 0],
  rollout: randomBot,
  playouts: 400,
  horizon: 9,
  scale: 0.5,
};
const strong = searchBot(spec);

/** A position from a 3×3 picture: X for seat 0, O for seat 1, . for empty. */
function position(rows: string, turn: 0 | 1): TicTacToeState {
  const board = [...rows.replace(/\s/g, '')].map((c) => (c === 'X' ? 0 : c === 'O' ? 1 : null));
  return { started: true, board, turn, winner: null, over: false };
}

describe('the search engine', () => {
  it('takes a win in one', () => {
    const s = position('XX. OO. ...', 0);
    const choice = strong.choose(s, 0, ticTacToe.legal(s, 0), new Rng(1));
    expect(choice).toEqual({ type: 'mark', cell: 2 });
  });

  it('blocks a loss in one', () => {
    const s = position('X.. OO. X..', 0);
    const choice = strong.choose(s, 0, ticTacToe.legal(s, 0), new Rng(2));
    expect(choice).toEqual({ type: 'mark', cell: 5 });
  });

  it('spends its playouts on every candidate and most on the best one', () => {
    const s = position('XX. OO. ...', 1);
    const trace = search(spec, s, 1, ticTacToe.legal(s, 1), new Rng(3));
    expect(trace.visits.reduce((a, b) => a + b, 0)).toBe(spec.playouts);
    expect(trace.visits.every((v) => v > 0)).toBe(true);
    expect(trace.candidates[trace.chosen]).toEqual({ type: 'mark', cell: 5 });
  });

  it('rewards a lead, saturating with the scale, and ties by the outcome', () => {
    expect(reward([10, 10], 0, 5)).toBe(0.5);
    expect(reward([20, 10], 0, 5)).toBeGreaterThan(0.95);
    expect(reward([10, 20, 15], 0, 5)).toBeLessThan(0.05);
    expect(reward([10, 10], 0, 5, [0])).toBeGreaterThan(0.5);
    expect(reward([10, 10], 1, 5, [0])).toBeLessThan(0.5);
  });

  it('stops starting playouts once the rollout budget is spent, after one per candidate', () => {
    const s = position('... ... ...', 0);
    const trace = search({ ...spec, budget: 30 }, s, 0, ticTacToe.legal(s, 0), new Rng(4));
    const total = trace.visits.reduce((a, b) => a + b, 0);
    expect(trace.visits.every((v) => v > 0)).toBe(true);
    // Each playout spends at least one command (the candidate), so 30 are spent within 30 playouts.
    expect(total).toBeLessThanOrEqual(30);
  });

  it('ends a rollout where stopAt says, scoring it with evaluate', () => {
    const s = position('X.. .O. ...', 0);
    const roots: TicTacToeState[] = [];
    const stopped = { ...spec, evaluate: () => [3, 1], scale: 1, stopAt: (root: TicTacToeState) => roots.push(root) > 0 };
    const trace = search(stopped, s, 0, ticTacToe.legal(s, 0), new Rng(5));
    expect(roots.every((r) => r === s)).toBe(true);
    expect(roots.length).toBe(spec.playouts);
    // No move ends this game at once, so every playout is the evaluation's lead of 2.
    for (const r of trace.meanReward) expect(r).toBeCloseTo(reward([3, 1], 0, 1));
  });

  it('never loses to the random bot, from either seat', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const seat = seed % 2;
      const bots = seat === 0 ? [strong, randomBot] : [randomBot, strong];
      const { outcome } = playGame(ticTacToe, { players: 2, seed, bots });
      expect(outcome!.winners.length === 2 || outcome!.winners.includes(seat), `seed ${seed}`).toBe(true);
    }
  });

  it('paired search (every candidate in the same worlds) takes a win in one and blocks a loss in one', () => {
    const paired = { ...spec, paired: true };
    const win = position('XX. OO. ...', 0);
    expect(searchBot(paired).choose(win, 0, ticTacToe.legal(win, 0), new Rng(1))).toEqual({ type: 'mark', cell: 2 });
    const block = position('X.. OO. X..', 0);
    expect(searchBot(paired).choose(block, 0, ticTacToe.legal(block, 0), new Rng(2))).toEqual({ type: 'mark', cell: 5 });
  });

  it('with a confidence margin, paired search leaves the first candidate only for a clearly better one', () => {
    const first = (cells: number[]) => ({
      ...spec,
      paired: true,
      confidence: 2,
      candidates: () => cells.map((cell) => ({ type: 'mark' as const, cell })),
    });
    // O to move can win at once (5); a quiet move listed first gives way to it.
    const s = position('XX. OO. ...', 1);
    const won = search(first([6, 5]), s, 1, ticTacToe.legal(s, 1), new Rng(3));
    expect(won.candidates[won.chosen]).toEqual({ type: 'mark', cell: 5 });
    // Two mirror-image corners of an empty board: the first one listed stays.
    const empty = position('... ... ...', 0);
    const tie = search(first([0, 2]), empty, 0, ticTacToe.legal(empty, 0), new Rng(4));
    expect(tie.chosen).toBe(0);
    expect(tie.visits).toEqual([spec.playouts / 2, spec.playouts / 2]);
  });

  it('a fast path for rollout steps gives the same search as decide and evolve', () => {
    const play = (s: TicTacToeState, c: TicTacToeCommand, seat: number) => {
      const d = ticTacToe.decide(s, c, seat);
      if (!d.ok) throw new Error(d.rejection.message);
      return d.events.reduce((x, e) => ticTacToe.evolve(x, e), s);
    };
    const s = position('X.. .O. ...', 0);
    expect(search({ ...spec, play }, s, 0, ticTacToe.legal(s, 0), new Rng(5))).toEqual(
      search(spec, s, 0, ticTacToe.legal(s, 0), new Rng(5)),
    );
  });
});
