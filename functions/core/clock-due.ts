/**
 * When the clock sweep must next look at a game, decided at each commit (pure: the time is
 * passed in). Three reasons to look: a person to act reaches their reminder or deadline; an
 * automatic seat (a bot, or the safe bot of an absent seat) is to act — the last resort that
 * re-drives a game whose reactions all failed; or a game has ended — the last resort that rates
 * it if the ratings reactor never did (host/rating-fallback.ts), then its compaction. The
 * automatic due time is rounded up to a multiple of `redriveMs`, so the commits of a bot chain
 * share one due time and the clock item is written once, not once per move.
 */
import { deadlineOf, reminderOf } from './clock';
import { ratedTableOf } from './rating-ask';
import { activeSeats, type GameRecord } from './record';

/** How long an automatic seat may be to act with nothing moving it before the sweep plays its move. */
export const REDRIVE_AFTER_MS = 3 * 60_000;

/**
 * How long after its end a finished game's commits stay as they were stored before the sweep
 * compacts them into its archive (adapters/store/archive.ts). Reads need no grace (they answer
 * the same from the archive); the stream's reactions are why: its readers give up on a record
 * well within a day (infra/stack.ts, STREAM_MAX_RECORD_AGE), so after a day no reaction to the
 * game's commits can still write beside them (a snapshot that would outlive the compaction); the
 * hour more covers a reaction still running when its record reached that age.
 */
export const COMPACT_AFTER_MS = 25 * 3_600_000;

/**
 * How long after a game that rates someone ends the sweep looks whether it was rated: far beyond
 * the ratings reactor's usual seconds (and the 15 minutes behind the stream that page someone),
 * so the sweep seldom races it; soon enough that a player whose rating was lost sees it the same
 * hour. Its compaction comes after (host/reactions.ts).
 */
export const RATE_CHECK_AFTER_MS = 60 * 60_000;

export function clockDueOf(record: GameRecord, at: Date, redriveMs = REDRIVE_AFTER_MS): Date | null {
  // Its end time, not `at`: the same due time from every commit and every sweep that asks.
  if (record.status === 'finished')
    return new Date(Date.parse(record.updatedAt) + (ratedTableOf(record) ? RATE_CHECK_AFTER_MS : COMPACT_AFTER_MS));
  if (record.status !== 'active') return null;
  const times: number[] = [];
  // A player on vacation is brought back when it ends (their clock runs again then).
  for (const until of record.away ?? []) if (until) times.push(Date.parse(until));
  for (const seat of activeSeats(record)) {
    if (record.bots[seat] || record.absent[seat]) {
      times.push(Math.ceil((at.getTime() + redriveMs) / redriveMs) * redriveMs);
    } else if (record.clock && deadlineOf(record.clock, seat)) {
      const reminder = reminderOf(record.clock, seat)!;
      times.push((reminder > at ? reminder : deadlineOf(record.clock, seat)!).getTime());
    }
  }
  return times.length ? new Date(Math.min(...times)) : null;
}
