/** The older shape of a player's settings item (PLAYER#id / SETTINGS). */
import type { Upcaster } from '../catalog';

export const settingsUpcasters: readonly Upcaster[] = [
  {
    to: 2,
    since: '2026-11-23 (279e3e5)',
    change:
      'The settings alone became the settings with the email state (emailSince, confirmationsSent, confirmedEmail) and a revision: read as an unconfirmed address, no confirmation sent, revision 0 (no `rev` stored, which its writer conditions on).',
    older: (item) => !('rev' in item),
    up: (item) => ({ ...item, emailSince: 0, confirmationsSent: [], rev: 0 }),
  },
];
