/**
 * The public lobby's pure parts: how an open listed game is shown (`OpenGame`), what quick play
 * matches on, and the positions its pages start after. A position is a listing's key; the host
 * hands it out sealed in a cursor (core/list-cursor.ts), so a client cannot make one up, and a
 * store checks it is one within the filter asked for.
 */
import { findGame } from '../../domain/games/index';
import type { TimeControl } from './clock';
import { ProtocolError, type ListedSeat, type OpenGame } from './protocol/frames';
import { seatInfos, type GameRecord } from './record';

/** Whether a record belongs in the lobby now: listed, and waiting for players. */
export const inLobby = (record: GameRecord): boolean => record.listed && record.status === 'open';

/** How the lobby shows a game; `ratings`: playerId → displayed rating in this game. */
export function openGameOf(record: GameRecord, ratings: ReadonlyMap<string, number> = new Map()): OpenGame {
  return {
    gameId: record.gameId,
    game: record.game,
    seats: seatInfos(record).map((s): ListedSeat | null => (s && ratings.has(s.playerId) ? { ...s, rating: ratings.get(s.playerId)! } : s)),
    options: record.options,
    clock: record.clock?.control ?? null,
    onResign: record.onResign,
    createdAt: record.createdAt,
    version: record.version,
  };
}

/** JSON with object keys sorted, so equal values compare equal whatever order they were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const clockKey = (clock: TimeControl | null | undefined): string =>
  !clock
    ? 'none'
    : clock.type === 'perMove'
      ? `perMove:${clock.hours}`
      : `bank:${clock.initialHours}:${clock.incrementHours}:${clock.capHours}`;

/**
 * What quick play matches: the seat count, the clock, and whether the options are the game's
 * defaults (quick play creates games with them, and joins only such games).
 */
export function matchKey(game: string, players: number, clock: TimeControl | null | undefined, options: unknown): string {
  const module = findGame(game);
  const defaults = module?.optionsSchema.safeParse({});
  const standard = defaults?.success === true && canonical(defaults.data) === canonical(options ?? {});
  return `${players}|${clockKey(clock)}|${standard ? 'standard' : 'custom'}`;
}

/** The quick-play key of what a quick player asks for. */
export const wantedKey = (game: string, players: number, clock: TimeControl | undefined): string => {
  const defaults = findGame(game)?.optionsSchema.safeParse({});
  return matchKey(game, players, clock, defaults?.success ? defaults.data : {});
};

const LISTING_KEY = /^OPEN#[a-z0-9-]{1,64}#\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[A-Za-z0-9_-]{1,64}$/;

/** Whether a page's `after` is a listing's position within the filter's prefix (stores/listings.ts `page`). */
export const isListingPosition = (position: string, prefix: string): boolean => LISTING_KEY.test(position) && position.startsWith(prefix);

/** `joinGame` with `listed`: only a game shown in the lobby (a private game is joined by its invite link only). */
export function refuseUnlisted(record: GameRecord): void {
  if (!record.listed)
    throw new ProtocolError('FORBIDDEN', 'This game is not listed in the lobby; only an invite link from its players can seat you.');
}
