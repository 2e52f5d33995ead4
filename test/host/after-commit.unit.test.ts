/**
 * What follows a commit, decided on its head alone (core/after-commit.ts): the players' index on
 * a change of seats or status only, a snapshot every SNAPSHOT_EVERY versions, the due time as the
 * commit carries it, the automatic seat to act and who plays it (the storer while its claim
 * holds, else the stream), and the lobby only for a listed game that is or was open.
 */
import { describe, expect, it } from 'vitest';
import { afterCommit, CLAIM_MS, commitHead, SNAPSHOT_EVERY } from '../../functions/core/after-commit';
import { REDRIVE_AFTER_MS } from '../../functions/core/clock-due';
import { planCommand, planCreate, planJoin, planTimeout } from '../../functions/core/plans';
import { activeSeats, applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import type { CommitHead } from '../../functions/core/triggers';
import { upcast } from '../../functions/adapters/store/catalog';

const at = '2026-11-21T12:00:00.000Z';
const now = new Date(at);
const ana = { playerId: 'ana', name: 'Ana' };
const bo = { playerId: 'bo', name: 'Bo' };
const options = { redriveAfterMs: REDRIVE_AFTER_MS };

/** A game's commits folded, each with the head it is stored with. */
function played(first: Commit, ...plans: ((r: GameRecord) => Commit)[]): { record: GameRecord; heads: CommitHead[] } {
  let record = applyCommit(null, first);
  const heads = [commitHead(first, record, null, options)];
  for (const plan of plans) {
    const commit = plan(record);
    const next = applyCommit(record, commit);
    heads.push(commitHead(commit, next, record, options));
    record = next;
  }
  return { record, heads };
}

const create = (extra: Partial<Parameters<typeof planCreate>[0]> = {}) =>
  planCreate({ gameId: 'g', game: 'tic-tac-toe', players: 2, options: {}, player: ana, seed: 1, at, ...extra });

function mark(record: GameRecord): Commit {
  const seat = activeSeats(record)[0]!;
  const plan = planCommand(record, record.seats[seat]!.playerId, `c${record.version}`, moduleOf(record).legal(record.state, seat)[0], at);
  if (!('commit' in plan)) throw new Error('not a commit');
  return plan.commit;
}

describe('what follows a commit', () => {
  it('indexes a creation, a join and a change of status, never a move; a listed game is relisted while it is or was open', () => {
    const { heads } = played(create({ listed: true }), (r) => planJoin(r, bo, 1, 2, at)!, mark);
    expect(heads.map((h) => afterCommit(h, now).index)).toEqual([true, true, false]);
    expect(heads.map((h) => afterCommit(h, now).lobby)).toEqual([true, true, false]);
    const unlisted = played(create(), (r) => planJoin(r, bo, 1, 2, at)!);
    expect(unlisted.heads.map((h) => afterCommit(h, now).lobby)).toEqual([false, false]);
  });

  it('snapshots every SNAPSHOT_EVERY versions', () => {
    const { heads } = played(create(), (r) => planJoin(r, bo, 1, 2, at)!);
    const at25 = { ...heads[1]!, version: SNAPSHOT_EVERY };
    expect([afterCommit(heads[1]!, now).snapshot, afterCommit(at25, now).snapshot]).toEqual([false, true]);
  });

  it('reads the due time the commit carries, and whether it changed; a commit from before it carried one reads as none', () => {
    const clock = { type: 'perMove' as const, hours: 1 };
    const { heads } = played(create({ clock }), (r) => planJoin(r, bo, 1, 2, at)!, mark);
    const [created, started, moved] = heads.map((h) => afterCommit(h, now).clock);
    expect(created).toEqual({ due: null, changed: false });
    // Started: Ana's reminder is due; her move makes it Bo's, whose reminder is due as late.
    expect(started).toEqual({ due: expect.any(String), changed: true });
    expect(moved).toEqual({ due: started!.due, changed: false });
    const { clockDue: _, wasClockDue: __, ...older } = heads[2]!;
    expect(afterCommit(upcast('commit', older), now).clock).toEqual({ due: null, changed: false });
  });

  it('names the automatic seat to act, played by the storer while its claim holds, by the stream after it or without one', () => {
    const game = create({ bots: [1], clock: { type: 'perMove', hours: 1 } });
    let record = applyCommit(null, game);
    if (activeSeats(record)[0] === 1) record = applyCommit(record, mark(record)); // the bot began: its move
    const move = mark(record); // Ana's move: the bot is to act
    const after = applyCommit(record, move);
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    const claimed = commitHead(move, after, record, { ...options, claimedUntil: until });
    expect(claimed.claimedUntil).toBe(until);
    expect(afterCommit(claimed, now).automatic).toEqual({ seat: 1, by: 'storer' });
    expect(afterCommit(claimed, new Date(now.getTime() + CLAIM_MS)).automatic).toEqual({ seat: 1, by: 'stream' });
    expect(afterCommit(commitHead(move, after, record, options), now).automatic).toEqual({ seat: 1, by: 'stream' });
    // Nobody automatic to act: no claim is stored, and nothing to play.
    const answer = mark(after);
    const back = applyCommit(after, answer);
    const human = commitHead(answer, back, after, { ...options, claimedUntil: until });
    expect(human.claimedUntil).toBeUndefined();
    expect(afterCommit(human, now).automatic).toBeNull();
    // An absent seat is automatic too.
    const timedOut = planTimeout(back, 0, at);
    expect(afterCommit(commitHead(timedOut, applyCommit(back, timedOut), back, options), now).automatic).toEqual({ seat: 0, by: 'stream' });
  });
});
