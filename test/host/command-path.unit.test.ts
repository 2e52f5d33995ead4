/**
 * One path for a move: a player's command and a bot's move go through the engine's `execute`
 * (parse, decide, evolve once), and the record takes the state it computed — the events are not
 * folded a second time — while a replay of the stored commits folds them to the same record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticTacToe } from '../../domain/games/tic-tac-toe';
import { planAutomatic, planCommand, planCreate, planJoin } from '../../functions/core/plans';
import { applyCommit, applyDecided, type Commit, type GameRecord } from '../../functions/core/record';

const at = '2026-11-21T12:00:00.000Z';
const ana = { playerId: 'ana', name: 'Ana' };
const bo = { playerId: 'bo', name: 'Bo' };

function started(bots = false): { record: GameRecord; commits: Commit[] } {
  const create = planCreate({ gameId: 'g', game: 'tic-tac-toe', players: 2, options: {}, player: ana, bots: bots ? [1] : [], seed: 1, at });
  let record = applyCommit(null, create);
  const commits = [create];
  if (!bots) {
    const join = planJoin(record, bo, 1, 2, at)!;
    record = applyCommit(record, join);
    commits.push(join);
  }
  return { record, commits };
}

afterEach(() => vi.restoreAllMocks());

describe('the command path', () => {
  it("folds a command's events once, and the replay of its commits gives the same record", () => {
    const { record, commits } = started();
    const fold = vi.spyOn(ticTacToe, 'evolveAll');
    const plan = planCommand(record, 'ana', 'c1', { type: 'mark', cell: 4 }, at);
    if (!('commit' in plan)) throw new Error('not a commit');
    const live = applyDecided(record, plan);
    expect(fold).toHaveBeenCalledTimes(1); // in execute; applyDecided took its state
    expect(plan.commit.events).toEqual([{ type: 'Marked', seat: 0, cell: 4 }]);
    expect(live.state).toBe(plan.state);
    fold.mockClear();
    const replayed = [...commits, plan.commit].reduce<GameRecord | null>((r, c) => applyCommit(r, c), null);
    expect(replayed).toEqual(live);
    expect(fold).toHaveBeenCalled();
  });

  it("a bot's move goes the same way", () => {
    const { record } = started(true);
    const plan = planCommand(record, 'ana', 'c1', { type: 'mark', cell: 0 }, at);
    if (!('commit' in plan)) throw new Error('not a commit');
    const afterAna = applyDecided(record, plan);
    const fold = vi.spyOn(ticTacToe, 'evolveAll');
    const move = planAutomatic(afterAna, 1, { type: 'mark', cell: 8 }, at);
    const next = applyDecided(afterAna, move);
    expect(fold).toHaveBeenCalledTimes(1);
    expect(next).toEqual(applyCommit(afterAna, move.commit));
    expect(next.log.at(-1)).toMatch(/marks the bottom-right corner$/);
  });

  it("refuses with the engine's rejection: a malformed command, another seat's turn", () => {
    const { record } = started();
    expect(() => planCommand(record, 'ana', 'c1', { type: 'mark', cell: 9 }, at)).toThrow(/not valid \(cell/);
    expect(() => planCommand(record, 'bo', 'c1', { type: 'mark', cell: 1 }, at)).toThrow(/not your turn/);
  });

  it('takes only game events with a decided state', () => {
    const { record } = started();
    const plan = planCommand(record, 'ana', 'c1', { type: 'mark', cell: 4 }, at);
    if (!('commit' in plan)) throw new Error('not a commit');
    const mixed = { ...plan, commit: { ...plan.commit, events: [{ type: '$voted', seat: 0 }, ...plan.commit.events] } };
    expect(() => applyDecided(record, mixed)).toThrow(/decided commit holds host events/);
  });
});
