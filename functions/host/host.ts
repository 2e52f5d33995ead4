/**
 * The authority for hosted games (boardgame.io's "master"): turns protocol actions into
 * commits, stores them with one conditional write each, then broadcasts every subscriber's own
 * view and lets bots (and the safe bot of a timed-out seat) move through the same path.
 * Game records are cached per process; a cached record may be stale (another Lambda instance
 * wrote), which the store's condition detects: the record is then refreshed from the commits
 * after it and the change decided again.
 */
import { LRUCache } from 'lru-cache';
import { randomBot } from '../../domain/engine/bots';
import { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import type { FrameOf, ServerFrame, StateFrame } from '../core/protocol/frames';
import { GAMES_PAGE_DEFAULT, ProtocolError } from '../core/protocol/frames';
import type { Sender } from '../adapters/sender';
import { logTail, stateFrame } from '../core/state-frame';
import { SNAPSHOT_EVERY, type EventStore } from '../adapters/store/event-store';
import type { Connection, Records } from '../adapters/store/records';
import type { Schedule } from '../adapters/store/schedule';
import type { CommitHead } from '../core/triggers';
import { deadlineOf, reminderOf } from '../core/clock';
import { automaticSeat, planAutomatic, planCommand, planCreate, planJoin, planResume, planTimeout, planUndo, planVote } from '../core/plans';
import { activeSeats, applyCommit, moduleOf, seatOf, storedVersion, type Commit, type GameRecord } from '../core/record';

/** Seats whose player has a live connection subscribed to the game. */
function onlineSeats(record: GameRecord, subscribers: readonly { playerId: string }[]): number[] {
  const players = new Set(subscribers.map((s) => s.playerId));
  return record.seats.flatMap((s, seat) => (s && players.has(s.playerId) ? [seat] : []));
}

const sameSeats = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((seat, i) => seat === b[i]);

/** Game records kept in memory per process: ≈ 100 MB at most for finished 4-player games, in a 512 MB Lambda. */
export const CACHED_GAMES = 2000;

/** Games whose subscribers' state frames are kept for reuse (see Host.subscribeFrame). */
const BUILT_FRAMES_GAMES = 64;

/** A lost race is decided again this many times before the sender gets CONFLICT. */
export const MAX_ATTEMPTS = 4;
/** Automatic moves one request plays at once after its commit; the stream's reactions play the rest. */
const MAX_FAST_MOVES = 20;

export interface HostDeps {
  store: EventStore;
  records: Records;
  schedule: Schedule;
  now: () => Date;
  newGameId: () => string;
  newSeed: () => number;
  /**
   * This process is the game's only writer (the local runtime): its cached record is the
   * latest, so `fresh` needs no read. Lambda instances share the table, so they refresh.
   */
  soleWriter?: boolean;
  /**
   * Presence changes within this many milliseconds go out as one frame per watcher. The local
   * runtime waits 50 ms (free); Lambda does not wait (it would bill the wait).
   */
  presenceWindowMs?: number;
  /** How many game records to keep in memory (default CACHED_GAMES). */
  cachedGames?: number;
}

/** What a handler sends back, and the work that follows the reply (broadcast, bots, index…). */
export interface Outcome {
  reply: ServerFrame;
  after?: () => Promise<void>;
}

/** A seat whose clock passed its reminder time (the sweep notifies it). */
export interface Reminder {
  record: GameRecord;
  seat: number;
  deadline: Date;
}

export class Host {
  /**
   * The latest records of the games this process touched most recently (a finished Vasco da
   * Gama record is ≈ 46 KB): bounded, so a warm container does not grow without end. An evicted
   * game is read from the store again (`fresh`), also by the sole writer.
   */
  private readonly cache: LRUCache<string, GameRecord>;
  /**
   * The broadcast and the clock write of one game's commits run one after another, so each
   * connection sees versions in order and the clock item ends at the latest version's due time.
   */
  private readonly ordered = new Map<string, Promise<void>>();
  /** Bot moves being played after a commit, per game (see settle). */
  private readonly settling = new Map<string, Promise<void>>();
  /** State frames built for subscribers, per game, for its latest version only (see subscribeFrame). */
  private readonly builtFrames = new Map<string, { version: number; frames: Map<string, StateFrame> }>();
  /** Presence announcements on their way, per game (see announcePresence). */
  private readonly presenceRuns = new Map<string, { again: boolean; done: Promise<void>; told: Map<string, number[]> }>();
  /** The online seats last announced per game, while it has watchers (sole writer only). */
  private readonly presenceSent = new Map<string, number[]>();

  constructor(private readonly deps: HostDeps) {
    this.cache = new LRUCache({ max: deps.cachedGames ?? CACHED_GAMES });
  }

  private at(): string {
    return this.deps.now().toISOString();
  }

  async createGame(conn: Connection, frame: FrameOf<'createGame'>, sender: Sender): Promise<Outcome> {
    const commit = planCreate({
      gameId: this.deps.newGameId(),
      game: frame.game,
      players: frame.players,
      options: frame.options,
      player: { playerId: conn.playerId, name: conn.name },
      bots: frame.bots,
      bot: frame.bot,
      clock: frame.clock,
      seed: this.deps.newSeed(),
      at: this.at(),
    });
    const record = applyCommit(null, commit);
    await this.deps.records.countNewGame(conn.playerId, record.gameId, record.status === 'open', this.deps.now());
    if (!(await this.deps.store.append(commit, record, null))) throw new ProtocolError('INTERNAL', 'Creating the game failed; try again.');
    this.cache.set(record.gameId, record);
    return { reply: { type: 'gameCreated', requestId: frame.requestId, gameId: record.gameId }, after: this.reserveSettle(null, record, sender) };
  }

  async joinGame(conn: Connection, frame: FrameOf<'joinGame'>, sender: Sender): Promise<Outcome> {
    const player = { playerId: conn.playerId, name: conn.name };
    const result = await this.commitWithRetry(frame.gameId, (record) => planJoin(record, player, frame.seat, this.deps.newSeed(), this.at()));
    const seat = seatOf(result.record, conn.playerId)!;
    return { reply: { type: 'joined', requestId: frame.requestId, gameId: frame.gameId, seat }, after: this.followUp(result, sender) };
  }

  async command(conn: Connection, frame: FrameOf<'command'>, sender: Sender): Promise<Outcome> {
    let duplicateOf: number | null = null;
    const result = await this.commitWithRetry(frame.gameId, (record) => {
      if (frame.expectedVersion !== undefined && record.version !== frame.expectedVersion && storedVersion(record, frame.commandId) === undefined) {
        throw new ProtocolError('CONFLICT', `The game is at version ${record.version}, not ${frame.expectedVersion}; nothing was stored.`);
      }
      const plan = planCommand(record, conn.playerId, frame.commandId, frame.command, this.at());
      if ('duplicateOf' in plan) {
        duplicateOf = plan.duplicateOf;
        return null;
      }
      return plan.commit;
    });
    const version = duplicateOf ?? result.record.version;
    return { reply: { type: 'ack', requestId: frame.requestId, commandId: frame.commandId, version }, after: this.followUp(result, sender) };
  }

  /** resume / undo / voteEnd: a change without a commandId, answered with the new version. */
  async gameAction(conn: Connection, frame: FrameOf<'resume' | 'undo' | 'voteEnd'>, sender: Sender): Promise<Outcome> {
    const plan = { resume: planResume, undo: planUndo, voteEnd: planVote }[frame.action];
    const result = await this.commitWithRetry(frame.gameId, (record) => plan(record, conn.playerId, this.at()));
    return { reply: { type: 'done', requestId: frame.requestId, gameId: frame.gameId, version: result.record.version }, after: this.followUp(result, sender) };
  }

  async subscribe(conn: Connection, frame: FrameOf<'subscribe'>, sender: Sender): Promise<Outcome> {
    const record = await this.fresh(frame.gameId);
    const before = await this.deps.records.subscribers(frame.gameId);
    await this.deps.records.subscribe(frame.gameId, conn, frame.logDelta);
    const me = { connectionId: conn.connectionId, playerId: conn.playerId, logDelta: frame.logDelta === true };
    const online = onlineSeats(record, [...before.filter((s) => s.connectionId !== conn.connectionId), me]);
    return {
      reply: { ...logTail(this.subscribeFrame(record, seatOf(record, conn.playerId), online), frame.logLines ?? Infinity), ...(frame.requestId ? { requestId: frame.requestId } : {}) } as ServerFrame,
      // The subscriber learns who is online from its state frame; the others from a presence
      // frame, only if this subscription brought a seat online (a spectator or a second tab does not).
      after: sameSeats(onlineSeats(record, before), online) ? undefined : () => this.announcePresence(record.gameId, sender, { connectionId: conn.connectionId, online }),
    };
  }

  /**
   * A seat's whole state frame, built once per game version, seat and online seats: many
   * connections subscribing to one game (spectators above all) share it instead of each
   * rendering the view, the legal commands and the log again.
   */
  private subscribeFrame(record: GameRecord, seat: number | null, online: number[]): StateFrame {
    let built = this.builtFrames.get(record.gameId);
    if (built?.version !== record.version) {
      this.builtFrames.delete(record.gameId);
      // The games subscribed to most recently only: a Map keeps insertion order, so the first is the oldest.
      if (this.builtFrames.size >= BUILT_FRAMES_GAMES) this.builtFrames.delete(this.builtFrames.keys().next().value!);
      this.builtFrames.set(record.gameId, (built = { version: record.version, frames: new Map() }));
    }
    const key = `${seat}|${online.join(',')}`;
    let frame = built.frames.get(key);
    if (!frame) built.frames.set(key, (frame = stateFrame(record, seat, online)));
    return frame;
  }

  /** After a player's connection stopped watching a game: tell the watchers, if that seat is offline now. */
  async presenceChanged(gameId: string, playerId: string, sender: Sender): Promise<void> {
    const subscribers = await this.deps.records.subscribers(gameId);
    // Nobody to tell, or the player still watches from another connection.
    if (subscribers.length === 0 || subscribers.some((s) => s.playerId === playerId)) return;
    const record = this.cache.get(gameId) ?? (await this.deps.store.load(gameId));
    if (record && seatOf(record, playerId) !== null) await this.announcePresence(gameId, sender);
  }

  /**
   * Send the game's watchers the online seats, coalesced per game: while one announcement is on
   * its way, later requests make one more run (with the newest set) instead of one each, and a
   * set equal to the last one sent is not sent again. Resolves once a run that started after
   * the call has finished. `told`: a connection whose state frame carried these online seats
   * (a new subscriber), which needs no presence frame saying the same.
   */
  private announcePresence(gameId: string, sender: Sender, told?: { connectionId: string; online: number[] }): Promise<void> {
    const running = this.presenceRuns.get(gameId);
    if (running) {
      if (told) running.told.set(told.connectionId, told.online);
      running.again = true;
      return running.done;
    }
    const run = { again: true, done: Promise.resolve(), told: new Map(told ? [[told.connectionId, told.online]] : []) };
    run.done = (async () => {
      try {
        if (this.deps.presenceWindowMs) await new Promise((r) => setTimeout(r, this.deps.presenceWindowMs));
        while (run.again) {
          run.again = false;
          await this.sendPresence(gameId, sender, run.told);
        }
      } finally {
        this.presenceRuns.delete(gameId);
      }
    })();
    this.presenceRuns.set(gameId, run);
    return run.done;
  }

  private async sendPresence(gameId: string, sender: Sender, told: ReadonlyMap<string, number[]>): Promise<void> {
    const subscribers = await this.deps.records.subscribers(gameId);
    if (subscribers.length === 0) {
      this.presenceSent.delete(gameId);
      return;
    }
    const record = this.cache.get(gameId) ?? (await this.deps.store.load(gameId));
    if (!record) return;
    const online = onlineSeats(record, subscribers);
    // Only a sole writer sees every change; on Lambda another instance may have announced since.
    if (this.deps.soleWriter) {
      const sent = this.presenceSent.get(gameId);
      if (sent && sameSeats(sent, online)) return;
      this.presenceSent.set(gameId, online);
    }
    const toTell = subscribers.filter((s) => !sameSeats(told.get(s.connectionId) ?? [-1], online));
    await Promise.all(toTell.map((s) => sender.send(s.connectionId, { type: 'presence', gameId, online })));
  }

  /** One page of the player's games (see Records.playerGames for the order); the cursor pages only their own index. */
  async myGames(conn: Connection, frame: FrameOf<'myGames'>): Promise<Outcome> {
    const page = await this.deps.records.playerGames(conn.playerId, { limit: frame.limit ?? GAMES_PAGE_DEFAULT, cursor: frame.cursor });
    return { reply: { type: 'games', requestId: frame.requestId, ...page } };
  }

  /**
   * The clock sweep for one game: seats past their deadline time out (a bot then plays safe
   * moves for them); seats past their reminder time are returned for notification.
   */
  async checkClock(gameId: string, sender: Sender): Promise<Reminder[]> {
    let record = await this.fresh(gameId);
    const now = this.deps.now();
    const reminders: Reminder[] = [];
    for (const seat of activeSeats(record)) {
      if (!record.clock || record.bots[seat] || record.absent[seat]) continue;
      const deadline = deadlineOf(record.clock, seat)!;
      if (deadline <= now) {
        const result = await this.commitWithRetry(gameId, (r) => (activeSeats(r).includes(seat) && !r.absent[seat] ? planTimeout(r, seat, this.at()) : null));
        if (result.committed) await this.settle(record, result.record, sender);
        record = this.cache.get(gameId) ?? result.record;
      } else if (reminderOf(record.clock, seat)! <= now) reminders.push({ record, seat, deadline });
    }
    const latest = this.cache.get(gameId) ?? record;
    await this.deps.schedule.setClockDue(gameId, this.clockDue(latest), latest.version);
    return reminders;
  }

  /**
   * The latest record of a game, or NOT_FOUND: the cached one when this process is the sole
   * writer, else the cache refreshed from the store. `reread` reads the store in any case (after
   * a lost race, the winner's commit may not be cached yet).
   */
  async fresh(gameId: string, reread = false): Promise<GameRecord> {
    const cached = this.cache.get(gameId);
    if (cached && this.deps.soleWriter && !reread) return cached;
    const record = await this.deps.store.load(gameId, cached);
    if (!record) throw new ProtocolError('NOT_FOUND', `There is no game ${gameId}.`);
    return this.remember(record);
  }

  /** Cache a record unless a newer one is cached already (answers can arrive out of order). */
  private remember(record: GameRecord): GameRecord {
    const cached = this.cache.get(record.gameId);
    if (cached && cached.version > record.version) return cached;
    this.cache.set(record.gameId, record);
    return record;
  }

  private followUp(result: { record: GameRecord; committed: boolean; before: GameRecord }, sender: Sender): (() => Promise<void>) | undefined {
    return result.committed ? this.reserveSettle(result.before, result.record, sender) : undefined;
  }

  /**
   * Plan a commit on the cached record and store it. A rejection or a lost race on a record
   * that may be stale is retried on the refreshed record; `plan` returning null means nothing
   * needs storing.
   */
  private async commitWithRetry(
    gameId: string,
    plan: (record: GameRecord) => Commit | null,
  ): Promise<{ record: GameRecord; committed: boolean; before: GameRecord }> {
    const cached = this.cache.get(gameId);
    let refreshed = cached === undefined;
    let record = cached ?? (await this.fresh(gameId));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let commit: Commit | null;
      try {
        commit = plan(record);
      } catch (error) {
        if (error instanceof ProtocolError && !refreshed) {
          record = await this.fresh(gameId, true);
          refreshed = true;
          continue;
        }
        throw error;
      }
      if (!commit) return { record, committed: false, before: record };
      const next = applyCommit(record, commit);
      if (await this.deps.store.append(commit, next, record)) {
        this.remember(next);
        return { record: next, committed: true, before: record };
      }
      record = await this.fresh(gameId, true);
      refreshed = true;
    }
    throw new ProtocolError('CONFLICT', 'Other moves kept getting in first; nothing was stored. Look at the new state and try again.');
  }

  /**
   * After a commit: its chores, then the moves bots (or absent seats' safe bot) must make, each
   * with its chores — at most MAX_FAST_MOVES in one invocation. This is the fast path; the
   * guarantee that a game never waits on a bot comes from `react`, driven by the table's stream.
   */
  private settle(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    return this.reserveSettle(before, record, sender)();
  }

  /**
   * Claim the game's settling now — when its commit is stored, before the answer goes out — and
   * return the function that runs it. One settling per game at a time in this process, and a
   * reaction to the same game waits for it (see react) instead of racing it.
   */
  private reserveSettle(before: GameRecord | null, record: GameRecord, sender: Sender): () => Promise<void> {
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

  private async settleNow(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    for (let moves = 0; ; moves++) {
      await this.afterCommit(before, record, sender);
      if (moves >= MAX_FAST_MOVES) return;
      let next: GameRecord | null;
      try {
        next = await this.playAutomatic(record);
      } catch (error) {
        console.error(`automatic move in ${record.gameId}@${record.version} failed:`, error);
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
    const result = await this.commitWithRetry(record.gameId, (r) => (r.version === record.version ? planAutomatic(r, seat, command, this.at()) : null));
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
    const record = await this.fresh(head.gameId);
    if (record.version !== head.version) return; // a later commit exists: its own reaction follows
    const next = await this.playAutomatic(record);
    if (next) await this.settle(record, next, sender);
  }

  /** Each subscriber's state, the players' index when seats or the status changed, the clock, a snapshot now and then. Never throws. */
  private async afterCommit(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    const previous = this.ordered.get(record.gameId) ?? Promise.resolve();
    const inOrder = async () => {
      await Promise.all([
        this.broadcast(before, record, sender),
        record.clock ? this.deps.schedule.setClockDue(record.gameId, this.clockDue(record), record.version) : undefined,
      ]);
    };
    // Run after the previous commit's, whether that one succeeded or not.
    const ordered = previous.then(inOrder, inOrder);
    this.ordered.set(record.gameId, ordered);
    const seatsChanged = !before || before.seats.some((s, i) => s?.playerId !== record.seats[i]?.playerId);
    // The index holds each game's status (myGames pages games in play first): a few writes per game, none per move.
    const reindex = seatsChanged || before.status !== record.status;
    const chores = [
      ordered,
      reindex ? this.deps.records.indexGame(record) : Promise.resolve(),
      record.version % SNAPSHOT_EVERY === 0 ? this.deps.store.saveSnapshot(record) : Promise.resolve(),
    ];
    for (const result of await Promise.allSettled(chores)) {
      if (result.status === 'rejected') console.error(`after commit ${record.gameId}@${record.version}:`, result.reason);
    }
    if (this.ordered.get(record.gameId) === ordered) this.ordered.delete(record.gameId);
  }

  /** When the sweep must next look at this game: the earliest coming reminder or deadline of a person to act. */
  private clockDue(record: GameRecord): Date | null {
    if (!record.clock || record.status !== 'active') return null;
    const now = this.deps.now();
    const times = activeSeats(record).flatMap((seat) => {
      if (record.bots[seat] || record.absent[seat]) return [];
      const reminder = reminderOf(record.clock!, seat)!;
      return [reminder > now ? reminder : deadlineOf(record.clock!, seat)!];
    });
    return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
  }

  /** Each subscriber's own state frame; `logDelta` subscribers get the log lines changed since `before` (the version before). */
  private async broadcast(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    const subscribers = await this.deps.records.subscribers(record.gameId);
    const online = onlineSeats(record, subscribers);
    const since = before?.version === record.version - 1 ? before : null;
    const frames = new Map<string, ServerFrame>();
    await Promise.all(
      subscribers.map(async ({ connectionId, playerId, logDelta }) => {
        const seat = seatOf(record, playerId);
        const key = `${seat}|${logDelta}`;
        let frame = frames.get(key);
        if (!frame) frames.set(key, (frame = stateFrame(record, seat, online, logDelta ? since : null)));
        if ((await sender.send(connectionId, frame)) === 'gone') {
          // The socket closed without $disconnect (or it has not run yet): forget it here too.
          await this.deps.records.deleteSubscription(record.gameId, connectionId);
          await this.deps.records.deleteConnection(connectionId);
        }
      }),
    );
  }

  /** Drop a game from the cache (tests, memory pressure). */
  forget(gameId: string): void {
    this.cache.delete(gameId);
    this.builtFrames.delete(gameId);
  }
}
