/**
 * The pages a sign-in link opens: `#/signin/<token>` (emailed) and `#/link/<code>` (the QR code
 * or link another device shows). The link is the proof, so no sign-in is needed; on a browser
 * already signed in, the player first chooses whether to switch.
 */
import type { App } from '../app';
import { h, replace } from '../dom';
import { browserLabel, fromAnswer, type SessionAnswer } from '../session';
import './accounts.css';

export function signInLinkScreen(app: App, kind: 'email' | 'code', secret: string): Node {
  const card = h('section', { class: 'card narrow', 'data-screen': 'signin-link', 'aria-live': 'polite' });
  const use = async () => {
    replace(card, h('h1', null, 'Signing in'), h('p', { class: 'muted' }, 'Checking the link…'));
    const [route, body] = kind === 'email' ? ['/api/signin/email/open', { token: secret }] : ['/api/signin/code', { code: secret }];
    try {
      // Not as the player signed in here (if any): the link names its own player.
      const answer = await fetch(`${app.config.httpUrl}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, label: browserLabel() }),
      });
      const data = (await answer.json().catch(() => ({}))) as SessionAnswer & { message?: string };
      if (!answer.ok) throw new Error(data.message ?? `The server answered ${answer.status}.`);
      app.clearError();
      app.signIn(fromAnswer(data));
      app.go('#/');
    } catch (error) {
      replace(
        card,
        h('h1', null, 'Not signed in'),
        h('p', { 'data-result': 'refused' }, (error as Error).message),
        h('a', { href: '#/', class: 'button' }, app.session ? 'Back to your games' : 'Back to the sign-in screen'),
      );
    }
  };
  if (app.session) {
    replace(
      card,
      h('h1', null, 'Sign-in link'),
      h(
        'p',
        null,
        `This browser is signed in as ${app.session.name} already. Use the link to sign in as the player it was made for instead?`,
      ),
      h('button', { type: 'button', class: 'primary', onclick: () => void use() }, 'Use the link'),
      h('a', { href: '#/', class: 'button' }, `Stay signed in as ${app.session.name}`),
    );
  } else void use();
  return card;
}
