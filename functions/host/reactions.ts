/**
 * What follows a stored commit. Two ways in, one set of steps:
 * - the request that stored it (the fast path): its broadcast and, while bots or absent seats
 *   are to act, up to MAX_FAST_MOVES of their moves at once;
 * - the table's stream (the guarantee): for every commit, at least once and in order per game,
 *   the next automatic move, the players' game index, a snapshot now and then (handlers/stream.ts).
 * Every reaction is idempotent per (game, version): an automatic move is stored only on top of
 * the version it reacts to, index items and snapshots are keyed and conditioned by version.
 */
import { randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import { deadlineOf, reminderOf } from '../core/clock';
import { clockDueOf } from '../core/clock-due';
import { automaticSeat, planAutomatic, planTimeout } from '../core/plans';
import { activeSeats, moduleOf, type GameRecord, type HostEvent } from '../core/record';
import type { CommitHead } from '../core/triggers';
import type { Sender } from '../adapters/sender';
import { SNAPSHOT_EVERY } from '../adapters/store/event-store';
import type { GameStore, HostRecords, HostSchedule } from '../stores';
import type { Broadcast } from './broadcast';
import type { Games } from './games';
import type { LobbyFeed } from './lobby-feed';
import { failure, logger } from '../observe/log';

/** Automatic moves one request plays at once after its commit; the stream's reactions play the rest. */
export const MAX_FAST_MOVES = 20;

export interface ReactionsDeps {
  games: Games;
  broadcast: Broadcast;
  store: GameStore;
  records: HostRecords;
  schedule: HostSchedule;
  now: () => Date;
  /** The public lobby's listings, kept here too so a listed game shows at once (absent: no lobby). */
  lobby?: LobbyFeed;
}

/** A seat whose clock passed its reminder time (the sweep notifies it). */
export interface Reminder {
  record: GameRecord;
  seat: number;
  deadline: Date;
}

/** Whether a commit changed who sits where or the game's status (the players' index holds both, and the lobby's listings). */
export function reindexes(head: CommitHead): boolean {
  if (head.wasStatus !== head.status) return true;
  const events = JSON.parse(head.events) as { type: string }[];
  return events.some((e) => e.type === ('$created' satisfies HostEvent['type']) || e.type === ('$joined' satisfies HostEvent['type']));
}

export class Reactions {
  /** The broadcasts of one game's commits run one after another, so each connection sees versions in order. */
  private readonly ordered = new Map<string, Promise<void>>();
  /** Bot moves being played after a commit, per game (see reserveSettle). */
  private readonly settling = new Map<string, Promise<void>>();

  constructor(private readonly deps: ReactionsDeps) {}

  private at(): string {
    return this.deps.now().toISOString();
  }

  /**
   * Claim the game's settling now — when its commit is stored, before the answer goes out — and
   * return the function that runs it: the commit's broadcast, then the moves bots (or absent
   * seats' safe bot) must make, each broadcast — at most MAX_FAST_MOVES. One settling per game
   * at a time in this process, and a reaction to the same game waits for it (see react).
   */
  reserveSettle(before: GameRecord | null, record: GameRecord, sender: Sender): () => Promise<void> {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const previous = this.settling.get(record.gameId)?.catch(() => undefined);
    const run = Promise.all([previous, started]).then(() => this.settleNow(before, record, sender));
    this.settling.set(record.gameId, run);
    void run.finally(() => this.settling.get(record.gameId) === run && this.settling.delete(record.gameId)).catch(() => undefined);
    return () => {
      start();
      return run;
    };
  }

  private settle(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    return this.reserveSettle(before, record, sender)();
  }

  private async settleNow(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    for (let moves = 0; ; moves++) {
      await this.afterCommit(before, record, sender);
      if (moves >= MAX_FAST_MOVES) return;
      let next: GameRecord | null;
      try {
        next = await this.playAutomatic(record);
      } catch (error) {
        // The stream's reaction to this commit plays it again.
        logger.warn('an automatic move failed', failure(error, { gameId: record.gameId, version: record.version }));
        return;
      }
      if (!next) return;
      before = record;
      record = next;
    }
  }

  /**
   * The next automatic move on top of exactly this version, if a bot or an absent seat is to
   * act: the new record, or null when nobody automatic is to act or another writer stored the
   * next version first (then that writer's commit is reacted to in turn).
   */
  private async playAutomatic(record: GameRecord): Promise<GameRecord | null> {
    const seat = automaticSeat(record);
    if (seat === null) return null;
    const bot = findBot(record.game, record.absent[seat] ? 'safe' : (record.bots[seat] ?? '')) ?? randomBot;
    const legal = moduleOf(record).legal(record.state, seat);
    const command = bot.choose(record.state, seat, legal, new Rng(record.version * 2654435761));
    const result = await this.deps.games.commit(record.gameId, (r) =>
      r.version === record.version ? planAutomatic(r, seat, command, this.at()) : null,
    );
    return result.committed ? result.record : null;
  }

  /**
   * The stream's reaction to one stored commit (at least once per commit, in order per game):
   * when it leaves a bot or an absent seat to act and is still the game's latest version, play
   * that move and send its frames, then go on as a request does (at most MAX_FAST_MOVES). The
   * move is stored only on top of this very version, so a request's fast path and a redelivered
   * record never both store it; a failure throws, and the stream delivers the record again.
   * Every move is a new commit, reacted to in turn: no invocation runs an unbounded chain.
   */
  async react(head: CommitHead, sender: Sender): Promise<void> {
    const automatic = head.status === 'active' && head.activeSeats.some((s) => Boolean(head.seats[s]?.bot) || head.absent[s] === true);
    if (!automatic) return;
    // This process may be settling the game right now (the request that stored the commit):
    // let it finish, then look at what is left.
    await this.settling.get(head.gameId)?.catch(() => undefined);
    const record = await this.deps.games.fresh(head.gameId);
    if (record.version !== head.version) return; // a later commit exists: its own reaction follows
    const played = await this.playAutomatic(record);
    if (played) await this.settle(record, played, sender);
  }

  /** The stream's reaction that keeps the players' game index: written when seats or the status changed, never on a move. */
  async index(head: CommitHead): Promise<void> {
    if (!reindexes(head)) return;
    await this.deps.records.indexGame({ gameId: head.gameId, seats: head.seats, status: head.status, version: head.version });
  }

  /**
   * The stream's reaction that keeps the game's due item for the sweep (clock reminders and
   * deadlines, re-drive of automatic seats), written only when the due time changed. Commits
   * stored before they carried it are looked up.
   */
  async clock(head: CommitHead): Promise<void> {
    if (head.clockDue === undefined) {
      const record = await this.deps.games.fresh(head.gameId);
      if (record.version !== head.version) return; // the later commit's reaction writes it
      const due = clockDueOf(record, new Date(record.updatedAt), this.deps.store.redriveAfterMs);
      return this.deps.schedule.setClockDue(head.gameId, due, head.version);
    }
    if (head.clockDue === head.wasClockDue) return;
    // The request that stored the commit wrote it too, as a rule: this is the guarantee, not a second write.
    await this.deps.schedule.setClockDue(head.gameId, head.clockDue ? new Date(head.clockDue) : null, head.version, { unlessSet: true });
  }

  /**
   * The stream's reaction that writes a snapshot every SNAPSHOT_EVERY versions: of the latest
   * record this process finds (no read back to that exact version; any version is a valid
   * snapshot). Keyed by version: writing it twice is harmless.
   */
  async snapshot(head: CommitHead): Promise<void> {
    if (head.version % SNAPSHOT_EVERY !== 0) return;
    const record = await this.deps.games.fresh(head.gameId);
    await this.deps.store.saveSnapshot(record);
  }

  /**
   * The request path's broadcast (in order per game), and — so a player's list shows a new game
   * at once, and the sweep can re-drive a game even if the stream lost its records — the index
   * and the due item as the stream's reactions write them. Never throws: the
   * stream's reactions are the guarantee.
   */
  private async afterCommit(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    const previous = this.ordered.get(record.gameId) ?? Promise.resolve();
    const inOrder = () => this.deps.broadcast.commit(before, record, sender);
    // Run after the previous commit's, whether that one succeeded or not.
    const ordered = previous.then(inOrder, inOrder);
    this.ordered.set(record.gameId, ordered);
    const seatsChanged = !before || before.seats.some((s, i) => s?.playerId !== record.seats[i]?.playerId);
    const reindex = seatsChanged || before.status !== record.status;
    // The due item too, as the stream's reaction writes it: the sweep's re-drive must not depend on the stream alone.
    const at = new Date(record.updatedAt);
    const due = clockDueOf(record, at, this.deps.store.redriveAfterMs);
    const wasDue = before ? clockDueOf(before, at, this.deps.store.redriveAfterMs) : null;
    const chores = [
      ordered,
      reindex ? this.deps.records.indexGame(record) : Promise.resolve(),
      due?.getTime() !== wasDue?.getTime() ? this.deps.schedule.setClockDue(record.gameId, due, record.version) : Promise.resolve(),
      this.deps.lobby?.afterCommit(before, record, sender) ?? Promise.resolve(),
    ];
    for (const result of await Promise.allSettled(chores)) {
      if (result.status === 'rejected')
        logger.warn(
          'work after a commit failed (the stream does it again)',
          failure(result.reason, { gameId: record.gameId, version: record.version }),
        );
    }
    if (this.ordered.get(record.gameId) === ordered) this.ordered.delete(record.gameId);
  }

  /**
   * The sweep for one game: seats past their deadline time out (a bot then plays safe moves for
   * them); seats past their reminder time are returned for notification; an automatic seat that
   * is to act with nothing stored for REDRIVE_AFTER_MS gets its next move (the last resort when
   * every reaction failed). Then the game's next due time is written.
   */
  async checkClock(gameId: string, sender: Sender): Promise<Reminder[]> {
    const { games } = this.deps;
    let record = await games.fresh(gameId);
    const now = this.deps.now();
    const reminders: Reminder[] = [];
    for (const seat of activeSeats(record)) {
      if (!record.clock || record.bots[seat] || record.absent[seat]) continue;
      const deadline = deadlineOf(record.clock, seat)!;
      if (deadline <= now) {
        const result = await games.commit(gameId, (r) =>
          activeSeats(r).includes(seat) && !r.absent[seat] ? planTimeout(r, seat, this.at()) : null,
        );
        if (result.committed) await this.settle(record, result.record, sender);
        record = games.cached(gameId) ?? result.record;
      } else if (reminderOf(record.clock, seat)! <= now) reminders.push({ record, seat, deadline });
    }
    let latest = games.cached(gameId) ?? record;
    const { redriveAfterMs } = this.deps.store;
    if (automaticSeat(latest) !== null && now.getTime() - Date.parse(latest.updatedAt) >= redriveAfterMs) {
      const played = await this.playAutomatic(latest);
      if (played) await this.settle(latest, played, sender);
      latest = games.cached(gameId) ?? played ?? latest;
    }
    await this.deps.schedule.setClockDue(gameId, clockDueOf(latest, now, redriveAfterMs), latest.version);
    return reminders;
  }
}
