/** The older shape of a rating item (PLAYER#id / RATING#game). */
import type { Upcaster } from '../catalog';
import { keys } from '../keys';

export const ratingUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-25 (bbade59)',
    change:
      'A rating without `rev` (seeded by hand, or by a build before revisions were kept; some hold only the skill and counts) is read as revision 0, which its writer conditions on, with its player and game from its key.',
    older: (item) => !('rev' in item),
    up: (item) => ({
      playerId: String(item.pk).slice(keys.player('').length),
      game: String(item.sk).slice(keys.rating('').length),
      ...item,
      rev: 0,
    }),
  },
  {
    to: 3,
    since: '2026-11-27 (issue 28)',
    change:
      "A rating written before the leaderboards were sharded has its leaderboard entry in the game's one LEADERS#game partition: read as `board` naming it, so the next update moves the entry to its shard.",
    older: (item) => !('board' in item),
    up: (item) => ({ ...item, board: keys.leaders(String(item.game)) }),
  },
];
