/**
 * How every implementation of the players' index (PlayerGameStore) reads a cursor and assembles
 * a `myGames` page from the index entries it picked and their games' heads, so that pages are
 * the same whichever store made them.
 */
import { decodeCursor, encodeCursor, SEGMENTS, type GamesCursor, type Segment } from '../../core/games-cursor';
import { ProtocolError, type GameSummary } from '../../core/protocol/frames';
import type { GameStatus } from '../../core/record';
import type { CommitItem, PlayerGameItem } from '../store/items';

/** A `games` page's summaries stay below this many bytes, far below the frame limit. */
export const GAMES_PAGE_BYTES = 64 * 1024;

/** Where a page starts: null for the first page; BAD_REQUEST for a cursor not made for this player. */
export function pageStart(playerId: string, cursor: string | undefined): GamesCursor | null {
  if (cursor === undefined) return null;
  const from = decodeCursor(playerId, cursor);
  if (!from) {
    throw new ProtocolError(
      'BAD_REQUEST',
      'That cursor is not one the server gave you for your games; ask for the first page again, without a cursor.',
    );
  }
  return from;
}

/** How a player's list shows a game, from its head (its latest commit item). */
export function summaryOfHead(head: CommitItem, seat: number): GameSummary {
  return {
    gameId: head.gameId,
    game: head.game,
    status: head.status,
    seats: head.seats,
    yourSeat: seat,
    yourTurn: head.activeSeats.includes(seat),
    version: head.version,
    updatedAt: head.at,
    lastMove: head.summary,
  };
}

/** An entry of the players' index picked for a `myGames` page, with the part of the index it was found in. */
export interface PickedEntry {
  segment: Segment;
  item: Pick<PlayerGameItem, 'gameId' | 'seat' | 'status'>;
}

/**
 * A `myGames` page from the index entries picked for it (in index order, `more`: others follow)
 * and the heads of their games (undefined: no commit stored); `stale`: the picked entries whose
 * status their head corrects.
 */
export function gamesPage(
  playerId: string,
  picked: readonly PickedEntry[],
  more: boolean,
  heads: readonly (CommitItem | undefined)[],
): { games: GameSummary[]; next: string | null; stale: { gameId: string; status: GameStatus; version: number }[] } {
  const games: GameSummary[] = [];
  let bytes = 0;
  let taken = 0;
  for (; taken < picked.length; taken++) {
    const head = heads[taken];
    if (!head) continue;
    const summary = summaryOfHead(head, picked[taken]!.item.seat);
    const size = Buffer.byteLength(JSON.stringify(summary)) + 1;
    // Long names and log lines could make a page too large for one frame: the rest goes on the next.
    if (games.length && bytes + size > GAMES_PAGE_BYTES) break;
    games.push(summary);
    bytes += size;
  }
  if (taken < picked.length) more = true;
  const stale = picked.slice(0, taken).flatMap(({ item }, i) => {
    const head = heads[i];
    return head && head.status !== item.status ? [{ gameId: item.gameId, status: head.status, version: head.version }] : [];
  });
  const last = picked[taken - 1];
  const rank = (g: GameSummary) => (g.yourTurn ? 0 : 1 + SEGMENTS.indexOf(g.status));
  return {
    games: games.sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt)),
    next: more && last ? encodeCursor(playerId, { segment: last.segment, gameId: last.item.gameId }) : null,
    stale,
  };
}
