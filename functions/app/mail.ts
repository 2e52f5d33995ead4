/** Mail: the mailer, email confirmations and email sign-in links. */
import { OutboxMailer, SesMailer, type Mailer } from '../adapters/channels/email';
import { EmailConfirmations } from '../host/confirm-email';
import { EmailSignIn } from '../host/signin-email';
import { accountStore, sessions } from './accounts';
import type { App } from './app';
import { signingKeys } from './keys';
import { clientOptions, links, observer } from './outside';
import { playerStore } from './players';

export function mailer(app: App): Mailer | null {
  if (app.deps.mailer !== undefined) return app.deps.mailer;
  const { email } = app.deps.config;
  if (!email) return null;
  if ('outboxDir' in email) return new OutboxMailer(email.outboxDir);
  return new SesMailer(email.from, email.configurationSet, app.get(clientOptions));
}

/** Email addresses' confirmation links (setNotifications, POST /api/email/confirm). */
export function confirmations(app: App): EmailConfirmations {
  return new EmailConfirmations({
    players: app.get(playerStore),
    accounts: app.get(accountStore),
    mailer: app.get(mailer),
    secret: app.get(signingKeys).legacySecret,
    now: app.deps.now,
    linkFor: app.get(links).confirmEmail,
    observer: app.get(observer),
    onConfirmed: (playerId, email) => app.get(emailSignIn).confirmed(playerId, email),
  });
}

/** Signing in with a link mailed to a confirmed address (POST /api/signin/email, …/open). */
export function emailSignIn(app: App): EmailSignIn {
  return new EmailSignIn({
    accounts: app.get(accountStore),
    players: app.get(playerStore),
    sessions: app.get(sessions),
    mailer: app.get(mailer),
    now: app.deps.now,
    observer: app.get(observer),
    keys: app.get(signingKeys),
    linkFor: app.get(links).signIn,
  });
}
