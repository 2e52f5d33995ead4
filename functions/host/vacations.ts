/**
 * Vacation mode (docs/protocol.md, Vacation): a player declares days away, at most
 * VACATION_DAYS_PER_YEAR in a calendar year (UTC). Each of their games in play gets an `$away`
 * commit: its clock pauses where its time control allows it (a tournament may forbid it), the
 * other players see "on vacation until …", and no reminders go out. When the vacation ends the
 * sweep brings them back in each game (the game's due time is the vacation's end); back early,
 * `endVacation` does it at once and gives back the whole days not taken.
 */
import { planAway, planBack } from '../core/plans';
import { ProtocolError, type ServerFrame } from '../core/protocol/frames';
import { VACATION_DAYS_PER_YEAR } from '../core/protocol/social-frames';
import { seatOf } from '../core/record';
import type { Sender } from '../adapters/sender';
import type { CommitHead } from '../core/triggers';
import type { PlayerGameStore } from '../stores/player-games';
import type { SocialStore, Vacation } from '../stores/social';
import type { Games } from './games';
import type { Reactions } from './reactions';
import { awayAt } from './social';

const DAY = 86_400_000;

/** Whole days from `from` to `to`, a part of a day counting as one. */
const daysBetween = (from: number, to: number) => Math.max(0, Math.ceil((to - from) / DAY));

export interface VacationsDeps {
  social: SocialStore;
  playerGames: PlayerGameStore;
  games: Games;
  reactions: Pick<Reactions, 'followUp'>;
  now: () => Date;
}

export class Vacations {
  constructor(private readonly deps: VacationsDeps) {}

  /** The days of this year taken by vacations so far (of one under way, only the days it has lasted, a part of one counting). */
  private taken(v: Vacation | null, now: Date): number {
    if (!v || v.year !== now.getUTCFullYear()) return 0;
    const [since, until] = [Date.parse(v.since), Date.parse(v.until)];
    return v.daysTaken - daysBetween(since, until) + daysBetween(since, Math.min(now.getTime(), until));
  }

  async frame(playerId: string, requestId?: string, paused = 0): Promise<ServerFrame> {
    const now = this.deps.now();
    const v = await this.deps.social.vacation(playerId);
    const until = awayAt(v, now);
    const daysLeft = Math.max(0, VACATION_DAYS_PER_YEAR - (v && v.year === now.getUTCFullYear() ? v.daysTaken : 0));
    return { type: 'vacation', requestId, vacation: until ? { since: v!.since, until } : null, daysLeft, paused };
  }

  /** Go away until `until`; a vacation under way is replaced (its days behind stay taken). */
  async start(playerId: string, untilIso: string, sender: Sender, requestId?: string): Promise<ServerFrame> {
    const now = this.deps.now();
    const until = Date.parse(untilIso);
    if (until <= now.getTime()) throw new ProtocolError('BAD_REQUEST', 'A vacation must end in the future.');
    const current = await this.deps.social.vacation(playerId);
    const before = this.taken(current, now);
    const days = daysBetween(now.getTime(), until);
    const left = VACATION_DAYS_PER_YEAR - before;
    if (days > left)
      throw new ProtocolError(
        'BAD_REQUEST',
        `That is ${days} days away; you have ${left} of your ${VACATION_DAYS_PER_YEAR} vacation days left this year.`,
      );
    const at = now.toISOString();
    const untilAt = new Date(until).toISOString();
    await this.deps.social.putVacation(playerId, { since: at, until: untilAt, year: now.getUTCFullYear(), daysTaken: before + days });
    const paused = await this.eachGame(playerId, (record) => planAway(record, playerId, untilAt, at), sender);
    return this.frame(playerId, requestId, paused);
  }

  /** Back early: the clocks run again, and the whole days not taken are given back. */
  async end(playerId: string, sender: Sender, requestId?: string): Promise<ServerFrame> {
    const now = this.deps.now();
    const current = await this.deps.social.vacation(playerId);
    if (!awayAt(current, now)) throw new ProtocolError('BAD_REQUEST', 'You are not on vacation.');
    const at = now.toISOString();
    await this.deps.social.putVacation(playerId, { ...current!, until: at, daysTaken: this.taken(current, now) });
    const resumed = await this.eachGame(
      playerId,
      (record) => {
        const seat = seatOf(record, playerId);
        return seat === null ? null : planBack(record, [seat], at);
      },
      sender,
    );
    return this.frame(playerId, requestId, resumed);
  }

  /**
   * A game that has just begun (the stream's reaction to the commit that made it active: a
   * tournament's round, a seat taken, quick play): each person in it who is on vacation is away
   * there too, as in the games they had when they left.
   */
  async onGameStarted(head: CommitHead, sender: Sender): Promise<void> {
    if (head.status !== 'active' || head.wasStatus === 'active') return;
    const people = head.seats.flatMap((s) => (s && !s.bot && !s.awayUntil ? [s.playerId] : []));
    if (!people.length) return;
    const now = this.deps.now();
    for (const playerId of people) {
      const until = awayAt(await this.deps.social.vacation(playerId), now);
      if (!until) continue;
      const result = await this.deps.games.commit(head.gameId, (record) => planAway(record, playerId, until, now.toISOString()));
      if (result.committed) await this.deps.reactions.followUp(result, sender);
    }
  }

  /** Commit `plan` in each of the player's games in play; how many changed. */
  private async eachGame(playerId: string, plan: Parameters<Games['commit']>[1], sender: Sender): Promise<number> {
    let changed = 0;
    let cursor: string | undefined;
    do {
      const page = await this.deps.playerGames.playerGames(playerId, { limit: 50, part: 'active', cursor });
      for (const game of page.games) {
        const result = await this.deps.games.commit(game.gameId, plan);
        if (result.committed) {
          changed++;
          await this.deps.reactions.followUp(result, sender);
        }
      }
      cursor = page.next ?? undefined;
    } while (cursor);
    return changed;
  }
}
