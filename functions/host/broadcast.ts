/**
 * Frames to a game's watchers: each subscriber's own state after a commit, the state a new
 * subscriber starts from, and who is online. Best effort: a client that misses a frame sees a
 * gap in versions and subscribes again. Unordered: each version's frames go out from whoever
 * stored it, so they can cross, and a client drops a state older than the one it holds.
 */
import { LRUCache } from 'lru-cache';
import type { ServerFrame, StateFrame } from '../core/protocol/frames';
import { activeSeats, seatOf, summaryOf, type GameRecord } from '../core/record';
import { stateFrame } from '../core/state-frame';
import type { Sender } from '../adapters/sender';
import type { HostRecords } from '../stores';
import { CACHED_GAMES, type Games } from './games';

/** Games whose subscribers' state frames are kept for reuse (see subscribeFrame). */
const BUILT_FRAMES_GAMES = 64;

/** Seats whose player has a live connection subscribed to the game. */
export function onlineSeats(record: GameRecord, subscribers: readonly { playerId: string }[]): number[] {
  const players = new Set(subscribers.map((s) => s.playerId));
  return record.seats.flatMap((s, seat) => (s && players.has(s.playerId) ? [seat] : []));
}

/**
 * The seated people for whom the game changed as their list of games shows it: it started,
 * ended, gained a player, or became (or stopped being) their turn. A move that leaves whose turn
 * it is unchanged is not announced (one query per seated person it would cost).
 */
export function listChanges(before: GameRecord | null, record: GameRecord): { playerId: string; seat: number }[] {
  const was = before ? activeSeats(before) : [];
  const now = activeSeats(record);
  return record.seats.flatMap((s, seat) => {
    if (!s || record.bots[seat]) return [];
    const changed =
      !before ||
      before.status !== record.status ||
      before.seats[seat]?.playerId !== s.playerId ||
      before.seats.some((b, i) => b?.playerId !== record.seats[i]?.playerId) ||
      was.includes(seat) !== now.includes(seat);
    return changed ? [{ playerId: s.playerId, seat }] : [];
  });
}

export const sameSeats = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((seat, i) => seat === b[i]);

export interface BroadcastDeps {
  records: HostRecords;
  games: Games;
  /** This process serves every socket (the local runtime): it sees every presence change. */
  soleWriter: boolean;
  /**
   * Presence changes within this many milliseconds go out as one frame per watcher. The local
   * runtime waits 50 ms (free); Lambda does not wait (it would bill the wait).
   */
  presenceWindowMs: number;
}

export class Broadcast {
  /** State frames built for subscribers, per game, for its latest version only (see subscribeFrame). */
  private readonly builtFrames = new Map<string, { version: number; frames: Map<string, StateFrame> }>();
  /** Presence announcements on their way, per game (see announcePresence). */
  private readonly presenceRuns = new Map<string, { again: boolean; done: Promise<void>; told: Map<string, number[]> }>();
  /** The online seats last announced per game, while it has watchers (sole writer only); the most recent games only. */
  private readonly presenceSent = new LRUCache<string, number[]>({ max: CACHED_GAMES });

  constructor(private readonly deps: BroadcastDeps) {}

  /**
   * Each subscriber's own state frame; `logDelta` subscribers get the log lines changed since
   * `before` (the version before). Then each seated person's connections that watch their games
   * get `gameChanged`, if the game changed for them (see listChanges).
   */
  async commit(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    await Promise.all([this.toSubscribers(before, record, sender), this.toGameLists(before, record, sender)]);
  }

  private async toGameLists(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    await Promise.all(
      listChanges(before, record).map(async ({ playerId, seat }) => {
        const frame: ServerFrame = { type: 'gameChanged', game: summaryOf(record, seat) };
        const watchers = await this.deps.records.gamesWatchers(playerId);
        await Promise.all(
          watchers.map(async (connectionId) => {
            if ((await sender.send(connectionId, frame)) === 'gone') await this.deps.records.unwatchGames(playerId, connectionId);
          }),
        );
      }),
    );
  }

  private async toSubscribers(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    const subscribers = await this.deps.records.subscribers(record.gameId);
    const online = onlineSeats(record, subscribers);
    const since = before?.version === record.version - 1 ? before : null;
    const frames = new Map<string, ServerFrame>();
    await Promise.all(
      subscribers.map(async ({ connectionId, playerId, logDelta, lean }) => {
        const seat = seatOf(record, playerId);
        const key = `${seat}|${logDelta}|${lean === true}`;
        let frame = frames.get(key);
        if (!frame) frames.set(key, (frame = stateFrame(record, seat, online, logDelta ? since : null, lean)));
        if ((await sender.send(connectionId, frame)) === 'gone') {
          // The socket closed without $disconnect (or it has not run yet): forget it here too.
          await this.deps.records.deleteSubscription(record.gameId, connectionId);
          await this.deps.records.deleteConnection(connectionId);
        }
      }),
    );
  }

  /**
   * A seat's whole state frame, built once per game version, seat and online seats: many
   * connections subscribing to one game (spectators above all) share it instead of each
   * rendering the view, the legal commands and the log again.
   */
  subscribeFrame(record: GameRecord, seat: number | null, online: number[], lean = false): StateFrame {
    let built = this.builtFrames.get(record.gameId);
    if (built?.version !== record.version) {
      this.builtFrames.delete(record.gameId);
      // The games subscribed to most recently only: a Map keeps insertion order, so the first is the oldest.
      if (this.builtFrames.size >= BUILT_FRAMES_GAMES) this.builtFrames.delete(this.builtFrames.keys().next().value!);
      this.builtFrames.set(record.gameId, (built = { version: record.version, frames: new Map() }));
    }
    const key = `${seat}|${online.join(',')}|${lean}`;
    let frame = built.frames.get(key);
    if (!frame) built.frames.set(key, (frame = stateFrame(record, seat, online, null, lean)));
    return frame;
  }

  /** After a player's connection stopped watching a game: tell the watchers, if that seat is offline now. */
  async presenceChanged(gameId: string, playerId: string, sender: Sender): Promise<void> {
    const subscribers = await this.deps.records.subscribers(gameId);
    // Nobody to tell, or the player still watches from another connection.
    if (subscribers.length === 0 || subscribers.some((s) => s.playerId === playerId)) return;
    const record = await this.deps.games.latestKnown(gameId);
    if (record && seatOf(record, playerId) !== null) await this.announcePresence(gameId, sender);
  }

  /**
   * Send the game's watchers the online seats, coalesced per game: while one announcement is on
   * its way, later requests make one more run (with the newest set) instead of one each, and a
   * set equal to the last one sent is not sent again. Resolves once a run that started after
   * the call has finished. `told`: a connection whose state frame carried these online seats
   * (a new subscriber), which needs no presence frame saying the same.
   */
  announcePresence(gameId: string, sender: Sender, told?: { connectionId: string; online: number[] }): Promise<void> {
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
    const record = await this.deps.games.latestKnown(gameId);
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

  /** Drop what is kept for a game (tests, memory pressure). */
  forget(gameId: string): void {
    this.builtFrames.delete(gameId);
  }
}
