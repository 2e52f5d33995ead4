/**
 * Time controls for play over days. A game's clock is folded from commit times like everything
 * else: a seat's turn starts at the commit that made it active and ends at the commit after
 * which it is no longer active. Pure: `now` is always passed in.
 */
import * as z from 'zod';

const HOUR = 60 * 60 * 1000;

/** false: a player's vacation does not pause this clock (a tournament may forbid it); absent: it does. */
const vacation = z.boolean().optional();

export const timeControlSchema = z.discriminatedUnion('type', [
  /** A fixed time for every turn, e.g. 72 hours ("3 days per move"). */
  z.object({
    type: z.literal('perMove'),
    vacation,
    hours: z
      .number()
      .positive()
      .max(24 * 60),
  }),
  /** A bank of time that each turn draws from; each finished turn adds an increment, up to a cap. */
  z.object({
    type: z.literal('bank'),
    vacation,
    initialHours: z
      .number()
      .positive()
      .max(24 * 60),
    incrementHours: z
      .number()
      .min(0)
      .max(24 * 30),
    capHours: z
      .number()
      .positive()
      .max(24 * 120),
  }),
]);
export type TimeControl = z.infer<typeof timeControlSchema>;

export interface ClockState {
  control: TimeControl;
  /** Remaining bank per seat in milliseconds (bank controls). */
  bankMs: number[];
  /** When each seat's current turn began (ISO time), null when the seat is not to act. */
  turnStart: (string | null)[];
  /** Per seat, since when its clock is paused by its player's vacation (absent or null: running). */
  pausedSince?: (string | null)[];
}

/** A reminder goes out when this share of the turn's time is left. */
export const REMINDER_SHARE = 0.25;

export function startClock(control: TimeControl, players: number): ClockState {
  const bank = control.type === 'bank' ? control.initialHours * HOUR : 0;
  return { control, bankMs: Array(players).fill(bank), turnStart: Array(players).fill(null) };
}

/** How much of a turn begun at `started` fell in the seat's pause, up to `now` (0 when its clock runs). */
function pausedPart(clock: ClockState, seat: number, started: string, now: number): number {
  const since = clock.pausedSince?.[seat];
  return since ? Math.max(0, now - Math.max(Date.parse(since), Date.parse(started))) : 0;
}

/** Whether a vacation pauses this clock (the time control allows it). */
export const pausable = (clock: ClockState): boolean => clock.control.vacation !== false;

/** Pause the seat's clock at `at` (its player went on vacation). */
export function pauseClock(clock: ClockState, seat: number, at: string): ClockState {
  if (!pausable(clock) || clock.pausedSince?.[seat]) return clock;
  const pausedSince = clock.pausedSince ? [...clock.pausedSince] : Array<string | null>(clock.turnStart.length).fill(null);
  pausedSince[seat] = at;
  return { ...clock, pausedSince };
}

/** Run the seat's clock again at `at`: a turn under way is moved on by the time it was paused, so the pause costs nothing. */
export function resumeClock(clock: ClockState, seat: number, at: string): ClockState {
  const since = clock.pausedSince?.[seat];
  if (!since) return clock;
  const turnStart = [...clock.turnStart];
  const started = turnStart[seat];
  if (started) turnStart[seat] = new Date(Date.parse(started) + pausedPart(clock, seat, started, Date.parse(at))).toISOString();
  const pausedSince = clock.pausedSince!.map((p, i) => (i === seat ? null : p));
  return { ...clock, turnStart, pausedSince };
}

/** Account for a commit at `at` that changed who is active. */
export function tickClock(clock: ClockState, before: readonly number[], after: readonly number[], at: string): ClockState {
  const next = { ...clock, bankMs: [...clock.bankMs], turnStart: [...clock.turnStart] };
  const now = Date.parse(at);
  for (let seat = 0; seat < next.turnStart.length; seat++) {
    const was = before.includes(seat);
    const is = after.includes(seat);
    const started = next.turnStart[seat];
    if (was && !is && started) {
      if (clock.control.type === 'bank') {
        const used = now - Date.parse(started) - pausedPart(clock, seat, started, now);
        const left = next.bankMs[seat]! - used + clock.control.incrementHours * HOUR;
        next.bankMs[seat] = Math.max(0, Math.min(left, clock.control.capHours * HOUR));
      }
      next.turnStart[seat] = null;
    }
    if (is && !started) next.turnStart[seat] = at;
  }
  return next;
}

/** The instant the seat's time runs out, or null when it is not to act or its clock is paused. */
export function deadlineOf(clock: ClockState, seat: number): Date | null {
  const started = clock.turnStart[seat];
  if (!started || clock.pausedSince?.[seat]) return null;
  const allowance = clock.control.type === 'perMove' ? clock.control.hours * HOUR : clock.bankMs[seat]!;
  return new Date(Date.parse(started) + allowance);
}

/** When to remind the seat that its time is running out. */
export function reminderOf(clock: ClockState, seat: number): Date | null {
  const started = clock.turnStart[seat];
  const deadline = deadlineOf(clock, seat);
  if (!started || !deadline) return null;
  return new Date(deadline.getTime() - REMINDER_SHARE * (deadline.getTime() - Date.parse(started)));
}
