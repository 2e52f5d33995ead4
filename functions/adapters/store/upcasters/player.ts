/** The older shape of a player's profile item (PLAYER#id / PROFILE). */
import type { Upcaster } from '../catalog';

export const playerUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-23 (e406a48)',
    change:
      'The map of live connections (`live`) was added: read as none. (Claiming a connection slot on such a profile first writes the empty map: connections.ts.)',
    older: (item) => !('live' in item),
    up: (item) => ({ ...item, live: {} }),
  },
];
