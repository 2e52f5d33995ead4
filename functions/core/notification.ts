/** What the notifier sends: one message to one player about one game, and where it may go. */
import * as z from 'zod';

export type NotificationKind = 'yourTurn' | 'gameStarted' | 'gameEnded' | 'seated' | 'reminder' | 'timedOut' | 'chat' | 'invited';

export interface Notification {
  kind: NotificationKind;
  gameId: string;
  /** The game module id, e.g. "vasco-da-gama". */
  game: string;
  /** The game version the message is about (the turn, for deduplication); for `chat`, the clock hour (see core/chat.ts). */
  version: number;
  playerId: string;
  /** Urgent messages (time running out) ignore quiet hours. */
  urgent: boolean;
  /** Short line, e.g. "Your turn in Vasco da Gama". */
  title: string;
  /** One or two sentences, e.g. "Ana placed number 8 in Characters. Round 2: it is your turn." */
  body: string;
  /** Where the game can be opened. */
  url: string;
}

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 22:30');

/** A browser's PushSubscription as JSON (`subscription.toJSON()`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(16).max(256), auth: z.string().min(8).max(64) }),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const quietHoursSchema = z.object({ start: time, end: time, timeZone: z.string().min(1).max(64) }).refine((q) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: q.timeZone });
    return true;
  } catch {
    return false;
  }
}, 'an IANA time zone like Europe/Lisbon');
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** A player's channels. Each is optional; several Web Push subscriptions (devices) may be kept. */
export const notificationSettingsSchema = z.object({
  webPush: z.array(pushSubscriptionSchema).max(10).default([]),
  webhook: z
    .object({ url: z.url().max(2048) })
    .nullable()
    .default(null),
  email: z.email().max(254).nullable().default(null),
  quietHours: quietHoursSchema.nullable().default(null),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NO_SETTINGS: NotificationSettings = { webPush: [], webhook: null, email: null, quietHours: null };

/** A player's settings as stored, with what the server keeps about their email address. */
export interface SettingsRecord {
  settings: NotificationSettings;
  /** The address the player confirmed by opening its link: only ever `settings.email`. */
  confirmedEmail: string | null;
  /** When `settings.email` was set (ms since the epoch): links issued before then are outdated. */
  emailSince: number;
  /** When confirmation emails went out (ms since the epoch), the last hour's: the rate limit's count. */
  confirmationsSent: number[];
  /** Counts the item's writes, for conditional updates; 0 when nothing is stored. */
  rev: number;
  /** Players whose chat messages this player does not see (absent: none). */
  muted?: string[];
  /** Mail to this address bounced or was reported as spam (SES): nothing more is sent there. */
  emailBlocked?: EmailBlock | null;
}

/** Why the server stopped mailing an address, as SES reported it. */
export interface EmailBlock {
  address: string;
  kind: 'bounced' | 'complained';
  /** ISO time of the bounce or complaint. */
  at: string;
  /** What the receiving server or the recipient said, e.g. "smtp; 550 5.1.1 user unknown". */
  reason: string;
}

export const NO_RECORD: SettingsRecord = { settings: NO_SETTINGS, confirmedEmail: null, emailSince: 0, confirmationsSent: [], rev: 0 };

/** Notifications are emailed only to an address its owner confirmed. */
export const emailConfirmed = (r: SettingsRecord): boolean => r.settings.email !== null && r.confirmedEmail === r.settings.email;

/** The address's bounce or complaint, while it is the address in the settings. */
export const emailBlockOf = (r: SettingsRecord): EmailBlock | null =>
  r.emailBlocked && r.emailBlocked.address === r.settings.email ? r.emailBlocked : null;

/** Whether mail may go to the address in the settings: confirmed, and neither bounced nor complained about. */
export const emailUsable = (r: SettingsRecord): boolean => emailConfirmed(r) && !emailBlockOf(r);

/** The record with new settings: a changed address loses its confirmation (and any bounce) and starts anew. */
export function withSettings(r: SettingsRecord, settings: NotificationSettings, now: Date): SettingsRecord {
  if (settings.email === r.settings.email) return { ...r, settings };
  return { ...r, settings, confirmedEmail: null, emailSince: now.getTime(), emailBlocked: null };
}

/** The outcome of one delivery attempt: delivered, or the target is gone for good (remove it). */
export type Delivery = 'sent' | 'gone';
