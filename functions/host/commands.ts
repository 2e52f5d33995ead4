/**
 * Players' requests on games: create, join, subscribe, commands, undo / resume / vote, their
 * list of games. Each is decided on the game's record and stored with one conditional write
 * (Games.commit); the answer goes out, then the commit's broadcast and the rest of its follow-up
 * (Reactions.followUp). A bot's move it leaves to play is never computed here: the Bots
 * function's stream reaction plays it (host/reactions.ts).
 */
import type { FrameOf, ServerFrame } from '../core/protocol/frames';
import { GAMES_PAGE_DEFAULT, ProtocolError } from '../core/protocol/frames';
import { logTail } from '../core/state-frame';
import { planCommand, planCreate, planJoin, planResume, planUndo, planVote } from '../core/plans';
import { applyCommit, seatOf, storedVersion } from '../core/record';
import { planCancel } from '../core/plan-cancel';
import { planResign } from '../core/plan-resign';
import { refuseUnlisted } from '../core/lobby';
import type { Sender } from '../adapters/sender';
import type { HostRecords } from '../stores';
import type { Connection } from '../stores/connections';
import { onlineSeats, sameSeats, type Broadcast } from './broadcast';
import type { Games, Stored } from './games';
import type { Reactions } from './reactions';

/** What a handler sends back, and the work that follows the reply (broadcast, bots…). */
export interface Outcome {
  reply: ServerFrame;
  after?: () => Promise<void>;
}

export interface CommandsDeps {
  games: Games;
  broadcast: Broadcast;
  reactions: Reactions;
  records: HostRecords;
  now: () => Date;
  newGameId: () => string;
  newSeed: () => number;
  /** Every player with a block between them and this one: never seated together. */
  barriers?: (playerId: string) => Promise<Set<string>>;
}

export class Commands {
  constructor(private readonly deps: CommandsDeps) {}

  private at(): string {
    return this.deps.now().toISOString();
  }

  /**
   * A new game. With a `createId`, a createGame sent again (its first try died or its answer was
   * lost) is answered with the game the first try counted, and creates or counts nothing more.
   */
  async createGame(conn: Connection, frame: FrameOf<'createGame'>, sender: Sender): Promise<Outcome> {
    // Nobody with a block between them and the creator is invited (said to nobody).
    const walls = frame.invite?.length ? ((await this.deps.barriers?.(conn.playerId)) ?? new Set<string>()) : new Set<string>();
    const invited = [...new Set(frame.invite ?? [])].filter((id) => id !== conn.playerId && !walls.has(id));
    const plan = (gameId: string) => {
      const commit = planCreate({
        gameId,
        game: frame.game,
        players: frame.players,
        options: frame.options,
        player: { playerId: conn.playerId, name: conn.name },
        bots: frame.bots,
        bot: frame.bot,
        clock: frame.clock,
        spectatorChat: frame.spectatorChat,
        listed: frame.listed,
        onResign: frame.onResign,
        invited,
        seed: this.deps.newSeed(),
        at: this.at(),
      });
      return { commit, record: applyCommit(null, commit) };
    };
    let { commit, record } = plan(this.deps.newGameId());
    const counted = await this.deps.records.countNewGame(
      conn.playerId,
      record.gameId,
      record.status === 'open',
      this.deps.now(),
      frame.createId,
    );
    const created = (gameId: string): Outcome => ({ reply: { type: 'gameCreated', requestId: frame.requestId, gameId } });
    if (counted !== record.gameId) {
      // Stored by the first try: its reactions follow from the stream. Counted but not stored (it died in between): store it now.
      if (await this.deps.games.latestKnown(counted)) return created(counted);
      ({ commit, record } = plan(counted));
    }
    const head = await this.deps.games.create(commit, record);
    if (!head) {
      // Only a try of the same createId can hold this id: it stored the game first.
      if (frame.createId !== undefined && (await this.deps.games.latestKnown(record.gameId))) return created(record.gameId);
      throw new ProtocolError('INTERNAL', 'Creating the game failed; try again.');
    }
    return { ...created(record.gameId), after: () => this.deps.reactions.followUp({ record, before: null, head }, sender) };
  }

  async joinGame(conn: Connection, frame: FrameOf<'joinGame'>, sender: Sender): Promise<Outcome> {
    const player = { playerId: conn.playerId, name: conn.name };
    const walls = (await this.deps.barriers?.(conn.playerId)) ?? new Set<string>();
    const result = await this.deps.games.commit(frame.gameId, (record) => {
      if (frame.listed) refuseUnlisted(record);
      // Said the same whoever blocked whom: a block is not announced.
      if (record.seats.some((s) => s && walls.has(s.playerId)) && seatOf(record, conn.playerId) === null)
        throw new ProtocolError('FORBIDDEN', 'This game is not open to you.');
      return planJoin(record, player, frame.seat, this.deps.newSeed(), this.at());
    });
    const seat = seatOf(result.record, conn.playerId)!;
    return { reply: { type: 'joined', requestId: frame.requestId, gameId: frame.gameId, seat }, after: this.followUp(result, sender) };
  }

  async command(conn: Connection, frame: FrameOf<'command'>, sender: Sender): Promise<Outcome> {
    let duplicateOf: number | null = null;
    const result = await this.deps.games.commit(frame.gameId, (record) => {
      if (
        frame.expectedVersion !== undefined &&
        record.version !== frame.expectedVersion &&
        storedVersion(record, frame.commandId) === undefined
      ) {
        throw new ProtocolError('CONFLICT', `The game is at version ${record.version}, not ${frame.expectedVersion}; nothing was stored.`);
      }
      const plan = planCommand(record, conn.playerId, frame.commandId, frame.command, this.at());
      if ('duplicateOf' in plan) {
        duplicateOf = plan.duplicateOf;
        return null;
      }
      return plan;
    });
    const version = duplicateOf ?? result.record.version;
    return {
      reply: { type: 'ack', requestId: frame.requestId, commandId: frame.commandId, version },
      after: this.followUp(result, sender),
    };
  }

  /** resume / undo / voteEnd / resign / cancelGame: a change without a commandId, answered with the new version. */
  async gameAction(
    conn: Connection,
    frame: FrameOf<'resume' | 'undo' | 'voteEnd' | 'resign' | 'cancelGame'>,
    sender: Sender,
  ): Promise<Outcome> {
    const plan = { resume: planResume, undo: planUndo, voteEnd: planVote, resign: planResign, cancelGame: planCancel }[frame.action];
    const result = await this.deps.games.commit(frame.gameId, (record) => plan(record, conn.playerId, this.at()));
    return {
      reply: { type: 'done', requestId: frame.requestId, gameId: frame.gameId, version: result.record.version },
      after: this.followUp(result, sender),
    };
  }

  async subscribe(conn: Connection, frame: FrameOf<'subscribe'>, sender: Sender): Promise<Outcome> {
    const { games, records, broadcast } = this.deps;
    const record = await games.fresh(frame.gameId);
    const before = await records.subscribers(frame.gameId);
    await records.subscribe(frame.gameId, conn, { logDelta: frame.logDelta, lean: frame.lean });
    const me = { connectionId: conn.connectionId, playerId: conn.playerId, logDelta: frame.logDelta === true };
    // Its own subscription may be stored already (it connected watching the game): presence is
    // announced when this connection brings a seat online, as against the others alone.
    const others = before.filter((s) => s.connectionId !== conn.connectionId);
    const online = onlineSeats(record, [...others, me]);
    return {
      reply: {
        ...logTail(
          broadcast.subscribeFrame(record, seatOf(record, conn.playerId), online, frame.lean === true),
          frame.logLines ?? Infinity,
        ),
        ...(frame.requestId ? { requestId: frame.requestId } : {}),
      },
      // The subscriber learns who is online from its state frame; the others from a presence
      // frame, only if this subscription brought a seat online (a spectator or a second tab does not).
      after: sameSeats(onlineSeats(record, others), online)
        ? undefined
        : () => broadcast.announcePresence(record.gameId, sender, { connectionId: conn.connectionId, online }),
    };
  }

  /** One page of the player's games (see Records.playerGames for the order); the cursor pages only their own index. */
  async myGames(conn: Connection, frame: FrameOf<'myGames'>): Promise<Outcome> {
    // Watch first: a change stored while the page is read still reaches the player.
    if (frame.watch) await this.deps.records.watchGames(conn);
    const page = await this.deps.records.playerGames(conn.playerId, { limit: frame.limit ?? GAMES_PAGE_DEFAULT, cursor: frame.cursor });
    return { reply: { type: 'games', requestId: frame.requestId, ...page } };
  }

  /** The work after the answer: the commit's follow-up (its broadcast first). */
  private followUp(result: Stored, sender: Sender): (() => Promise<void>) | undefined {
    return result.committed ? () => this.deps.reactions.followUp(result, sender) : undefined;
  }
}
