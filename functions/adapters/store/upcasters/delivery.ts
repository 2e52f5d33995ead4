/** The older shape of a delivery marker (DELIVERY#id / target). */
import type { Upcaster } from '../catalog';

export const deliveryUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-27 (issue 28: push retries by time)',
    // For a notification `at` was its first claim; for a digest, its latest takeover, which only lengthens its window.
    change: 'Attempts were counted (`attempts`), now timed from the first (`first`): read first = at.',
    older: (item) => !('first' in item),
    up: ({ attempts: _attempts, ...item }) => ({ ...item, first: item.at }),
  },
];
