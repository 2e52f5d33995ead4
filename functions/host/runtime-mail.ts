/** The mail part of the process's runtime (see runtime.ts): the mailer and email confirmations. */
import { tokenSecret } from '../adapters/aws';
import { config, confirmEmailUrl, signInUrl } from '../adapters/config';
import { OutboxMailer, SesMailer, type Mailer } from '../adapters/channels/email';
import { EmailConfirmations } from './confirm-email';
import { getAccounts } from './runtime-accounts';
import { EmailSignIn } from './signin-email';
import { getRuntime, now } from './runtime';

let mailer: Mailer | null | undefined;
let confirmations: EmailConfirmations | undefined;
let emailSignIn: EmailSignIn | undefined;

export function getMailer(): Mailer | null {
  if (mailer === undefined) {
    mailer = process.env.EMAIL_OUTBOX_DIR
      ? new OutboxMailer(process.env.EMAIL_OUTBOX_DIR)
      : process.env.EMAIL_FROM
        ? new SesMailer(process.env.EMAIL_FROM, config().region, process.env.SES_CONFIGURATION_SET || undefined)
        : null;
  }
  return mailer;
}

/** Email addresses' confirmation links (setNotifications, POST /api/email/confirm). */
export function getConfirmations(): EmailConfirmations {
  confirmations ??= new EmailConfirmations({
    players: getRuntime().records,
    mailer: getMailer(),
    secret: tokenSecret,
    now,
    linkFor: confirmEmailUrl,
    onConfirmed: (playerId, email) => getEmailSignIn().confirmed(playerId, email),
  });
  return confirmations;
}

/** Signing in with a link mailed to a confirmed address (POST /api/signin/email, …/open). */
export function getEmailSignIn(): EmailSignIn {
  const { store, sessions } = getAccounts();
  emailSignIn ??= new EmailSignIn({
    accounts: store,
    players: getRuntime().records,
    sessions,
    mailer: getMailer(),
    now,
    linkFor: signInUrl,
  });
  return emailSignIn;
}
