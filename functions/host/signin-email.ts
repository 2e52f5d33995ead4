/**
 * Signing in with a link mailed to the player's confirmed address. Asking never says whether an
 * account has the address: the answer is always the same, and so is the work done before it —
 * one write noting the ask, whatever the address; the table's stream then hands the ask to
 * signin-links.ts, which looks the address up and mails (so the time to answer tells nothing
 * either). The link is signed, works SIGNIN_LINK_SECONDS, and once: opening it marks its nonce
 * used with a conditional write before the device is made.
 */
import { SIGNIN_LINK_SECONDS, verifyLinkToken } from '../core/session-token';
import { emailConfirmed } from '../core/notification';
import type { Mailer } from '../adapters/channels/email';
import type { AccountStore } from '../stores/accounts';
import type { PlayerStore } from '../stores/players';
import type { SigningKeys } from '../adapters/signing-keys';
import { AccountError, type SessionAnswer, type Sessions } from './sessions';
import type { Observer } from '../observe/observer';

const _HOUR_MS = 3_600_000;
const MINUTES = SIGNIN_LINK_SECONDS / 60;

export const SIGNIN_LINK_INVALID =
  'This sign-in link is not valid; copy the whole link from the email, or ask for a new one on the sign-in screen.';
export const SIGNIN_LINK_EXPIRED = `This sign-in link has expired (links work for ${MINUTES} minutes); ask for a new one on the sign-in screen.`;
export const SIGNIN_LINK_USED = 'This sign-in link was used already (each link works once); ask for a new one on the sign-in screen.';
export const SIGNIN_LINK_OUTDATED =
  'This sign-in link is for an address that no longer signs in to this account; ask for a new one on the sign-in screen.';

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

  /** Whether the player still has this address, confirmed, in their notification settings. */
  private async confirmedFor(playerId: string, email: string): Promise<boolean> {
    const record = await this.deps.players.getSettingsRecord(playerId, true);
    return emailConfirmed(record) && record.confirmedEmail!.toLowerCase() === email;
  }

  /** `POST /api/signin/email`: note the ask (the stream answers it with `send`); the same work and answer for every address. */
  async request(address: string): Promise<void> {
    if (!this.deps.mailer)
      throw new AccountError(
        'BAD_REQUEST',
        400,
        'This server does not send email; sign in with a passkey, or with a code from a device where you are signed in.',
      );
    await this.deps.accounts.askSignInLink(address.trim().toLowerCase(), this.deps.now());
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
