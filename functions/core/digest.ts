/**
 * The email digest: instead of one email per turn, at most one a day listing every game where
 * it is the player's turn. A turn notification only marks a digest as due; the sweep sends it.
 * Pure: when the next digest is due, which notifications lead to one, and its words.
 */
import type { GameSummary } from './protocol/frames';
import type { Notification, NotificationKind, QuietHours } from './notification';
import { quietUntil } from './quiet';

/** At most one digest per player in this long. */
export const DIGEST_EVERY_MS = 24 * 3_600_000;
/**
 * A first digest waits this long after the turn that called for it: a player who comes back
 * within the hour gets none, and the turns of that hour go out together.
 */
export const DIGEST_DELAY_MS = 3_600_000;

/** Notifications that mean a game waits for the player: these lead to a digest; the rest go by push and webhook only. */
export const DIGEST_KINDS: readonly NotificationKind[] = ['yourTurn', 'reminder'];
export const inDigest = (n: Notification): boolean => DIGEST_KINDS.includes(n.kind);

/** When the next digest may go: an hour from now, a day after the last one, and never in quiet hours. */
export function digestDue(now: Date, lastSentAt: Date | null, quiet: QuietHours | null): Date {
  const earliest = new Date(Math.max(now.getTime() + DIGEST_DELAY_MS, lastSentAt ? lastSentAt.getTime() + DIGEST_EVERY_MS : 0));
  return quietUntil(quiet, earliest) ?? earliest;
}

const hoursAgo = (iso: string, now: Date): string => {
  const hours = Math.round((now.getTime() - Date.parse(iso)) / 3_600_000);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.round(hours / 24)} days ago`;
};

/** The digest's subject and text: one entry per waiting game, with who plays and the last move. */
export function digestText(
  name: string,
  games: readonly GameSummary[],
  now: Date,
  links: { game: (gameId: string) => string; settings: string; title: (game: string) => string },
): { subject: string; text: string } {
  const subject = games.length === 1 ? `Your turn in ${links.title(games[0]!.game)}` : `Your turn in ${games.length} games`;
  const entries = games.map((g) => {
    const others = g.seats.filter((s, i) => s && i !== g.yourSeat).map((s) => s!.name);
    const last = g.lastMove ? `${g.lastMove.replace(/[\r\n]+/g, ' ')} ` : '';
    return `- ${links.title(g.game)}${others.length ? ` with ${others.join(', ')}` : ''}: ${last}(${hoursAgo(g.updatedAt, now)})\n  ${links.game(g.gameId)}`;
  });
  const text =
    `Hello ${name},\n\nIt is your turn in ${games.length === 1 ? 'this game' : `these ${games.length} games`}:\n\n${entries.join('\n\n')}\n\n` +
    `Caravela emails you at most once a day while games wait for you; pushes and webhooks still come with every turn.\n` +
    `Change where you are told under Notifications: ${links.settings}\n`;
  return { subject, text };
}
