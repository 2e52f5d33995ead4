/**
 * What follows a stored commit, decided in one place from the commit's head (the fields the
 * commit item carries, see CommitHead): the request that stored it (its fast path), the table's
 * stream and the sweep all act on this one answer. Pure: the time is passed in.
 *
 * The head is made once, when the commit is stored (commitHead): the sweep's due time after it
 * and before it, and the storer's claim on the automatic move it leaves to play, are read from
 * there by every path, never worked out again from records.
 */
import { clockDueOf } from './clock-due';
import { automaticSeat } from './plans';
import { activeSeats, outcomeOf, seatInfos, type Commit, type GameRecord, type HostEvent } from './record';
import type { CommitHead } from './triggers';

/** A snapshot of the folded record is kept every this many versions (see adapters/store/snapshot.ts). */
export const SNAPSHOT_EVERY = 25;

/**
 * How long the storer of a commit keeps its claim on the automatic move the commit leaves to play.
 * Longer than a request may run (the message function's timeout is 10 s): while the claim holds,
 * the storer may still be at work, and the stream's reaction leaves the move to it.
 */
export const CLAIM_MS = 15_000;

export interface AfterCommit {
  /** Write the players' index: the commit changed who sits where or the game's status. */
  index: boolean;
  /** Write a snapshot (every SNAPSHOT_EVERY versions). */
  snapshot: boolean;
  /** The sweep's due time after the commit (ISO; null: never) and whether the commit changed it. */
  clock: { due: string | null; changed: boolean };
  /**
   * The automatic seat to act (a bot, or the safe bot of an absent seat), and who plays its move:
   * the commit's storer while its claim holds, else the stream's reaction.
   */
  automatic: { seat: number; by: 'storer' | 'stream' } | null;
  /** Write (or remove) the game's listing in the public lobby and tell its watchers. */
  lobby: boolean;
}

export function afterCommit(head: CommitHead, now: Date): AfterCommit {
  const index = reindexes(head);
  const seat = head.status === 'active' ? head.activeSeats.find((s) => Boolean(head.seats[s]?.bot) || head.absent[s] === true) : undefined;
  const claimed = head.claimedUntil !== undefined && now.getTime() < Date.parse(head.claimedUntil);
  return {
    index,
    snapshot: head.version % SNAPSHOT_EVERY === 0,
    clock: { due: head.clockDue, changed: head.clockDue !== head.wasClockDue },
    automatic: seat === undefined ? null : { seat, by: claimed ? 'storer' : 'stream' },
    // Only an open game is in the lobby: what happens after it started is none of the lobby's business.
    lobby: head.listed === true && index && (head.wasStatus === 'open' || head.status === 'open'),
  };
}

/** Whether a commit changed who sits where or the game's status (the players' index holds both, and the lobby's listings). */
function reindexes(head: CommitHead): boolean {
  if (head.wasStatus !== head.status) return true;
  const events = JSON.parse(head.events) as { type: string }[];
  return events.some((e) => e.type === ('$created' satisfies HostEvent['type']) || e.type === ('$joined' satisfies HostEvent['type']));
}

/**
 * The head of a commit as it is stored: the game after it and before it (status, seats, whose
 * turn, the sweep's due time…), which the reactions, `myGames` and the notifier read.
 * `claimedUntil`: the storer goes on to play the automatic move the commit leaves, if any (its
 * fast path), and claims it until then.
 */
export function commitHead(
  commit: Commit,
  after: GameRecord,
  before: GameRecord | null,
  options: { redriveAfterMs: number; claimedUntil?: string },
): CommitHead {
  const at = new Date(commit.at);
  const due = (r: GameRecord | null) => (r ? (clockDueOf(r, at, options.redriveAfterMs)?.toISOString() ?? null) : null);
  return {
    gameId: commit.gameId,
    version: commit.version,
    events: JSON.stringify(commit.events),
    game: after.game,
    status: after.status,
    activeSeats: activeSeats(after),
    seats: seatInfos(after),
    wasActive: before ? activeSeats(before) : [],
    wasStatus: before?.status ?? null,
    absent: after.absent,
    summary: after.log.at(-1) ?? '',
    ...(after.status === 'finished' ? { outcome: JSON.stringify(outcomeOf(after)) } : {}),
    clockDue: due(after),
    wasClockDue: due(before),
    ...(after.listed ? { listed: true } : {}),
    ...(after.status === 'finished' && after.moves ? { moves: [...after.moves] } : {}),
    ...(options.claimedUntil !== undefined && automaticSeat(after) !== null ? { claimedUntil: options.claimedUntil } : {}),
  };
}
