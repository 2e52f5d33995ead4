/**
 * A state frame's `legal` lists exactly what its seat may send now: nothing once the game is over
 * (also when a vote or a resignation ended it while the rules' state could still move), nothing
 * while a bot plays the seat; and every frame matches the published schema.
 */
import { describe, expect, it } from 'vitest';
import { planCommand, planCreate, planJoin, planResume, planTimeout, planVote } from '../../functions/core/plans';
import { planResign } from '../../functions/core/plan-resign';
import { activeSeats, applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { stateFrame } from '../../functions/core/state-frame';
import { frameProblem } from '../support/schema-check';

const at = '2026-11-24T10:00:00.000Z';
const ana = { playerId: 'ana', name: 'Ana' };
const bruno = { playerId: 'bruno', name: 'Bruno' };

function apply(record: GameRecord | null, commit: Commit | null): GameRecord {
  if (!commit) throw new Error('no commit');
  return applyCommit(record, commit);
}

/** A 2-player Vasco da Gama in play (its rules list commands for the seat that is not to act, too: launches). */
function vasco(onResign?: 'end'): GameRecord {
  const r = apply(
    null,
    planCreate({
      gameId: 'v',
      game: 'vasco-da-gama',
      players: 2,
      options: {},
      player: ana,
      seed: 7,
      at,
      ...(onResign ? { onResign } : {}),
    }),
  );
  return apply(r, planJoin(r, bruno, 1, 1, at));
}

/** Every frame of the record (each seat's and a spectator's) against docs/schemas/server-frames.json. */
const frames = (r: GameRecord) => [0, 1, null].map((seat) => stateFrame(r, seat));
const expectPublished = (r: GameRecord) => expect(frames(r).map(frameProblem)).toEqual([null, null, null]);

describe('legal in state frames', () => {
  it('lists the rules’ commands for the seats of a game in play, nothing for a spectator', () => {
    const r = vasco();
    const seat = activeSeats(r)[0]!;
    expect(stateFrame(r, seat).legal).toEqual(moduleOf(r).legal(r.state, seat));
    expect(stateFrame(r, seat).legal.length).toBeGreaterThan(0);
    expect(stateFrame(r, null).legal).toEqual([]);
    expectPublished(r);
  });

  it('lists nothing while a bot plays a seat that ran out of time, and the rules’ commands again once it resumes', () => {
    let r = vasco();
    const seat = activeSeats(r)[0]!;
    r = apply(r, planTimeout(r, seat, at));
    expect(r.absent[seat]).toBe(true);
    expect(moduleOf(r).legal(r.state, seat).length).toBeGreaterThan(0); // the rules would take them…
    expect(() => planCommand(r, r.seats[seat]!.playerId, 'x', moduleOf(r).legal(r.state, seat)[0], at)).toThrow(/resume/); // …the server not
    expect(stateFrame(r, seat)).toMatchObject({ absent: [seat], legal: [] });
    expectPublished(r);
    r = apply(r, planResume(r, r.seats[seat]!.playerId, at));
    expect(stateFrame(r, seat).legal).toEqual(moduleOf(r).legal(r.state, seat));
  });

  it('lists nothing for anyone once a vote ended the game, though its rules could go on', () => {
    let r = vasco();
    const out = activeSeats(r)[0]!;
    const other = 1 - out;
    r = apply(r, planTimeout(r, out, at));
    r = apply(r, planVote(r, r.seats[other]!.playerId, at));
    expect(r.status).toBe('finished');
    expect(moduleOf(r).outcome(r.state)).toBeNull(); // the rules' game is not over
    expect([0, 1].map((s) => moduleOf(r).legal(r.state, s).length).some((n) => n > 0)).toBe(true);
    expect(frames(r).map((f) => f.legal)).toEqual([[], [], []]);
    expect(stateFrame(r, other).outcome).toMatchObject({ ended: 'vote', results: [], winners: [] });
    expect(() => planCommand(r, r.seats[other]!.playerId, 'late', { type: 'giveUp' }, at)).toThrow(/over/);
    expectPublished(r);
  });

  it('lists nothing for anyone once a resignation ended the game', () => {
    let r = vasco('end');
    const seat = activeSeats(r)[0]!;
    r = apply(r, planResign(r, r.seats[seat]!.playerId, at));
    expect(r.status).toBe('finished');
    expect(frames(r).map((f) => f.legal)).toEqual([[], [], []]);
    expect(stateFrame(r, seat).outcome).toMatchObject({ ended: 'resign', resigned: [seat] });
    expectPublished(r);
  });
});
