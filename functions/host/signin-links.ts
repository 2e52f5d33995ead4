/**
 * Mailing sign-in links, the stream's reaction to an ask (host/signin-email.ts notes asks): a
 * link goes only to an address its player confirmed and still has, and that SES has not
 * reported bounced or complained of, at most SIGNIN_EMAILS_PER_HOUR an hour (a count in the
 * address's item, under a conditional write). Apart from signin-email.ts so that the function
 * reading the stream carries only this.
 */
import { issueLinkToken, SIGNIN_LINK_SECONDS } from '../core/session-token';
import { emailUsable } from '../core/notification';
import type { Mail, Mailer } from '../adapters/channels/email';
import type { SignInAsk, SignInAskStore } from '../stores/accounts';
import type { PlayerStore } from '../stores/players';
import { limit } from '../adapters/limits';
import type { SigningKeys } from '../adapters/signing-keys';
import { failure, type Observer } from '../observe/observer';
import { METRICS } from '../observe/metric-names';

const HOUR_MS = 3_600_000;
const MINUTES = SIGNIN_LINK_SECONDS / 60;

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

export interface SignInLinksDeps {
  observer: Observer;
  asks: SignInAskStore;
  /** Whether the player still has the address, confirmed (their settings record). */
  players: Pick<PlayerStore, 'getSettingsRecord'>;
  /** Null when this server sends no email. */
  mailer: Mailer | null;
  now: () => Date;
  keys: Pick<SigningKeys, 'currentKey'>;
  linkFor: (token: string) => string;
}

export class SignInLinks {
  constructor(private readonly deps: SignInLinksDeps) {}

  /**
   * Answer an ask: mail a link if a player signs in with this address; nothing otherwise. Taken
   * once (a redelivered record sends nothing more); a failed email is logged, not retried (the
   * player asks again).
   */
  async send(ask: SignInAsk): Promise<void> {
    const { asks, mailer, now } = this.deps;
    const { email } = ask;
    if (!mailer || !(await asks.takeSignInAsk(email, ask.at))) return;
    const account = await asks.emailAccount(email);
    if (!account) return;
    const record = await this.deps.players.getSettingsRecord(account.playerId, true);
    if (!emailUsable(record) || record.confirmedEmail!.toLowerCase() !== email) return;
    const at = now();
    const counted = await asks.countSignInEmail(email, limit('SIGNIN_EMAILS_PER_HOUR'), HOUR_MS, at);
    if (!counted.ok) return;
    const key = await this.deps.keys.currentKey();
    const token = issueLinkToken({ playerId: account.playerId, email }, key.kid, key.secret, at);
    try {
      await mailer.send(email, signInMail(email, this.deps.linkFor(token), account.playerId));
    } catch (error) {
      // Nobody waits for an answer (the ask's answer said nothing): the log and the metric tell.
      this.deps.observer.log.error('a sign-in email failed', failure(error, { playerId: account.playerId }));
      this.deps.observer.count(METRICS.sendFailures);
    }
  }
}
