/**
 * Log deltas: a `logDelta` subscriber's state frames carry only the lines that changed since the
 * version before, and merging them rebuilds exactly the log a full frame carries — through a
 * whole 4-player Navegador game with take-backs and past the 500 kept lines — while a delta
 * for another version is refused (the client subscribes again).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { activeSeats, applyCommit, LOG_KEEP, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { logDeparture, mergeLog } from '../../functions/core/protocol/log-delta';
import { stateFrame } from '../../functions/core/state-frame';

const at = '2026-11-22T12:00:00.000Z';
const players = ['Ana', 'Bruno', 'Chen', 'Dara'].map((name) => ({ playerId: name.toLowerCase(), name }));

/** Every record of one game, version by version, with a take-back now and then. */
function wholeGame(seed: number): GameRecord[] {
  const records: GameRecord[] = [];
  let record: GameRecord | null = null;
  const add = (c: Commit) => records.push((record = applyCommit(record, c)));
  add(planCreate({ gameId: 'g', game: 'navegador', players: 4, options: {}, player: players[0]!, seed, at }));
  for (const p of players.slice(1)) add(planJoin(record!, p, undefined, seed, at)!);
  const rng = new Rng(seed);
  for (let i = 0; record!.status === 'active'; i++) {
    const r: GameRecord = record!;
    if (r.undo && rng.int(4) === 0) {
      add(planUndo(r, players[r.undo.seat]!.playerId, at));
      continue;
    }
    const seat = activeSeats(r)[0]!;
    const legal = moduleOf(r).legal(r.state, seat);
    const plan = planCommand(r, players[seat]!.playerId, `c${i}`, legal[rng.int(legal.length)], at);
    if (!('commit' in plan)) throw new Error('a duplicate command id');
    add(plan.commit);
  }
  return records;
}

describe('log deltas', () => {
  it('rebuild the full log at every version of a whole game, sending only the changed lines', () => {
    const records = wholeGame(3);
    const last = records.at(-1)!;
    expect(last.status).toBe('finished');
    expect(last.logBase).toBeGreaterThan(0); // more than LOG_KEEP lines: the front was dropped
    const takeBacks = records.filter((r) => r.log.at(-1)?.endsWith('took back their last move')).length;
    expect(takeBacks).toBeGreaterThan(3);

    let held: StateFrame = stateFrame(records[0]!, 0);
    let deltaLines = 0;
    let fullLines = 0;
    for (let i = 1; i < records.length; i++) {
      const full = stateFrame(records[i]!, 0);
      const delta = stateFrame(records[i]!, 0, [], records[i - 1]);
      expect(delta.logAfter).toBe(records[i - 1]!.version);
      held = mergeLog(held, delta)!;
      expect(held.log).toEqual(full.log);
      expect(held.logStart).toBe(full.logStart);
      expect(held).not.toHaveProperty('logAfter');
      deltaLines += delta.log.length;
      fullLines += full.log.length;
    }
    expect(held.log).toHaveLength(LOG_KEEP);
    // A delta holds the lines of its own change only.
    expect(deltaLines).toBeLessThan(fullLines / 50);
  });

  it('find where two logs part: after the shared lines, also when the front was dropped', () => {
    expect(logDeparture({ log: ['a', 'b'] }, { log: ['a', 'b', 'c'] })).toBe(2);
    expect(logDeparture({ log: ['a', 'b', 'c'] }, { log: ['a', 'b', 'x'] })).toBe(2); // a take-back replaced the last line
    expect(logDeparture({ log: ['b', 'c'], logBase: 1 }, { log: ['c', 'd'], logBase: 2 })).toBe(3);
  });

  it('refuse a delta that does not follow the version held', () => {
    const records = wholeGame(5).slice(0, 12);
    const held = stateFrame(records[9]!, 1);
    expect(mergeLog(held, stateFrame(records[11]!, 1, [], records[10]))).toBeNull(); // version 11 was missed
    expect(mergeLog(undefined, stateFrame(records[10]!, 1, [], records[9]))).toBeNull();
    expect(mergeLog(held, stateFrame(records[10]!, 1, [], records[9]))?.log).toEqual(stateFrame(records[10]!, 1).log);
  });
});
