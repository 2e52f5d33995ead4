/**
 * What follows a stored commit, done as core/after-commit.ts decides it on the commit's head.
 * Four ways in:
 * - the request that stored it (`followUp`, after its answer): the commit's broadcast, the
 *   players' index, the due item and the lobby's listing at once (not its watchers: the stream
 *   tells them, see `relist`). Never an automatic move: a
 *   request's function is sized for requests, and a bot's search there held up its instance
 *   and its player's next requests (docs/production.md, finding 3);
 * - the table's stream, read by the notifier (`react`, the guarantee: every commit at least
 *   once, in order per game): the index, the due item, a snapshot now and then; and once per
 *   batch of records (`relist`), the lobby's changes among them, coalesced: each game's newest
 *   listed and told to the lobby's watchers (host/lobby-feed.ts);
 * - the table's stream, read by the Bots function (`play`), whose mapping passes only commits
 *   whose head names an automatic seat: that seat's move, then the moves after it while
 *   automatic seats are to act, within the invocation's budget, each followed up as a request's;
 * - the sweep (`checkClock`): time-outs, reminders, the re-drive of an automatic seat that
 *   nothing moved, a finished game's ratings if they were lost, and the compaction of a game
 *   finished a day ago (handlers/sweep.ts).
 *
 * Instances share nothing but the store, so every rule here rests on it:
 * - An automatic move is stored only on top of the very version it reacts to (the store's
 *   conditional append on the version): whoever plays it, however often, it is stored once.
 * - It is computed once per version: whoever computes it holds the game's lease on that version
 *   first (GameStore.leaseMove, one conditional write, LEASE_MS). A reaction that finds another
 *   holder's lease fails its record with MoveLeased, and the stream delivers it again after its
 *   back-off: by then the holder stored the move (the record is stale, nothing to do) or died,
 *   and its lease lapsed and is taken over. The sweep's re-drive (REDRIVE_AFTER_MS) stays the
 *   last resort, for a game whose records were all given up on.
 * - The stream hands a game's records over one at a time, in order, so the reaction to a chain's
 *   own commits comes once the chain has ended, and finds a later version (nothing to do) or the
 *   chain's last commit, which it plays on from. A chain stops after MAX_CHAIN_MOVES or once the
 *   invocation has run CHAIN_BUDGET_MS; every record still gets its own move.
 * Index items, due items, listings and snapshots are keyed and conditioned by version: writing
 * one twice is harmless. Frames are not ordered across senders: a client drops a state older
 * than the one it holds and subscribes again on a gap (docs/protocol.md).
 */
import { randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import { afterCommit, lobbyChanges, type AfterCommit } from '../core/after-commit';
import { deadlineOf, reminderOf } from '../core/clock';
import { clockDueOf, COMPACT_AFTER_MS } from '../core/clock-due';
import { automaticSeat, planAutomatic, planBack, planTimeout } from '../core/plans';
import { activeSeats, moduleOf, type GameRecord } from '../core/record';
import type { CommitHead } from '../core/triggers';
import type { Sender } from '../adapters/sender';
import type { GameStore, HostRecords, HostSchedule } from '../stores';
import type { GameCompactor } from '../stores/games';
import type { Broadcast } from './broadcast';
import type { Games } from './games';
import type { LobbyFeed } from './lobby-feed';
import { failure, type Observer } from '../observe/observer';

/** Automatic moves one reaction plays at most in a row; the reaction to the chain's last commit plays on. */
export const MAX_CHAIN_MOVES = 20;

/** A chain plays no further move once its invocation has run this long (real time; the Bots function times out after 60 s). */
export const CHAIN_BUDGET_MS = 3_000;

/**
 * A chain's first moves go at once (the ones a person waits for: the bots after their move);
 * after them, each waits CHAIN_MOVE_MS, so a game that plays itself (every seat a bot after a
 * time-out) writes a few moves a second into its partition, not the hundreds a whole vCPU can
 * compute: at 1,000 games such a chain took 999 of its key's 1,000 write units in one second.
 */
export const UNPACED_MOVES = 3;
export const CHAIN_MOVE_MS = 100;

/**
 * How long the holder of a game's lease may take to compute and store one automatic move (a
 * Strong search takes up to ≈ 0.3 s of a whole vCPU) before another reaction takes it over.
 */
export const LEASE_MS = 10_000;

/** Another reaction holds the lease on this move: the stream delivers the record again later. */
export class MoveLeased extends Error {
  constructor(gameId: string, version: number) {
    super(`the automatic move after version ${version} of ${gameId} is being computed elsewhere`);
    this.name = 'MoveLeased';
  }
}

export interface ReactionsDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  games: Games;
  broadcast: Broadcast;
  store: GameStore;
  records: HostRecords;
  schedule: HostSchedule;
  now: () => Date;
  /** The public lobby: its listings, and its watchers told from the stream (absent: no lobby). */
  lobby?: LobbyFeed;
  /**
   * How a chain waits between its moves past UNPACED_MOVES (real time when absent; the simulator's
   * clock, a test's). `chainMoveMs` 0: no wait (the local runtime: one writer, no partition limit).
   */
  sleep?: (ms: number) => Promise<void>;
  /** Default CHAIN_MOVE_MS. */
  chainMoveMs?: number;
  /** Default MAX_CHAIN_MOVES. */
  maxChainMoves?: number;
  /** The sweep's: compacts the finished games it finds due (see `compacting`). */
  compactor?: GameCompactor;
  /**
   * The sweep's look at a finished game's ratings (host/rating-fallback.ts): when to look again,
   * or null once it is rated (or rates nobody).
   */
  finished?: (record: GameRecord) => Promise<Date | null>;
}

/** A stored commit: the record after it and before it, and the head its item carries. */
export interface Step {
  record: GameRecord;
  before: GameRecord | null;
  head: CommitHead;
}

/** A seat whose clock passed its reminder time (the sweep notifies it). */
export interface Reminder {
  record: GameRecord;
  seat: number;
  deadline: Date;
}

export class Reactions {
  constructor(private readonly deps: ReactionsDeps) {}

  /** These reactions, compacting the finished games `checkClock` finds due: the sweep's (only its bundle carries a compactor). */
  compacting(compactor: GameCompactor): Reactions {
    return new Reactions({ ...this.deps, compactor });
  }

  /** These reactions, whose sweep also looks at finished games' ratings (see ReactionsDeps.finished). */
  lookingAtFinished(finished: (record: GameRecord) => Promise<Date | null>): Reactions {
    return new Reactions({ ...this.deps, finished });
  }

  private at(): string {
    return this.deps.now().toISOString();
  }

  /**
   * The Bots function's reaction to a commit whose head names an automatic seat: the seat's
   * move, under the game's lease, then the moves after it while automatic seats are to act —
   * at most MAX_CHAIN_MOVES, and none begun once the invocation has run to `until` (real ms, the
   * invocation's budget: every record of its batch still gets its own move) — each followed up
   * as a request's commit. Nothing when a later version is stored already. Throws MoveLeased
   * while another holds the lease, and whatever the move failed with: the stream delivers the
   * record again.
   */
  async play(head: CommitHead, sender: Sender, until = performance.now() + CHAIN_BUDGET_MS): Promise<void> {
    const seat = afterCommit(head).automatic?.seat;
    if (seat === undefined) return;
    const record = await this.deps.games.fresh(head.gameId, false, head.version);
    if (record.version !== head.version) return; // played already: the later commit's own reactions follow
    const first = await this.playAutomatic(record, seat);
    if (first === 'leased') throw new MoveLeased(head.gameId, head.version);
    const max = this.deps.maxChainMoves ?? MAX_CHAIN_MOVES;
    let step: Step | null = first;
    for (let played = 1; step; played++) {
      await this.followUp(step, sender);
      const next = afterCommit(step.head).automatic;
      if (!next || played >= max || performance.now() >= until) return;
      if (played >= UNPACED_MOVES) await this.pace();
      const from: Step = step;
      try {
        const moved = await this.playAutomatic(from.record, next.seat);
        step = moved === 'leased' ? null : moved; // leased: whoever holds it goes on
      } catch (error) {
        // The chain's last commit is delivered in turn, and its reaction plays this move again.
        this.deps.observer.log.warn(
          'an automatic move failed',
          failure(error, { gameId: from.record.gameId, version: from.record.version }),
        );
        return;
      }
    }
  }

  /** The wait between two paced moves of a chain. */
  private pace(): Promise<void> {
    const ms = this.deps.chainMoveMs ?? CHAIN_MOVE_MS;
    if (ms <= 0) return Promise.resolve();
    return (this.deps.sleep ?? ((t: number) => new Promise<void>((resolve) => setTimeout(resolve, t))))(ms);
  }

  /**
   * The move of an automatic seat on top of exactly this version, computed only under the game's
   * lease on it: the stored step; 'leased' when another holds the lease; null when another
   * writer stored the next version first.
   */
  private async playAutomatic(record: GameRecord, seat: number): Promise<Step | 'leased' | null> {
    const now = this.deps.now();
    if (!(await this.deps.store.leaseMove(record.gameId, record.version, new Date(now.getTime() + LEASE_MS), now))) return 'leased';
    const bot = findBot(record.game, record.absent[seat] ? 'safe' : (record.bots[seat] ?? '')) ?? randomBot;
    const legal = moduleOf(record).legal(record.state, seat);
    const command = bot.choose(record.state, seat, legal, new Rng(record.version * 2654435761));
    const result = await this.deps.games.commit(record.gameId, (r) =>
      r.version === record.version ? planAutomatic(r, seat, command, this.at()) : null,
    );
    return result.committed ? result : null;
  }

  /**
   * The follow-up of a commit by whoever stored it (a request after its answer, the Bots
   * function, the sweep): its broadcast and — so a player's list shows a new game at once, the
   * lobby lists it at once, and the sweep can re-drive a game even if the stream lost its
   * records — the index, the listing and the due item as the stream writes them. The lobby's
   * watchers are the stream's to tell (`relist`), never a request's. Never throws: the stream's
   * reactions are the guarantee.
   */
  async followUp({ record, before, head }: Step, sender: Sender): Promise<void> {
    const decision = afterCommit(head);
    const { broadcast, records, schedule, lobby } = this.deps;
    const chores = [
      broadcast.commit(before, record, sender),
      decision.index ? records.indexGame(head) : undefined,
      // A due time the game's current one bounds from below is left to the sweep (SetDueOptions.bound).
      decision.clock.changed
        ? schedule.setClockDue(head.gameId, dueDate(decision.clock.due), head.version, { bound: this.deps.now() })
        : undefined,
      decision.lobby ? lobby?.list(record) : undefined,
    ];
    for (const result of await Promise.allSettled(chores)) {
      if (result.status === 'rejected')
        this.deps.observer.log.warn(
          'work after a commit failed (the stream does it again)',
          failure(result.reason, { gameId: record.gameId, version: record.version }),
        );
    }
  }

  /**
   * The notifier's reaction to one stored commit (at least once per commit, in order per game):
   * the players' index, the due item, a snapshot — each as the commit's head decides,
   * independent of each other. A failure throws once all are done, and the stream delivers the
   * commit again. (Its lobby change is told with its batch's: `relist`; its automatic move is
   * the Bots function's: `play`.)
   */
  async react(head: CommitHead): Promise<void> {
    const decision = afterCommit(head);
    const { games, records, store } = this.deps;
    const outcomes = await Promise.allSettled([
      decision.index ? records.indexGame(head) : undefined,
      // The latest record: any later version is as good for a snapshot.
      decision.snapshot ? games.fresh(head.gameId, false, head.version).then((record) => store.saveSnapshot(record)) : undefined,
      this.clock(head, decision),
    ]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * The notifier's reaction to the lobby's changes among a batch of stored commits, once each
   * has had its own (`react`): of each changed game only the newest (core/after-commit.ts
   * lobbyChanges), read as its latest record (a later version's listing is as good: its own
   * reaction comes after), listed if nobody did yet and told to the lobby's watchers, read once
   * for the batch (host/lobby-feed.ts). Throws when a listing or the watchers could not be read
   * or written: the stream delivers the commits again.
   */
  async relist(heads: readonly CommitHead[], sender: Sender): Promise<void> {
    const { games, lobby } = this.deps;
    const changes = lobbyChanges(heads);
    if (!lobby || !changes.length) return;
    const records = await Promise.all(changes.map((head) => games.fresh(head.gameId, false, head.version)));
    await lobby.tell(records, sender);
  }

  /**
   * The due item for the sweep, written only when the commit changed the due time. The request
   * that stored the commit wrote it too, as a rule: this is the guarantee, not a second write.
   */
  private async clock(head: CommitHead, decision: AfterCommit): Promise<void> {
    const { due, changed } = decision.clock;
    if (changed) await this.deps.schedule.setClockDue(head.gameId, dueDate(due), head.version, { unlessSet: true, bound: this.deps.now() });
  }

  /**
   * The sweep for one game: seats past their deadline time out (a bot then plays safe moves for
   * them, from the stream); seats past their reminder time are returned for notification; an
   * automatic seat that is to act with nothing stored for REDRIVE_AFTER_MS gets its next move,
   * under the game's lease (the last resort when every reaction to its commit was given up on),
   * and the stream plays on from it. Then the game's next due time is written, by the function a
   * commit's head takes it from, as of now. A finished game is due to be rated if its ratings
   * reactor never did (host/rating-fallback.ts), then to be compacted.
   */
  async checkClock(gameId: string, sender: Sender): Promise<Reminder[]> {
    const { games } = this.deps;
    let record = await games.fresh(gameId);
    const now = this.deps.now();
    if (record.status === 'finished') {
      await this.finishedGame(record, now);
      return [];
    }
    // Players whose vacation is over are back: their clocks run again.
    const returning = (record.away ?? []).flatMap((until, seat) => (until && Date.parse(until) <= now.getTime() ? [seat] : []));
    if (returning.length) {
      const result = await games.commit(gameId, (r) => planBack(r, returning, this.at()));
      if (result.committed) await this.followUp(result, sender);
      record = games.cached(gameId) ?? result.record;
    }
    const reminders: Reminder[] = [];
    for (const seat of activeSeats(record)) {
      if (!record.clock || record.bots[seat] || record.absent[seat]) continue;
      // A paused clock has no deadline; a player away is not reminded even where the clock runs.
      const deadline = deadlineOf(record.clock, seat);
      if (!deadline) continue;
      if (deadline <= now) {
        const result = await games.commit(gameId, (r) =>
          activeSeats(r).includes(seat) && !r.absent[seat] ? planTimeout(r, seat, this.at()) : null,
        );
        if (result.committed) await this.followUp(result, sender);
        record = games.cached(gameId) ?? result.record;
      } else if (reminderOf(record.clock, seat)! <= now && !record.away?.[seat]) reminders.push({ record, seat, deadline });
    }
    let latest = games.cached(gameId) ?? record;
    const { redriveAfterMs } = this.deps.store;
    const seat = automaticSeat(latest);
    if (seat !== null && now.getTime() - Date.parse(latest.updatedAt) >= redriveAfterMs) {
      const played = await this.playAutomatic(latest, seat);
      if (played && played !== 'leased') {
        await this.followUp(played, sender);
        latest = played.record;
      }
      latest = games.cached(gameId) ?? latest;
    }
    await this.deps.schedule.setClockDue(gameId, clockDueOf(latest, now, redriveAfterMs), latest.version);
    return reminders;
  }

  /**
   * A finished game the sweep found due: first its ratings, looked at again until it is rated
   * (when its reactor lost them); then its compaction (GameCompactor), COMPACT_AFTER_MS after its
   * end, after which it is never due again. Until then (a due item left early) it stays due.
   */
  private async finishedGame(record: GameRecord, now: Date): Promise<void> {
    const again = this.deps.finished ? await this.deps.finished(record) : null;
    if (again) return this.deps.schedule.setClockDue(record.gameId, again, record.version);
    const due = new Date(Date.parse(record.updatedAt) + COMPACT_AFTER_MS);
    if (due > now) return this.deps.schedule.setClockDue(record.gameId, due, record.version);
    if (!this.deps.compactor) throw new Error(`no compactor for ${record.gameId}`);
    await this.deps.compactor.compact(record);
    await this.deps.schedule.setClockDue(record.gameId, null, record.version);
  }
}

const dueDate = (due: string | null): Date | null => (due === null ? null : new Date(due));
