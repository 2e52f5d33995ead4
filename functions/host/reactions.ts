/**
 * What follows a stored commit, done as core/after-commit.ts decides it on the commit's head.
 * Three ways in:
 * - the request that stored it (its fast path, `fastPath`): the commit's broadcast, the players'
 *   index, the due item and the lobby's listing at once, then, while bots or absent seats are to
 *   act, their moves, each followed the same way;
 * - the table's stream (`react`, the guarantee: every commit at least once, in order per game):
 *   the index, the due item, the lobby, a snapshot now and then, and the automatic move nobody
 *   claimed (handlers/stream.ts);
 * - the sweep (`checkClock`): time-outs, reminders, the re-drive of an automatic seat that
 *   nothing moved, a finished game's ratings if they were lost, and the compaction of a game
 *   finished a day ago (handlers/sweep.ts).
 *
 * Instances share nothing but the store, so every rule here rests on it:
 * - An automatic move is stored only on top of the very version it reacts to (the store's
 *   conditional append on the version): whoever plays it, however often, it is stored once.
 * - It is computed once per version as a rule because its player is named in the commit itself:
 *   a storer that goes on to play (a request's fast path, the sweep) claims the move in the
 *   commit it stores (`claimedUntil`, written by the same conditional put), and the stream's
 *   reaction plays only a move nobody claimed, or whose claim lapsed. The stream's own chain
 *   claims nothing: the stream hands a game's records over one at a time, in order, so its
 *   reaction to the chain's next commit comes only once the chain has ended, and finds either a
 *   later version (nothing to do) or the chain's last commit, which it plays on from; when the
 *   invocation dies, its retry does the same at once.
 * - The price: a storer that dies between its claim and its move leaves that move to the sweep's
 *   re-drive (REDRIVE_AFTER_MS); the stream cannot wait for it without holding up every other game
 *   on its shard. So a chain claims no more moves after MAX_FAST_MOVES or FAST_BUDGET_MS, well
 *   within a request's time limit, and the stream goes on from there.
 * Index items, due items, listings and snapshots are keyed and conditioned by version: writing
 * one twice is harmless. Frames are not ordered across senders: a client drops a state older
 * than the one it holds and subscribes again on a gap (docs/protocol.md).
 */
import { randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import { afterCommit, type AfterCommit } from '../core/after-commit';
import { deadlineOf, reminderOf } from '../core/clock';
import { clockDueOf, COMPACT_AFTER_MS } from '../core/clock-due';
import { automaticSeat, planAutomatic, planTimeout } from '../core/plans';
import { activeSeats, moduleOf, type GameRecord } from '../core/record';
import type { CommitHead } from '../core/triggers';
import type { Sender } from '../adapters/sender';
import type { GameStore, HostRecords, HostSchedule } from '../stores';
import type { GameCompactor } from '../stores/games';
import type { Broadcast } from './broadcast';
import type { Games } from './games';
import type { LobbyFeed } from './lobby-feed';
import { failure, type Observer } from '../observe/observer';

/** Automatic moves one chain plays at most (a request's, the sweep's, the stream's); the stream's reactions play the rest. */
export const MAX_FAST_MOVES = 20;

/** A chain claims no further move once it has run this long (real time: a request's function times out after 10 s). */
export const FAST_BUDGET_MS = 3_000;

export interface ReactionsDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  games: Games;
  broadcast: Broadcast;
  store: GameStore;
  records: HostRecords;
  schedule: HostSchedule;
  now: () => Date;
  /** The public lobby's listings, kept here too so a listed game shows at once (absent: no lobby). */
  lobby?: LobbyFeed;
  /** Default MAX_FAST_MOVES. */
  maxFastMoves?: number;
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

/** Whose chain of automatic moves: one that claims the moves it goes on to play, or the stream's (see the header). */
type Chain = 'claims' | 'stream';

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
   * A request's work after its answer, for the commit it stored with a claim (Games.commit's
   * `claim`): the commit's follow-up, then the automatic moves it claimed, each followed up.
   * Never throws: the stream's reactions are the guarantee.
   */
  fastPath(step: Step, sender: Sender): Promise<void> {
    return this.chain(step, sender, 'claims');
  }

  /**
   * A commit's follow-up as decided on its head, then the chain's next automatic moves: a
   * claiming chain plays the moves it claimed (the claim says it goes on; a lapsed one is the
   * stream's), the stream's chain up to its bounds.
   */
  private async chain(first: Step, sender: Sender, chain: Chain): Promise<void> {
    const started = performance.now();
    const max = this.deps.maxFastMoves ?? MAX_FAST_MOVES;
    const goesOn = (played: number) => played < max && performance.now() - started < FAST_BUDGET_MS;
    let step = first;
    for (let played = 0; ; played++) {
      const decision = afterCommit(step.head, this.deps.now());
      await this.followUp(step, decision, sender);
      const automatic = decision.automatic;
      if (!automatic || (chain === 'claims' ? automatic.by !== 'storer' : !goesOn(played))) return;
      let next: Step | null;
      try {
        next = await this.playAutomatic(step.record, automatic.seat, chain === 'claims' && goesOn(played + 1));
      } catch (error) {
        // Unclaimed, the stream's reaction plays it again; claimed, the sweep's re-drive does.
        this.deps.observer.log.warn(
          'an automatic move failed',
          failure(error, { gameId: step.record.gameId, version: step.record.version }),
        );
        return;
      }
      if (!next) return; // another writer stored the next version first: its own follow-up goes on
      step = next;
    }
  }

  /**
   * The move of an automatic seat on top of exactly this version: the stored step, or null when
   * another writer stored the next version first. `claim`: the caller goes on to play the move
   * after it, if any.
   */
  private async playAutomatic(record: GameRecord, seat: number, claim: boolean): Promise<Step | null> {
    const bot = findBot(record.game, record.absent[seat] ? 'safe' : (record.bots[seat] ?? '')) ?? randomBot;
    const legal = moduleOf(record).legal(record.state, seat);
    const command = bot.choose(record.state, seat, legal, new Rng(record.version * 2654435761));
    const result = await this.deps.games.commit(
      record.gameId,
      (r) => (r.version === record.version ? planAutomatic(r, seat, command, this.at()) : null),
      { claim },
    );
    return result.committed ? result : null;
  }

  /**
   * The request path's follow-up of a commit: its broadcast and — so a player's list shows a new
   * game at once, the lobby lists it at once, and the sweep can re-drive a game even if the stream
   * lost its records — the index, the listing and the due item as the stream writes them. Never
   * throws: the stream's reactions are the guarantee.
   */
  private async followUp({ record, before, head }: Step, decision: AfterCommit, sender: Sender): Promise<void> {
    const { broadcast, records, schedule, lobby } = this.deps;
    const chores = [
      broadcast.commit(before, record, sender),
      decision.index ? records.indexGame(head) : undefined,
      decision.clock.changed ? schedule.setClockDue(head.gameId, dueDate(decision.clock.due), head.version) : undefined,
      decision.lobby ? lobby?.publish(record, sender) : undefined,
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
   * The stream's reaction to one stored commit (at least once per commit, in order per game):
   * the players' index, the due item, the lobby's listing, a snapshot, and the automatic move
   * nobody claimed — each as the commit's head decides, independent of each other. A failure
   * throws once all are done, and the stream delivers the commit again.
   */
  async react(head: CommitHead, sender: Sender): Promise<void> {
    const decision = afterCommit(head, this.deps.now());
    const { games, records, store, lobby } = this.deps;
    // The latest record, read once if any reaction needs it (any later version is as good for a snapshot or a listing).
    let latest: Promise<GameRecord> | undefined;
    const fresh = () => (latest ??= games.fresh(head.gameId, false, head.version));
    const outcomes = await Promise.allSettled([
      decision.automatic?.by === 'stream' ? this.playUnclaimed(head, decision.automatic.seat, fresh, sender) : undefined,
      decision.index ? records.indexGame(head) : undefined,
      decision.snapshot ? fresh().then((record) => store.saveSnapshot(record)) : undefined,
      this.clock(head, decision),
      decision.lobby && lobby ? fresh().then((record) => lobby.publish(record, sender)) : undefined,
    ]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * The automatic move of a commit whose storer did not claim it (or whose claim lapsed), if the
   * commit is still the game's latest version; then the stream's chain goes on from it. Every
   * move is a new commit, reacted to in turn: no invocation runs an unbounded chain.
   */
  private async playUnclaimed(head: CommitHead, seat: number, fresh: () => Promise<GameRecord>, sender: Sender): Promise<void> {
    const record = await fresh();
    if (record.version !== head.version) return; // a later commit exists: its own reaction follows
    const played = await this.playAutomatic(record, seat, false);
    if (played) await this.chain(played, sender, 'stream');
  }

  /**
   * The due item for the sweep, written only when the commit changed the due time. The request
   * that stored the commit wrote it too, as a rule: this is the guarantee, not a second write.
   */
  private async clock(head: CommitHead, decision: AfterCommit): Promise<void> {
    const { due, changed } = decision.clock;
    if (changed) await this.deps.schedule.setClockDue(head.gameId, dueDate(due), head.version, { unlessSet: true });
  }

  /**
   * The sweep for one game: seats past their deadline time out (a bot then plays safe moves for
   * them); seats past their reminder time are returned for notification; an automatic seat that
   * is to act with nothing stored for REDRIVE_AFTER_MS gets its next move (the last resort when
   * every reaction failed or a claim's holder died). Then the game's next due time is written,
   * by the function a commit's head takes it from, as of now. A finished game is due to be rated
   * if its ratings reactor never did (host/rating-fallback.ts), then to be compacted.
   */
  async checkClock(gameId: string, sender: Sender): Promise<Reminder[]> {
    const { games } = this.deps;
    let record = await games.fresh(gameId);
    const now = this.deps.now();
    if (record.status === 'finished') {
      await this.finishedGame(record, now);
      return [];
    }
    const reminders: Reminder[] = [];
    for (const seat of activeSeats(record)) {
      if (!record.clock || record.bots[seat] || record.absent[seat]) continue;
      const deadline = deadlineOf(record.clock, seat)!;
      if (deadline <= now) {
        const result = await games.commit(
          gameId,
          (r) => (activeSeats(r).includes(seat) && !r.absent[seat] ? planTimeout(r, seat, this.at()) : null),
          { claim: true },
        );
        if (result.committed) await this.fastPath(result, sender);
        record = games.cached(gameId) ?? result.record;
      } else if (reminderOf(record.clock, seat)! <= now) reminders.push({ record, seat, deadline });
    }
    let latest = games.cached(gameId) ?? record;
    const { redriveAfterMs } = this.deps.store;
    const seat = automaticSeat(latest);
    if (seat !== null && now.getTime() - Date.parse(latest.updatedAt) >= redriveAfterMs) {
      const played = await this.playAutomatic(latest, seat, true);
      if (played) await this.fastPath(played, sender);
      latest = games.cached(gameId) ?? played?.record ?? latest;
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
