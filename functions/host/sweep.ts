/**
 * The sweep, run on a schedule (EventBridge in the cloud, a timer locally). It reads only what
 * is due — one range query per clock shard — and hands each due game to its own unit of work,
 * a few at a time, within a time budget below the function's timeout: what it does not reach
 * stays due for the next run. Per game: time-outs (a bot then plays safe moves for the absent
 * seat), reminders, and the re-drive of an automatic seat nothing moved. Beside them, each with
 * the same budget of its own, notifications held back by quiet hours whose time has come are
 * released and the email digests due are sent: a backlog of clocks cannot starve them.
 */
import { ProtocolError } from '../core/protocol/frames';
import { WHOLE_SWEEP, type SweepPart } from '../core/sweep-part';
import { titleOf } from '../core/triggers';
import type { Sender } from '../adapters/sender';
import type { DueClock, ScheduleStore } from '../stores/schedule';
import type { DigestRun, Digests } from './digest';
import type { Notifier } from './notifier';
import type { Reactions } from './reactions';
import { TOURNAMENT_DUE, type Tournaments } from './tournaments';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

/** Games handled at once. */
const CONCURRENCY = 8;

export interface SweepResult {
  /** Due items found, and handled in this run. */
  due: number;
  games: number;
  reminders: number;
  released: number;
  /** Email digests sent, dropped (nothing waiting), moved past quiet hours, left to another sweep sending them, failed. */
  digests: DigestRun;
  /** Read capacity the due queries consumed. */
  readUnits: number;
  /** How late the oldest due item handled was, in seconds. */
  lagSeconds: number;
  failures: number;
}

export interface SweepDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  schedule: ScheduleStore;
  reactions: Reactions;
  notifier: Notifier;
  digests: Digests;
  sender: () => Sender;
  now: () => Date;
  gameUrl: (gameId: string) => string;
  /** No game is started after this long (the function's timeout is 60 s). */
  budgetMs: number;
  /** The tournaments, whose due items share the schedule with the games' (host/tournaments.ts). */
  tournaments?: Pick<Tournaments, 'sweep'>;
}

export class Sweep {
  constructor(private readonly deps: SweepDeps) {}

  /** A tournament's due item (its start, a round's deadline): no reminders of its own. */
  private async sweepTournament(tournamentId: string): Promise<[]> {
    await this.deps.tournaments?.sweep(tournamentId);
    return [];
  }

  /** Sweep one part of the shards (the schedule runs the parts side by side), or all of them. */
  async run(part: SweepPart = WHOLE_SWEEP): Promise<SweepResult> {
    const { schedule, reactions, notifier, now, gameUrl, budgetMs } = this.deps;
    const sender = this.deps.sender();
    const started = Date.now();
    const at = now();
    const { due, readUnits } = await schedule.dueClocks(at, undefined, part);
    due.sort((a, b) => a.due.getTime() - b.due.getTime());
    let reminders = 0;
    let games = 0;
    let failures = 0;
    let oldest: Date | null = null;

    const sweepOne = async (item: DueClock) => {
      try {
        const reminded = item.gameId.startsWith(TOURNAMENT_DUE)
          ? await this.sweepTournament(item.gameId.slice(TOURNAMENT_DUE.length))
          : await reactions.checkClock(item.gameId, sender);
        for (const r of reminded) {
          const seat = r.record.seats[r.seat]!;
          const hours = Math.max(1, Math.round((r.deadline.getTime() - now().getTime()) / 3_600_000));
          await notifier.deliver({
            kind: 'reminder',
            gameId: item.gameId,
            game: r.record.game,
            version: r.record.version,
            playerId: seat.playerId,
            urgent: true,
            title: `Time is running out in ${titleOf(r.record.game)}`,
            body: `About ${hours} hour${hours === 1 ? '' : 's'} left for your move.`,
            url: gameUrl(item.gameId),
          });
          reminders++;
        }
      } catch (error) {
        if (!(error instanceof ProtocolError && error.code === 'NOT_FOUND')) {
          failures++;
          this.deps.observer.log.error('sweeping a game failed; it stays due', failure(error, { gameId: item.gameId }));
          return;
        }
        // A game that does not exist (any more) is due never again: its item goes, current or not.
        await schedule.setClockDue(item.gameId, null, item.version);
      }
      await schedule.removeDueIfStale(item);
      games++;
      if (!oldest || item.due < oldest) oldest = item.due;
    };

    // A few workers take the oldest due games first until the budget is spent; the held
    // notifications and the digests go on beside them, each to the same deadline. A phase that
    // fails fails the run only once the others are done (none is left running after it).
    let next = 0;
    const worker = async () => {
      while (next < due.length && Date.now() - started < budgetMs) await sweepOne(due[next++]!);
    };
    const [clocks, held, mailed] = await Promise.allSettled([
      Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker)),
      notifier.releaseHeld(started + budgetMs, part),
      this.deps.digests.sendDue(started + budgetMs, part),
    ]);
    if (clocks.status === 'rejected') throw clocks.reason;
    if (held.status === 'rejected') throw held.reason;
    if (mailed.status === 'rejected') throw mailed.reason;
    const lagSeconds = oldest ? Math.max(0, (at.getTime() - (oldest as Date).getTime()) / 1000) : 0;
    this.deps.observer.gauge(METRICS.sweepLagSeconds, lagSeconds);
    return { due: due.length, games, reminders, released: held.value, digests: mailed.value, readUnits, lagSeconds, failures };
  }
}
