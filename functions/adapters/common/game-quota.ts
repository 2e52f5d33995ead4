/**
 * How every implementation of the quotas (QuotaStore) counts a new game: the same limits, the
 * same refusals, the same memory of createIds sent again.
 */
import { ProtocolError } from '../../core/protocol/frames';
import { limit, rateLimited } from '../limits';

/** The game quotas of one player: games created in the current clock hour, and the open games they created. */
export interface GameQuota {
  gamesHour?: number;
  gamesInHour?: number;
  openGames?: string[];
  /** The last CREATES_KEEP createIds the player sent, each with the game it was counted for (absent until one was). */
  creates?: [createId: string, gameId: string][];
}

/**
 * A createGame sent again (within seconds, as a rule) is recognised among the player's last this
 * many; few, because on DynamoDB every connect and disconnect rewrites the profile item that
 * holds them, billed by its size.
 */
const CREATES_KEEP = 4;

/** The game an earlier createGame with this createId was counted for, if it is among the last kept. */
export const countedFor = (quota: GameQuota, createId: string | undefined): string | undefined =>
  createId === undefined ? undefined : quota.creates?.find(([c]) => c === createId)?.[1];

/**
 * The quotas once a new game is counted, or RATE_LIMITED (GAMES_PER_HOUR, OPEN_GAMES).
 * `stillOpen` keeps the ids of games still waiting for players; it is asked only when the list
 * of open games is full, so counting costs no read of the games as a rule.
 */
export async function countedQuota(
  quota: GameQuota,
  gameId: string,
  open: boolean,
  now: Date,
  stillOpen: (ids: string[]) => Promise<string[]>,
  createId?: string,
): Promise<Required<GameQuota>> {
  const perHour = limit('GAMES_PER_HOUR');
  const maxOpen = limit('OPEN_GAMES');
  const hour = Math.floor(now.getTime() / 3_600_000);
  const created = quota.gamesHour === hour ? (quota.gamesInHour ?? 0) : 0;
  if (created >= perHour) {
    throw rateLimited(`You have created ${perHour} games this hour, the most one player may.`, (hour + 1) * 3_600_000 - now.getTime());
  }
  let waiting = quota.openGames ?? [];
  if (open && waiting.length >= maxOpen) {
    waiting = await stillOpen(waiting);
    if (waiting.length >= maxOpen) {
      throw new ProtocolError(
        'RATE_LIMITED',
        `You have ${maxOpen} games waiting for players, the most one player may; create another once one of them has started.`,
      );
    }
  }
  const creates = createId === undefined ? (quota.creates ?? []) : [...(quota.creates ?? []), [createId, gameId] as [string, string]];
  return {
    gamesHour: hour,
    gamesInHour: created + 1,
    openGames: open ? [...waiting, gameId] : waiting,
    creates: creates.slice(-CREATES_KEEP),
  };
}
