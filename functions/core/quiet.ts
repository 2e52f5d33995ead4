/**
 * Quiet hours: a daily local-time window (in the player's IANA time zone) during which
 * non-urgent notifications wait. Pure: the caller passes the clock.
 */
import type { QuietHours } from './notification';

/**
 * Null when `now` is outside the quiet window, else the instant it ends (the next local `end`).
 * The window includes `start` and excludes `end`; `start === end` means never quiet.
 */
export function quietUntil(q: QuietHours | null, now: Date): Date | null {
  if (!q) return null;
  const start = minutes(q.start);
  const end = minutes(q.end);
  if (start === end) return null;

  const local = wallClock(q.timeZone, now.getTime());
  const t = local.hour * 60 + local.minute + local.second / 60;
  const crossesMidnight = start > end; // e.g. 22:00–08:00
  const quiet = crossesMidnight ? t >= start || t < end : t >= start && t < end;
  if (!quiet) return null;

  // Evening part of a window that crosses midnight: it ends tomorrow; otherwise later today.
  const dayOffset = crossesMidnight && t >= start ? 1 : 0;
  // Date.UTC normalises day overflow (31 + 1) into the next month/year.
  const target = Date.UTC(local.year, local.month - 1, local.day + dayOffset, Math.floor(end / 60), end % 60);
  return new Date(instantOf(q.timeZone, target, now.getTime()));
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading in `timeZone` at instant `ms`. */
function wallClock(timeZone: string, ms: number): Wall {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24, // some engines still print midnight as 24
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall clock at `ms` encoded as if it were UTC, so wall times compare as plain numbers. */
function wallMs(timeZone: string, ms: number): number {
  const w = wallClock(timeZone, ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The zone's offset from UTC at instant `ms`, in ms (Lisbon in summer: +3 600 000). */
function offsetAt(timeZone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallMs(timeZone, whole) - whole;
}

/**
 * The first instant after `after` at which the wall clock in `timeZone` reads `target` (a wall
 * time encoded as UTC). Around a DST change the offset differs before and after, so both are
 * tried: on a fall-back day the time exists twice (take the first one still ahead); on a
 * spring-forward day it does not exist at all, and the window ends when the clock jumps past it.
 */
function instantOf(timeZone: string, target: number, after: number): number {
  const guesses = new Set<number>();
  for (const probe of [target - 36 * 3600_000, target, target + 36 * 3600_000]) {
    guesses.add(target - offsetAt(timeZone, target - offsetAt(timeZone, probe)));
  }
  const exact = [...guesses].filter((t) => t > after && wallMs(timeZone, t) === target).sort((a, b) => a - b);
  if (exact.length > 0) return exact[0]!;

  // A gap: find the jump by bisection between an instant before and one after the target.
  let lo = Math.min(...guesses);
  let hi = Math.max(...guesses);
  while (wallMs(timeZone, lo) >= target) lo -= 3600_000;
  while (wallMs(timeZone, hi) < target) hi += 3600_000;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (wallMs(timeZone, mid) >= target) hi = mid;
    else lo = mid;
  }
  return Math.max(hi, after + 1);
}
