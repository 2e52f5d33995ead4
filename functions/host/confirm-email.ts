/**
 * Email addresses are confirmed before anything else is mailed to them, so nobody can make the
 * server mail a stranger: a new address (or a player's explicit resend) gets one email with a
 * signed, short-lived link naming the player and the address; opening it marks the address
 * confirmed in the player's settings record. At most EMAIL_CONFIRMATIONS_PER_HOUR such emails
 * per player (functions/adapters/limits.ts), counted in that same record, and at most
 * EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_HOUR to one address whoever asks (accounts are free, so
 * many accounts could otherwise mail one stranger), counted in the address's own item. Both
 * counts are conditional writes, so they hold across Lambda instances.
 */
import { EMAIL_LINK_HOURS, issueEmailToken, verifyEmailToken } from '../core/token';
import { limit, rateLimited } from '../adapters/limits';
import { ProtocolError } from '../core/protocol/frames';
import type { PlayerStore } from '../stores/players';
import type { AccountStore } from '../stores/accounts';
import type { Mail, Mailer } from '../adapters/channels/email';
import { emailBlockOf, emailConfirmed, withSettings, type NotificationSettings, type SettingsRecord } from '../core/notification';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

const HOUR_MS = 3_600_000;

export interface ConfirmationDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  /** The settings record holds the address, its confirmation and the count of emails sent. */
  players: PlayerStore;
  /** Counts the confirmation emails sent to one address, by any player. */
  accounts: Pick<AccountStore, 'countConfirmationEmail'>;
  /** Null when this server sends no email (no SES sender, no outbox). */
  mailer: Mailer | null;
  secret: () => Promise<string>;
  now: () => Date;
  /** The web client's page that opens a link's token. */
  linkFor: (token: string) => string;
  /** Told each time an address is confirmed (it then signs its player in: accounts). */
  onConfirmed?: (playerId: string, email: string) => Promise<void>;
}

export function confirmationMail(playerId: string, email: string, link: string): Mail {
  return {
    subject: 'Confirm your email address for Caravela',
    text:
      `Someone playing board games on Caravela asked to be notified at ${email}.\n\n` +
      `If that was you, open this link to confirm the address (it works for ${EMAIL_LINK_HOURS} hours):\n\n${link}\n\n` +
      'If it was not, ignore this email: nothing else will be sent to this address.\n',
    label: ['confirm-email', playerId],
    playerId,
  };
}

/**
 * The record after `setNotifications`, and whether it needs a confirmation email: for a new
 * unconfirmed address, or when the player asks again; refused over the hourly limit.
 */
export function planSettings(
  r: SettingsRecord,
  settings: NotificationSettings,
  resend: boolean,
  now: Date,
  canMail: boolean,
): { next: SettingsRecord; mail: boolean } {
  const next = withSettings(r, settings, now);
  const email = next.settings.email;
  if (resend && !email)
    throw new ProtocolError('BAD_REQUEST', 'There is no email address to send a confirmation link to; enter one first.');
  if (resend && emailBlockOf(next))
    throw new ProtocolError(
      'BAD_REQUEST',
      `Mail to ${email} ${emailBlockOf(next)!.kind === 'bounced' ? 'bounced' : 'was reported as spam'}, so Caravela sends nothing more there; enter another address.`,
    );
  if (!email || emailConfirmed(next) || (email === r.settings.email && !resend)) return { next, mail: false };
  if (!canMail) throw new ProtocolError('BAD_REQUEST', 'This server does not send email; leave the email address empty.');
  const perHour = limit('EMAIL_CONFIRMATIONS_PER_HOUR');
  const recent = next.confirmationsSent.filter((t) => t > now.getTime() - HOUR_MS);
  if (recent.length >= perHour) {
    throw rateLimited(
      `At most ${perHour} confirmation emails are sent per hour; open a link already sent, or wait.`,
      Math.min(...recent) + HOUR_MS - now.getTime(),
    );
  }
  return { next: { ...next, confirmationsSent: [...recent, now.getTime()] }, mail: true };
}

export const LINK_INVALID =
  'This confirmation link is not valid; copy the whole link from the email, or ask for a new one under Notifications.';
export const LINK_EXPIRED = `This confirmation link has expired (links work for ${EMAIL_LINK_HOURS} hours); ask for a new one under Notifications with “Send the link again”.`;
export const LINK_OUTDATED =
  'This confirmation link is for an address that is no longer in your notification settings; open the newest link, or ask for a new one under Notifications.';

export class EmailConfirmations {
  constructor(private readonly deps: ConfirmationDeps) {}

  /** Store new settings; send the confirmation email they call for. Refusals change nothing. */
  async save(playerId: string, settings: NotificationSettings, resend: boolean): Promise<SettingsRecord> {
    const { players, mailer, now } = this.deps;
    const at = now();
    // The address's count comes first, before anything is stored: a Lambda that dies between
    // storing the settings and mailing loses the email (a retry finds the address stored and sends
    // none), so nothing more may stand between the two. A refusal here has stored nothing.
    const preview = planSettings(await players.getSettingsRecord(playerId, true), settings, resend, at, mailer !== null);
    if (preview.mail) {
      const email = preview.next.settings.email!;
      const perAddress = limit('EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_HOUR');
      const counted = await this.deps.accounts.countConfirmationEmail(email, perAddress, HOUR_MS, at);
      if (!counted.ok) {
        throw rateLimited(
          `At most ${perAddress} confirmation emails an hour go to one address, and ${email} had them; open a link already sent, or wait.`,
          counted.retryAfterMs,
        );
      }
    }
    let mail = false;
    const { before, after } = await players.updateSettings(playerId, (r) => {
      const plan = planSettings(r, settings, resend, at, mailer !== null);
      mail = plan.mail;
      return plan.next;
    });
    if (!mail) return after;
    const email = after.settings.email!;
    try {
      const token = issueEmailToken({ playerId, email }, await this.deps.secret(), at);
      await mailer!.send(email, confirmationMail(playerId, email, this.deps.linkFor(token)));
    } catch (error) {
      this.deps.observer.log.error('a confirmation email failed', failure(error, { playerId }));
      this.deps.observer.count(METRICS.sendFailures);
      await this.putBack(playerId, before, after);
      throw new ProtocolError('INTERNAL', 'The confirmation email could not be sent, so nothing was saved; try again in a few minutes.');
    }
    return after;
  }

  /** Put the settings back as they were (unless they changed again meanwhile): nothing stored, nothing counted. */
  private async putBack(playerId: string, before: SettingsRecord, after: SettingsRecord): Promise<void> {
    await this.deps.players.writeSettingsRecord(playerId, { ...before, rev: after.rev }).catch(() => null);
  }

  /** `POST /api/email/confirm`: the address a valid link confirms; a ProtocolError (BAD_REQUEST) otherwise. */
  async confirm(token: string): Promise<string> {
    const checked = verifyEmailToken(token, await this.deps.secret(), this.deps.now());
    if (!checked.ok) throw new ProtocolError('BAD_REQUEST', checked.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID);
    const { playerId, email, issuedAt } = checked.claim;
    await this.deps.players.updateSettings(playerId, (r) => {
      if (r.settings.email !== email || issuedAt < r.emailSince) throw new ProtocolError('BAD_REQUEST', LINK_OUTDATED);
      return emailConfirmed(r) ? null : { ...r, confirmedEmail: email };
    });
    await this.deps.onConfirmed?.(playerId, email);
    return email;
  }
}
