/**
 * "Since your last move": the record keeps, per seat, where the log stood after that seat's
 * player last moved, and the seat's state frame carries it. Bots' moves and other seats' do
 * not move it; taking one's move back restores the one before.
 */
import { describe, expect, it } from 'vitest';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { activeSeats, applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { stateFrame } from '../../functions/core/state-frame';

const at = '2026-11-24T10:00:00.000Z';
const ana = { playerId: 'ana', name: 'Ana' };
const bruno = { playerId: 'bruno', name: 'Bruno' };

function apply(record: GameRecord | null, commit: Commit | null): GameRecord {
  if (!commit) throw new Error('no commit');
  return applyCommit(record, commit);
}

/** The active person's first legal command, stored. */
function move(record: GameRecord, n: number, pick = (legal: unknown[]) => legal[0]): GameRecord {
  const seat = activeSeats(record)[0]!;
  const player = record.seats[seat]!;
  const plan = planCommand(record, player.playerId, `c${n}`, pick(moduleOf(record).legal(record.state, seat)), at);
  if (!('commit' in plan)) throw new Error('not stored');
  return apply(record, plan.commit);
}

describe('since your last move', () => {
  it('marks where the log stood after each seat last moved, for that seat only', () => {
    let r = apply(null, planCreate({ gameId: 'g', game: 'tic-tac-toe', players: 2, options: {}, player: ana, bots: [], seed: 1, at }));
    r = apply(r, planJoin(r, bruno, 1, 1, at));
    expect(stateFrame(r, 0).sinceYourMove).toBeUndefined(); // nobody moved yet
    r = move(r, 1); // Ana
    const afterAna = { version: r.version, line: r.log.length + (r.logBase ?? 0) };
    r = move(r, 2); // Bruno
    expect(stateFrame(r, 0).sinceYourMove).toEqual(afterAna);
    expect(stateFrame(r, 1).sinceYourMove).toEqual({ version: r.version, line: r.log.length });
    expect(stateFrame(r, null).sinceYourMove).toBeUndefined(); // a spectator has no moves
    // Lines after Ana's move are exactly Bruno's.
    expect(r.log.slice(afterAna.line)).toEqual([expect.stringMatching(/^Bruno/)]);
  });

  it('goes back to the move before when a move is taken back', () => {
    let r = apply(null, planCreate({ gameId: 'v', game: 'vasco-da-gama', players: 2, options: {}, player: ana, bots: [], seed: 7, at }));
    r = apply(r, planJoin(r, bruno, 1, 1, at));
    let n = 0;
    // Play until some seat has moved twice and its next command may be taken back.
    const moves: number[] = [];
    for (; n < 60; n++) {
      const seat = activeSeats(r)[0]!;
      const next = move(r, n);
      moves.push(seat);
      const before = r;
      r = next;
      if (r.undo?.seat === seat && moves.filter((s) => s === seat).length >= 2) {
        const own = before.lastOwn?.[seat] ?? null;
        expect(stateFrame(r, seat).sinceYourMove).toEqual({ version: r.version, line: (r.logBase ?? 0) + r.log.length });
        r = apply(r, planUndo(r, r.seats[seat]!.playerId, at));
        expect(r.lastOwn?.[seat] ?? null).toEqual(own);
        expect(own).not.toBeNull();
        return;
      }
    }
    throw new Error('no move that may be taken back in 60 commands');
  });
});
