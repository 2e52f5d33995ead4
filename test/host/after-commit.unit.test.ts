/**
 * What follows a commit, decided on its head alone (core/after-commit.ts): the players' index on
 * a change of seats or status only, a snapshot every SNAPSHOT_EVERY versions, the due time as the
 * commit carries it, the automatic seat to act (the head names it: the Bots function's filter),
 * and the lobby only for a listed game that is or was open; of a batch of commits, the lobby's
 * changes are the newest of each game.
 */
import { describe, expect, it } from 'vitest';
import { afterCommit, commitHead, lobbyChanges, SNAPSHOT_EVERY } from '../../functions/core/after-commit';
import { REDRIVE_AFTER_MS } from '../../functions/core/clock-due';
import { planCommand, planCreate, planJoin, planTimeout } from '../../functions/core/plans';
import { activeSeats, applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import type { CommitHead } from '../../functions/core/triggers';
import { upcast } from '../../functions/adapters/store/catalog';

const at = '2026-11-21T12:00:00.000Z';
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
    expect(heads.map((h) => afterCommit(h).index)).toEqual([true, true, false]);
    expect(heads.map((h) => afterCommit(h).lobby)).toEqual([true, true, false]);
    const unlisted = played(create(), (r) => planJoin(r, bo, 1, 2, at)!);
    expect(unlisted.heads.map((h) => afterCommit(h).lobby)).toEqual([false, false]);
  });

  it("keeps of a batch's lobby changes the newest version of each game, in the order the games first come", () => {
    // A 3-seat listed game created, joined and filled (started: it leaves the lobby), then moved on; another game created.
    const three = played(
      create({ gameId: 'a', game: 'vasco-da-gama', players: 3, listed: true }),
      (r) => planJoin(r, bo, 1, 3, at)!,
      (r) => planJoin(r, { playerId: 'cy', name: 'Cy' }, 2, 3, at)!,
      mark,
    ).heads;
    const other = played(create({ gameId: 'b', listed: true })).heads;
    const secret = played(create({ gameId: 'c' }), (r) => planJoin(r, bo, 1, 2, at)!).heads;
    const [a1, a2, a3, a4] = three;
    // Out of order too (a redelivered record), and the unlisted game's commits and a move are no change of the lobby.
    const batch = [secret[0]!, a1!, other[0]!, a2!, secret[1]!, a3!, a4!, a2!];
    expect(lobbyChanges(batch)).toEqual([a3, other[0]]);
    expect(lobbyChanges([a1!, a2!]).map((h) => h.version)).toEqual([2]);
    expect(lobbyChanges([a4!, ...secret])).toEqual([]);
    expect(lobbyChanges([])).toEqual([]);
  });

  it('snapshots every SNAPSHOT_EVERY versions', () => {
    const { heads } = played(create(), (r) => planJoin(r, bo, 1, 2, at)!);
    const at25 = { ...heads[1]!, version: SNAPSHOT_EVERY };
    expect([afterCommit(heads[1]!).snapshot, afterCommit(at25).snapshot]).toEqual([false, true]);
  });

  it('reads the due time the commit carries, and whether it changed; a commit from before it carried one reads as none', () => {
    const clock = { type: 'perMove' as const, hours: 1 };
    const { heads } = played(create({ clock }), (r) => planJoin(r, bo, 1, 2, at)!, mark);
    const [created, started, moved] = heads.map((h) => afterCommit(h).clock);
    expect(created).toEqual({ due: null, changed: false });
    // Started: Ana's reminder is due; her move makes it Bo's, whose reminder is due as late.
    expect(started).toEqual({ due: expect.any(String), changed: true });
    expect(moved).toEqual({ due: started!.due, changed: false });
    const { clockDue: _, wasClockDue: __, ...older } = heads[2]!;
    expect(afterCommit(upcast('commit', older)).clock).toEqual({ due: null, changed: false });
  });

  it('names the automatic seat to act in the head it stores, and reads it from a head stored before it was named', () => {
    const game = create({ bots: [1], clock: { type: 'perMove', hours: 1 } });
    let record = applyCommit(null, game);
    if (activeSeats(record)[0] === 1) record = applyCommit(record, mark(record)); // the bot began: its move
    const move = mark(record); // Ana's move: the bot is to act
    const after = applyCommit(record, move);
    const head = commitHead(move, after, record, options);
    expect(head.automatic).toBe(1);
    expect(afterCommit(head).automatic).toEqual({ seat: 1 });
    // Stored before heads named it (with the storer's claim of then): read the same.
    const { automatic: _, ...older } = head;
    expect(afterCommit(upcast('commit', { ...older, claimedUntil: at })).automatic).toEqual({ seat: 1 });
    // Nobody automatic to act: nothing to play.
    const answer = mark(after);
    const back = applyCommit(after, answer);
    const human = commitHead(answer, back, after, options);
    expect(human.automatic).toBeNull();
    expect(afterCommit(human).automatic).toBeNull();
    // An absent seat is automatic too.
    const timedOut = planTimeout(back, 0, at);
    expect(afterCommit(commitHead(timedOut, applyCommit(back, timedOut), back, options)).automatic).toEqual({ seat: 0 });
  });
});
