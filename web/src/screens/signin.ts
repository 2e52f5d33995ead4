/**
 * The sign-in screen: a new player chooses a name (the server registers them and this browser
 * becomes their first device); a returning one signs in with a passkey, an emailed link or a
 * code from another device (signin-methods.ts).
 */
import type { App } from '../app';
import { h } from '../dom';
import { browserLabel, fromAnswer, type SessionAnswer } from '../session';
import { signInMethods } from './signin-methods';

export function signInScreen(app: App, then: () => void): Node {
  // The server owns the name rule and counts after normalising; maxlength only bounds the typing.
  const input = h('input', { id: 'name', name: 'name', required: true, maxlength: 128, autocomplete: 'nickname', placeholder: 'Ana' });
  const form = h(
    'form',
    {
      class: 'card narrow',
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name) return app.error('Please enter a name.');
        try {
          const player = await app.api<SessionAnswer>('/api/players', {
            method: 'POST',
            body: JSON.stringify({ name, device: { label: browserLabel() } }),
          });
          app.clearError();
          // The server's normalised name (NFC, one space between words) is the one others see.
          app.signIn(fromAnswer(player));
          then();
        } catch (error) {
          app.error((error as Error).message);
        }
      },
    },
    h('h1', null, 'Welcome aboard'),
    h('p', null, 'Play board games by turns, over days. Choose the name other players will see.'),
    h('label', { for: 'name' }, 'Your name'),
    input,
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
  );
  queueMicrotask(() => input.focus());
  return h('div', { 'data-screen': 'signin' }, form, signInMethods(app, then));
}
