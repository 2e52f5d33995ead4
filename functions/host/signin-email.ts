/**
 * Signing in with a link mailed to the player's confirmed address. Asking never says whether an
 * account has the address (the answer is always the same); a link is sent only to an address
 * its player confirmed and still has, and that SES has not reported bounced or complained of,
 * at most SIGNIN_EMAILS_PER_HOUR an hour. The link is
 * signed, works SIGNIN_LINK_SECONDS, and once: opening it marks its nonce used with a
 * conditional write before the device is made.
 */
import { issueLinkToken, SIGNIN_LINK_SECONDS, verifyLinkToken } from '../core/session-token';
import { emailConfirmed, emailUsable } from '../core/notification';
import type { Mail, Mailer } from '../adapters/channels/email';
import type { AccountStore } from '../stores/accounts';
import type { PlayerStore } from '../stores/players';
import { limit } from '../adapters/limits';
import type { SigningKeys } from '../adapters/signing-keys';
import { AccountError, type SessionAnswer, type Sessions } from './sessions';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

const HOUR_MS = 3_600_000;
const MINUTES = SIGNIN_LINK_SECONDS / 60;

export const SIGNIN_LINK_INVALID =
  'This sign-in link is not valid; copy the whole link from the email, or ask for a new one on the sign-in screen.';
export const SIGNIN_LINK_EXPIRED = `This sign-in link has expired (links work for ${MINUTES} minutes); ask for a new one on the sign-in screen.`;
export const SIGNIN_LINK_USED = 'This sign-in link was used already (each link works once); ask for a new one on the sign-in screen.';
export const SIGNIN_LINK_OUTDATED =
  'This sign-in link is for an address that no longer signs in to this account; ask for a new one on the sign-in screen.';

export function signInMail(email: string, link: string, playerId: string): Mail {
  return {
    subject: 'Your Caravela sign-in link',
    text:
      `Someone asked to sign in to Caravela as the player whose address is ${email}.\n\n` +
      `If that was you, open this link on the device you want to sign in on (it works once, for ${MINUTES} minutes):\n\n${link}\n\n` +
      'If it was not, ignore this email: nobody can sign in without the link.\n',
    label: ['signin', playerId],
    // Tagged like notifications, so a bounce or complaint of a sign-in link marks the address too.
    playerId,
  };
}

export interface EmailSignInDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  accounts: AccountStore;
  /** Whether the player still has the address, confirmed (their settings record). */
  players: PlayerStore;
  sessions: Sessions;
  /** Null when this server sends no email. */
  mailer: Mailer | null;
  now: () => Date;
  keys: SigningKeys;
  linkFor: (token: string) => string;
}

export class EmailSignIn {
  constructor(private readonly deps: EmailSignInDeps) {}

  /** The address a player signs in with, if their confirmed notification address is one; `mailable`: and mail may still go there. */
  private async confirmedFor(playerId: string, email: string, mailable = false): Promise<boolean> {
    const record = await this.deps.players.getSettingsRecord(playerId, true);
    return (mailable ? emailUsable(record) : emailConfirmed(record)) && record.confirmedEmail!.toLowerCase() === email;
  }

  /** `POST /api/signin/email`: mail a link if a player signs in with this address; silent otherwise (the same answer either way). */
  async request(address: string): Promise<void> {
    const { accounts, mailer, now } = this.deps;
    const email = address.trim().toLowerCase();
    if (!mailer)
      throw new AccountError(
        'BAD_REQUEST',
        400,
        'This server does not send email; sign in with a passkey, or with a code from a device where you are signed in.',
      );
    const account = await accounts.emailAccount(email);
    if (!account || !(await this.confirmedFor(account.playerId, email, true))) return;
    const at = now();
    const counted = await accounts.countSignInEmail(email, limit('SIGNIN_EMAILS_PER_HOUR'), HOUR_MS, at);
    if (!counted.ok) return;
    const key = await this.deps.keys.currentKey();
    const token = issueLinkToken({ playerId: account.playerId, email }, key.kid, key.secret, at);
    try {
      await mailer.send(email, signInMail(email, this.deps.linkFor(token), account.playerId));
    } catch (error) {
      // The answer stays the same (it must not tell whether the address has an account): the log and the metric tell.
      this.deps.observer.log.error('a sign-in email failed', failure(error, { playerId: account.playerId }));
      this.deps.observer.count(METRICS.sendFailures);
    }
  }

  /** `POST /api/signin/email/open`: a new device for the link's player, once. */
  async open(token: string, label: string): Promise<SessionAnswer> {
    const { accounts, sessions, now } = this.deps;
    const checked = await verifyLinkToken(token, this.deps.keys.keyFor, now());
    if (!checked.ok) throw new AccountError('BAD_REQUEST', 400, checked.reason === 'expired' ? SIGNIN_LINK_EXPIRED : SIGNIN_LINK_INVALID);
    const { playerId, email, nonce, expiresAt } = checked.claim;
    if (!(await this.confirmedFor(playerId, email))) throw new AccountError('BAD_REQUEST', 400, SIGNIN_LINK_OUTDATED);
    const name = await accounts.playerName(playerId);
    if (name === null) throw new AccountError('BAD_REQUEST', 400, SIGNIN_LINK_INVALID);
    if (!(await accounts.markLinkUsed(nonce, playerId, expiresAt * 1000))) throw new AccountError('CONFLICT', 409, SIGNIN_LINK_USED);
    return sessions.start({ playerId, name }, 'email', label);
  }

  /** After an address is confirmed: it signs its player in (the latest confirmation of an address wins). */
  async confirmed(playerId: string, email: string): Promise<void> {
    await this.deps.accounts.setEmailAccount(email.toLowerCase(), playerId);
  }
}
