/**
 * What follows a stored commit, decided in one place from the commit's head (the fields the
 * commit item carries, see CommitHead): the request that stored it (its follow-up), the table's
 * stream and the sweep all act on this one answer. Pure.
 *
 * The head is made once, when the commit is stored (commitHead): the sweep's due time after it
 * and before it, and the automatic seat it leaves to act, are read from there by every path,
 * never worked out again from records.
 */
import { clockDueOf } from './clock-due';
import { automaticSeat } from './plans';
import { activeSeats, outcomeOf, seatInfos, type Commit, type GameRecord, type HostEvent } from './record';
import type { CommitHead } from './triggers';

/** A snapshot of the folded record is kept every this many versions (see adapters/store/snapshot.ts). */
export const SNAPSHOT_EVERY = 25;

export interface AfterCommit {
  /** Write the players' index: the commit changed who sits where or the game's status. */
  index: boolean;
  /** Write a snapshot (every SNAPSHOT_EVERY versions). */
  snapshot: boolean;
  /** The sweep's due time after the commit (ISO; null: never) and whether the commit changed it. */
  clock: { due: string | null; changed: boolean };
  /**
   * The automatic seat to act (a bot, or the safe bot of an absent seat): the Bots function's
   * stream reaction plays its move (host/reactions.ts), never the request that stored the commit.
   */
  automatic: { seat: number } | null;
  /**
   * Write (or remove) the game's listing in the public lobby; the stream also tells the lobby's
   * watchers, once per batch (see lobbyChanges).
   */
  lobby: boolean;
}

export function afterCommit(head: CommitHead): AfterCommit {
  const index = reindexes(head);
  return {
    index,
    snapshot: head.version % SNAPSHOT_EVERY === 0,
    clock: { due: head.clockDue, changed: head.clockDue !== head.wasClockDue },
    automatic: head.automatic === null ? null : { seat: head.automatic },
    // Only an open game is in the lobby: what happens after it started is none of the lobby's business.
    lobby: head.listed === true && index && (head.wasStatus === 'open' || head.status === 'open'),
  };
}

/**
 * The lobby's changes among a batch of commits (the table's stream hands several at once): the
 * commits afterCommit relists, only the newest version of each game — a watcher keeps the newest
 * `version` per game (docs/protocol.md), so an older one's change tells it nothing more — in the
 * order each game first comes in the batch.
 */
export function lobbyChanges<H extends CommitHead>(heads: readonly H[]): H[] {
  const newest = new Map<string, H>();
  for (const head of heads) {
    if (!afterCommit(head).lobby) continue;
    const kept = newest.get(head.gameId);
    if (!kept || kept.version < head.version) newest.set(head.gameId, head);
  }
  return [...newest.values()];
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
 * `automatic`: the seat the server moves for next, if any (the Bots function's filter).
 */
export function commitHead(commit: Commit, after: GameRecord, before: GameRecord | null, options: { redriveAfterMs: number }): CommitHead {
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
    automatic: automaticSeat(after),
    ...(after.tournament ? { tournament: after.tournament } : {}),
  };
}
