/**
 * The page an email confirmation link opens (`#/confirm-email/<token>`): it sends the token to
 * `POST /api/email/confirm` and says whether the address is now confirmed. No sign-in is needed
 * (the link is the proof), so it also works on the device where the email was read.
 */
import type { App } from '../app';
import { h, replace } from '../dom';

export function confirmEmailScreen(app: App, token: string): Node {
  const card = h(
    'section',
    { class: 'card narrow', 'data-screen': 'confirm-email', 'aria-live': 'polite' },
    h('h1', null, 'Email address'),
    h('p', { class: 'muted' }, 'Confirming…'),
  );
  const next = app.session
    ? h('a', { href: '#/settings', class: 'button' }, 'Notification settings')
    : h('a', { href: '#/', class: 'button' }, 'Open Caravela');
  app.api<{ email: string }>('/api/email/confirm', { method: 'POST', body: JSON.stringify({ token }) }).then(
    ({ email }) =>
      replace(
        card,
        h('h1', null, 'Email address confirmed'),
        h('p', { 'data-result': 'confirmed' }, `Your email address ${email} is confirmed; notifications will be sent there.`),
        next,
      ),
    (error: Error) =>
      replace(card, h('h1', null, 'Email address not confirmed'), h('p', { 'data-result': 'refused' }, error.message), next),
  );
  return card;
}
