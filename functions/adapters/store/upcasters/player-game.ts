/**
 * The older shapes of an entry in a player's index of games, and the filter that reads the
 * index's first key layout (PLAYER#id / GAME#id, every status in one range) by status, which
 * must find an entry of every shape where its upcaster puts it. The layout is no shape: an
 * entry's attributes are the same in its status's range (PLAYER#id / GAMES#n-status#id).
 */
import type { Segment } from '../../../core/games-cursor';
import type { Upcaster } from '../catalog';

export const playerGameUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-22 (da251e9)',
    change:
      "The whole summary (game, seats, yourSeat, yourTurn, updatedAt, status, version) became the seat alone, the rest read from the game's head: `yourSeat` is the seat; its status and version are kept.",
    older: (item) => 'yourSeat' in item,
    up: ({ yourSeat, game: _game, seats: _seats, yourTurn: _yourTurn, updatedAt: _updatedAt, ...item }) => ({ ...item, seat: yourSeat }),
  },
  {
    to: 3,
    since: '2026-11-23 (55e5ea9)',
    change:
      "The game's status and the version it was written for were added: read as in play, written for no version (the game's head corrects the entry when a `myGames` page shows it otherwise, and any write replaces it).",
    older: (item) => !('status' in item),
    up: (item) => ({ ...item, status: 'active', version: 0 }),
  },
];

/**
 * The condition on the first layout's index entries of one segment of `myGames` (its games in
 * play, open or finished), games the player hid left out: an entry without a status (version 2)
 * counts as in play, as its upcaster reads it — the query runs in the table, before any upcaster.
 */
export function segmentFilter(segment: Segment): string {
  const status = segment === 'active' ? '(attribute_not_exists(#status) OR #status = :status)' : '#status = :status';
  return `${status} AND attribute_not_exists(#hidden)`;
}
