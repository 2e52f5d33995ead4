/**
 * The `next` cursor of `myGames` pages: the part of the player's index the page ended in and
 * its last game, with a tag made from the player's id. The server rebuilds the start key from
 * the connection's own playerId, so a cursor can only ever page that player's index; the tag
 * turns any cursor not made for this player (another player's, edited, garbage) into a clear
 * refusal instead of a page from somewhere else. No secret is needed: minting a cursor for
 * yourself gives you nothing a cursor from the server would not.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The index's parts by the games' status, paged in this order: in play, open (waiting for players), finished. */
export const SEGMENTS = ['active', 'open', 'finished'] as const;
export type Segment = (typeof SEGMENTS)[number];

export interface GamesCursor {
  segment: Segment;
  gameId: string;
}

const tag = (playerId: string, segment: Segment, gameId: string): Buffer =>
  createHash('sha256')
    .update(JSON.stringify(['myGames', playerId, segment, gameId]))
    .digest()
    .subarray(0, 12);

export function encodeCursor(playerId: string, c: GamesCursor): string {
  return Buffer.from(JSON.stringify([c.segment, c.gameId, tag(playerId, c.segment, c.gameId).toString('base64url')])).toString('base64url');
}

/** The cursor's position, or null when it was not made by this server for this player. */
export function decodeCursor(playerId: string, cursor: string): GamesCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [segment, gameId, mac] = value as unknown[];
  if (
    !SEGMENTS.includes(segment as Segment) ||
    typeof gameId !== 'string' ||
    gameId.length === 0 ||
    gameId.length > 64 ||
    typeof mac !== 'string'
  )
    return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = tag(playerId, segment as Segment, gameId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { segment: segment as Segment, gameId } : null;
}
