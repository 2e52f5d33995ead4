/**
 * The authority for hosted games (boardgame.io's "master"): turns protocol actions into
 * commits, stores them with one conditional write each, then broadcasts every subscriber's own
 * view. Game records are cached per process; a cached record may be stale (another Lambda
 * instance wrote), which the store's condition detects: the record is then refreshed from the
 * commits after it and the command decided again.
 */
import type { FrameOf, ServerFrame } from '../protocol/frames';
import { ProtocolError } from '../protocol/frames';
import type { Sender } from '../realtime/sender';
import { stateFrame } from '../realtime/state-frame';
import { SNAPSHOT_EVERY, type EventStore } from '../store/event-store';
import type { Connection, Records } from '../store/records';
import { applyCommit, planCommand, planCreate, planJoin, seatOf, type Commit, type GameRecord } from './record';

/** A lost race is decided again this many times before the sender gets CONFLICT. */
export const MAX_ATTEMPTS = 4;

export interface HostDeps {
  store: EventStore;
  records: Records;
  now: () => Date;
  newGameId: () => string;
  newSeed: () => number;
}

/** What a handler sends back, and the work that follows the reply (broadcast, index, snapshot). */
export interface Outcome {
  reply: ServerFrame;
  after?: () => Promise<void>;
}

export class Host {
  private readonly cache = new Map<string, GameRecord>();
  /** Broadcasts of one game run one after another, so each connection sees versions in order. */
  private readonly broadcasts = new Map<string, Promise<void>>();

  constructor(private readonly deps: HostDeps) {}

  async createGame(conn: Connection, frame: FrameOf<'createGame'>, sender: Sender): Promise<Outcome> {
    const commit = planCreate({
      gameId: this.deps.newGameId(),
      game: frame.game,
      players: frame.players,
      options: frame.options,
      player: { playerId: conn.playerId, name: conn.name },
      at: this.deps.now().toISOString(),
    });
    const record = applyCommit(null, commit);
    if (!(await this.deps.store.append(commit, record))) throw new ProtocolError('INTERNAL', 'Creating the game failed; try again.');
    this.cache.set(record.gameId, record);
    return { reply: { type: 'gameCreated', requestId: frame.requestId, gameId: record.gameId }, after: () => this.afterCommit(record, sender, true) };
  }

  async joinGame(conn: Connection, frame: FrameOf<'joinGame'>, sender: Sender): Promise<Outcome> {
    const player = { playerId: conn.playerId, name: conn.name };
    const result = await this.commitWithRetry(frame.gameId, (record) => planJoin(record, player, frame.seat, this.deps.newSeed(), this.deps.now().toISOString()));
    const seat = seatOf(result.record, conn.playerId)!;
    return {
      reply: { type: 'joined', requestId: frame.requestId, gameId: frame.gameId, seat },
      after: result.committed ? () => this.afterCommit(result.record, sender, true) : undefined,
    };
  }

  async command(conn: Connection, frame: FrameOf<'command'>, sender: Sender): Promise<Outcome> {
    let duplicateOf: number | null = null;
    const result = await this.commitWithRetry(frame.gameId, (record) => {
      if (frame.expectedVersion !== undefined && record.version !== frame.expectedVersion && record.commands[frame.commandId] === undefined) {
        throw new ProtocolError('CONFLICT', `The game is at version ${record.version}, not ${frame.expectedVersion}; nothing was stored.`);
      }
      const plan = planCommand(record, conn.playerId, frame.commandId, frame.command, this.deps.now().toISOString());
      if ('duplicateOf' in plan) {
        duplicateOf = plan.duplicateOf;
        return null;
      }
      return plan.commit;
    });
    const version = duplicateOf ?? result.record.version;
    return {
      reply: { type: 'ack', requestId: frame.requestId, commandId: frame.commandId, version },
      after: result.committed ? () => this.afterCommit(result.record, sender) : undefined,
    };
  }

  async subscribe(conn: Connection, frame: FrameOf<'subscribe'>): Promise<Outcome> {
    const record = await this.fresh(frame.gameId);
    await this.deps.records.subscribe(frame.gameId, conn);
    return { reply: { ...stateFrame(record, seatOf(record, conn.playerId)), ...(frame.requestId ? { requestId: frame.requestId } : {}) } as ServerFrame };
  }

  async myGames(conn: Connection, frame: FrameOf<'myGames'>): Promise<Outcome> {
    return { reply: { type: 'games', requestId: frame.requestId, games: await this.deps.records.playerGames(conn.playerId) } };
  }

  /** The latest record of a game (cache refreshed from the store), or NOT_FOUND. */
  async fresh(gameId: string): Promise<GameRecord> {
    const record = await this.deps.store.load(gameId, this.cache.get(gameId));
    if (!record) throw new ProtocolError('NOT_FOUND', `There is no game ${gameId}.`);
    this.cache.set(gameId, record);
    return record;
  }

  /**
   * Plan a commit on the cached record and store it. A rejection or a lost race on a record
   * that may be stale is retried on the refreshed record; `plan` returning null means nothing
   * needs storing.
   */
  private async commitWithRetry(gameId: string, plan: (record: GameRecord) => Commit | null): Promise<{ record: GameRecord; committed: boolean }> {
    const cached = this.cache.get(gameId);
    let refreshed = cached === undefined;
    let record = cached ?? (await this.fresh(gameId));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let commit: Commit | null;
      try {
        commit = plan(record);
      } catch (error) {
        if (error instanceof ProtocolError && !refreshed) {
          record = await this.fresh(gameId);
          refreshed = true;
          continue;
        }
        throw error;
      }
      if (!commit) return { record, committed: false };
      const next = applyCommit(record, commit);
      if (await this.deps.store.append(commit, next)) {
        this.cache.set(gameId, next);
        return { record: next, committed: true };
      }
      record = await this.fresh(gameId);
      refreshed = true;
    }
    throw new ProtocolError('CONFLICT', 'Other moves kept getting in first; nothing was stored. Look at the new state and try again.');
  }

  /** After a commit: each subscriber's state, the players' index when seats changed, a snapshot now and then. Never throws. */
  private async afterCommit(record: GameRecord, sender: Sender, seatsChanged = false): Promise<void> {
    const previous = this.broadcasts.get(record.gameId) ?? Promise.resolve();
    const broadcast = previous.then(() => this.broadcast(record, sender));
    this.broadcasts.set(record.gameId, broadcast);
    const chores = [
      broadcast,
      seatsChanged ? this.deps.records.indexGame(record) : Promise.resolve(),
      record.version % SNAPSHOT_EVERY === 0 ? this.deps.store.saveSnapshot(record) : Promise.resolve(),
    ];
    for (const result of await Promise.allSettled(chores)) {
      if (result.status === 'rejected') console.error(`after commit ${record.gameId}@${record.version}:`, result.reason);
    }
    if (this.broadcasts.get(record.gameId) === broadcast) this.broadcasts.delete(record.gameId);
  }

  private async broadcast(record: GameRecord, sender: Sender): Promise<void> {
    const subscribers = await this.deps.records.subscribers(record.gameId);
    const frames = new Map<number | null, ServerFrame>();
    await Promise.all(
      subscribers.map(async ({ connectionId, playerId }) => {
        const seat = seatOf(record, playerId);
        let frame = frames.get(seat);
        if (!frame) frames.set(seat, (frame = stateFrame(record, seat)));
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
  }
}
