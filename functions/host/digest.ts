/**
 * The email digest (core/digest.ts): `mark` makes a player's next digest due when a turn waits
 * for them (the notifier's email channel); `sendDue` (the sweep) sends each due digest — one
 * email listing every game where it is the player's turn at that moment, nothing if there is
 * none — to a confirmed address that has not bounced, outside the player's quiet hours.
 */
import { WHOLE_SWEEP } from '../core/sweep-part';
import { digestDue, digestText } from '../core/digest';
import { emailUsable, type SettingsRecord } from '../core/notification';
import { quietUntil } from '../core/quiet';
import type { GameSummary } from '../core/protocol/frames';
import type { Mailer } from '../adapters/channels/email';
import type { ConnectionStore } from '../stores/connections';
import type { DigestStore, DueDigest } from '../stores/digests';
import type { PlayerGameStore } from '../stores/player-games';
import type { PlayerStore } from '../stores/players';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

export interface DigestDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  digests: DigestStore;
  /** Who is online (no digest for them). */
  connections: ConnectionStore;
  /** Their settings: the address, quiet hours. */
  players: PlayerStore;
  /** Their games, to list those waiting. */
  playerGames: PlayerGameStore;
  /** Null when this server sends no email. */
  mailer: Mailer | null;
  now: () => Date;
  links: { game: (gameId: string) => string; settings: string; title: (game: string) => string };
}

/** Pages of the player's games read at most to find those waiting (50 games each). */
const MAX_PAGES = 4;

export interface DigestRun {
  sent: number;
  /** Due digests that had nothing to send (no game waiting, no usable address, the player online). */
  dropped: number;
  /** Moved to the end of the player's quiet hours. */
  moved: number;
  /** Being sent by another sweep at this moment: left to it. */
  busy: number;
  failures: number;
}

export class Digests {
  constructor(private readonly deps: DigestDeps) {}

  /** A turn waits for an offline player with a usable address: make their next digest due (once). */
  async mark(playerId: string, record: SettingsRecord): Promise<void> {
    const { digests, now } = this.deps;
    const state = await digests.state(playerId);
    if (state.pending) return;
    await digests.schedule(playerId, digestDue(now(), state.lastSentAt, record.settings.quietHours));
  }

  /** Send every due digest (of the sweep's part), until `deadline` (ms since the epoch); what is left stays due. */
  async sendDue(deadline = Infinity, part = WHOLE_SWEEP): Promise<DigestRun> {
    const run: DigestRun = { sent: 0, dropped: 0, moved: 0, busy: 0, failures: 0 };
    for (const d of await this.deps.digests.due(this.deps.now(), undefined, part)) {
      if (Date.now() > deadline) break;
      try {
        run[await this.sendOne(d)]++;
      } catch (error) {
        run.failures++;
        this.deps.observer.count(METRICS.sendFailures);
        this.deps.observer.log.error('a digest failed; it stays due', failure(error, { playerId: d.playerId }));
      }
    }
    return run;
  }

  private async sendOne(d: DueDigest): Promise<'sent' | 'dropped' | 'moved' | 'busy'> {
    const { digests, connections, players, mailer, now } = this.deps;
    const { pending } = await digests.state(d.playerId);
    if (pending?.key !== d.key) {
      await digests.removeIfStale(d);
      return 'dropped';
    }
    const record = await players.getSettingsRecord(d.playerId, true);
    if (!mailer || !emailUsable(record) || (await connections.isOnline(d.playerId))) {
      await digests.finish(d, null);
      return 'dropped';
    }
    // Quiet hours set or changed since the digest was marked: it goes when they end.
    const quiet = quietUntil(record.settings.quietHours, now());
    if (quiet) {
      await digests.schedule(d.playerId, quiet, d);
      return 'moved';
    }
    const games = await this.waiting(d.playerId);
    if (games.length === 0) {
      await digests.finish(d, null);
      return 'dropped';
    }
    const claim = await digests.claim(d, now());
    if (claim === 'busy') return 'busy';
    if (claim === 'new' || claim === 'retry') {
      const name = (await digests.playerName(d.playerId)) ?? 'player';
      const { subject, text } = digestText(name, games, now(), this.deps.links);
      await mailer.send(record.settings.email!, { subject, text, label: ['digest', d.playerId], playerId: d.playerId });
      await digests.markSent(d);
    } else if (claim === 'abandoned') {
      this.deps.observer.log.warn('giving up a digest whose mail kept failing', { playerId: d.playerId });
      await digests.finish(d, null);
      return 'dropped';
    }
    await digests.finish(d, now());
    return 'sent';
  }

  /** The player's games where it is their turn now: the games in play alone are read (a part of their index of its own). */
  private async waiting(playerId: string): Promise<GameSummary[]> {
    const out: GameSummary[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { games, next } = await this.deps.playerGames.playerGames(playerId, { limit: 50, cursor, part: 'active' });
      // A game the index still holds in play may have ended since (its head says so).
      out.push(...games.filter((g) => g.yourTurn && g.status === 'active'));
      if (!next) break;
      cursor = next;
    }
    return out.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  }
}
