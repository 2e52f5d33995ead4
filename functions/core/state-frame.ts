/** The `state` frame one seat (or a spectator) receives: its own view, its legal commands, the log. */
import { activeSeats, moduleOf, outcomeOf, seatInfos, type GameRecord } from './record';
import { unratedReason, type UnratedReason } from './ratings';
import { MAX_SERVER_FRAME_BYTES, type StateFrame, type WireOutcome } from './protocol/frames';
import { logDeparture } from './protocol/log-delta';

/**
 * With `since` (the record of the version before, for a `logDelta` subscriber), the log holds
 * only the lines that changed since it; a delta that would not fit is sent in full instead. With
 * `lean`, the view leaves out the fields the game's module calls static (`staticView`).
 */
export function stateFrame(
  record: GameRecord,
  seat: number | null,
  online: number[] = [],
  since?: GameRecord | null,
  lean = false,
): StateFrame {
  const module = moduleOf(record);
  const started = record.state !== null;
  let view = started ? module.view(record.state, seat) : null;
  // A lean frame leaves out what is the same in every state of the rules version (from a copy: a view may be shared).
  if (lean && view && module.staticView) {
    const copy: Record<string, unknown> = { ...(view as Record<string, unknown>) };
    for (const key of module.staticView) delete copy[key];
    view = copy;
  }
  const frame: StateFrame = {
    type: 'state',
    gameId: record.gameId,
    game: record.game,
    version: record.version,
    status: record.status,
    seats: seatInfos(record),
    you: seat,
    activeSeats: activeSeats(record),
    online,
    absent: record.absent.flatMap((a, i) => (a ? [i] : [])),
    canUndo: seat !== null && record.undo?.seat === seat && record.undo.version === record.version,
    view,
    legal: mayCommand(record, seat) ? module.legal(record.state, seat) : [],
    log: record.log,
    logStart: record.logBase,
    outcome: wireOutcome(record),
    ...pointsOf(record),
    ...(record.resigned.length ? { resigned: [...record.resigned] } : {}),
    ...(record.onResign === 'end' ? { onResign: 'end' as const } : {}),
  };
  const unrated = unratedOf(record);
  if (unrated) frame.unrated = unrated;
  const own = seat === null ? null : record.lastOwn[seat];
  if (own) frame.sinceYourMove = { ...own };
  if (since) {
    const from = logDeparture(since, record);
    const delta = { ...frame, log: record.log.slice(from - frame.logStart), logStart: from, logAfter: since.version };
    if (bytes(delta) <= MAX_SERVER_FRAME_BYTES) return delta;
  }
  return fitLog(frame);
}

/**
 * Each seat's points (the module's `standings`), or the scores of the rules' own end once it came
 * (a game ended early, by vote or a resignation, keeps the standings it stopped at).
 */
function pointsOf(record: GameRecord): { points?: number[] } {
  const module = moduleOf(record);
  if (!module.standings || record.state === null) return {};
  const outcome = module.outcome(record.state);
  if (!outcome) return { points: [...module.standings(record.state)] };
  const points = Array<number>(record.seats.length).fill(0);
  for (const r of outcome.results) points[r.seat] = r.score;
  return { points };
}

/**
 * Whether a seat's commands can be accepted now, so that `legal` lists exactly what it may send:
 * only in a game in play (a finished one — its rules' end, or ended by vote or a resignation while
 * its state could still move — answers GAME_OVER), and not while a bot plays the seat (it ran out
 * of time, or resigned: ILLEGAL until it resumes, or for good).
 */
function mayCommand(record: GameRecord, seat: number | null): seat is number {
  return record.status === 'active' && seat !== null && !record.absent[seat];
}

/**
 * Why the game does not change every person's rating, as far as it is known now (core/ratings.ts):
 * a private game of people from the start; a resignation before enough moves as soon as it
 * happens, a seat still away when the game ends once it has ended.
 */
function unratedOf(record: GameRecord): UnratedReason | null {
  const away = record.status === 'finished' ? record.absent.flatMap((a, seat) => (a ? [seat] : [])) : [];
  return unratedReason({
    listed: record.listed,
    seats: record.seats.map((s, seat) => (s && record.bots[seat] ? { bot: record.bots[seat]! } : s && {})),
    left: [...record.resigned, ...away],
    ...(record.moves ? { moves: record.moves } : {}),
  });
}

/** The record's outcome as the frame carries it (its own arrays, not the rules module's read-only ones). */
function wireOutcome(record: GameRecord): WireOutcome | null {
  const outcome = outcomeOf(record);
  return outcome && { ...outcome, results: [...outcome.results], winners: [...outcome.winners] };
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The frame with at most `lines` of its latest log lines. */
export function logTail(frame: StateFrame, lines: number): StateFrame {
  const drop = Math.max(0, frame.log.length - lines);
  return drop ? { ...frame, log: frame.log.slice(drop), logStart: frame.logStart + drop } : frame;
}

/** Keep the most recent log lines that fit under the frame limit. */
function fitLog(frame: StateFrame): StateFrame {
  let size = bytes(frame);
  if (size <= MAX_SERVER_FRAME_BYTES) return frame;
  const log = [...frame.log];
  while (log.length && size > MAX_SERVER_FRAME_BYTES) size -= bytes(log.shift()) + 1;
  return { ...frame, log, logStart: frame.logStart + frame.log.length - log.length };
}
