/**
 * A game record keeps only recent history — the latest LOG_KEEP log lines and the command ids of
 * the latest COMMANDS_KEEP versions — so records and their snapshots stay small in long games,
 * while undo, retries and replay behave as before.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { applyCommit, COMMANDS_KEEP, LOG_KEEP, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';

const at = '2026-11-21T12:00:00.000Z';
const people = ['Ana', 'Bruno', 'Carla', 'Duarte'].map((name) => ({ playerId: name.toLowerCase(), name }));

describe('a long game record', () => {
  it('keeps the latest log lines and command ids; undo after the cap removes exactly its own lines; replay is exact', () => {
    const commits: Commit[] = [];
    let record: GameRecord | null = null;
    const add = (c: Commit) => {
      commits.push(c);
      return (record = applyCommit(record, c));
    };
    add(planCreate({ gameId: 'long', game: 'goa', players: 4, options: {}, player: people[0]!, seed: 3, at }));
    for (const p of people.slice(1)) add(planJoin(record!, p, undefined, 5, at)!);
    const rng = new Rng(9);
    let undone = 0;
    for (let n = 0; record!.status === 'active'; n++) {
      const r: GameRecord = record!;
      const module = moduleOf(r);
      const seat = module.activeSeats(r.state)[0]!;
      const legal = module.legal(r.state, seat);
      const plan = planCommand(r, people[seat]!.playerId, `c${n}`, legal[rng.int(legal.length)], at);
      if (!('commit' in plan)) throw new Error('unexpected duplicate');
      const next = add(plan.commit);
      expect(next.log.length).toBeLessThanOrEqual(LOG_KEEP);
      expect(Object.keys(next.commands).length).toBeLessThanOrEqual(COMMANDS_KEEP);
      // A retry of a recent command is still recognised.
      expect(planCommand(next, people[seat]!.playerId, `c${n}`, {}, at)).toEqual({ duplicateOf: next.version });
      if (r.log.length === LOG_KEEP && next.undo && undone < 5) {
        const back = add(planUndo(next, people[seat]!.playerId, at));
        expect(back.state).toEqual(r.state);
        expect(back.log.at(-1)).toMatch(/took back their last move/);
        // The log before the move, less the oldest lines the move's own lines pushed out, then the
        // undo's line (which pushes out one more when the move added none, e.g. a tile's first step).
        expect(back.log).toEqual([...r.log.slice(next.undo.logAdded), back.log.at(-1)].slice(-LOG_KEEP));
        if (next.undo.logAdded > 0) expect(back.log.length).toBe(LOG_KEEP - next.undo.logAdded + 1);
        undone++;
      }
    }
    expect(undone).toBe(5);
    expect(record!.version).toBeGreaterThan(COMMANDS_KEEP + 100);
    // An id older than the kept window is no longer known (a client never retries that late).
    expect(record!.commands.c0).toBeUndefined();
    expect(commits.reduce<GameRecord | null>((r, c) => applyCommit(r, c), null)).toEqual(record);
  });
});
