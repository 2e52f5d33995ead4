/**
 * The sign-in screen: a new player chooses a name (the server registers them and this browser
 * becomes their first device); a returning one signs in with a passkey, an emailed link or a
 * code from another device (signin-methods.ts). Names are unique: typing one that someone has is
 * answered with the ways to sign in as them, never a second account of the same name.
 */
import { ApiError, type App } from '../app';
import { h, replace } from '../dom';
import { browserLabel, fromAnswer, type SessionAnswer } from '../session';
import { signInMethods } from './signin-methods';

export function signInScreen(app: App, then: () => void): Node {
  // The server owns the name rule and counts after normalising; maxlength only bounds the typing.
  const input = h('input', { id: 'name', name: 'name', required: true, maxlength: 128, autocomplete: 'nickname', placeholder: 'Ana' });
  const taken = h('div', { class: 'name-taken', 'aria-live': 'polite' });
  const methods = signInMethods(app, then) as HTMLElement;
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
          if (!(error instanceof ApiError && error.status === 409)) return app.error((error as Error).message);
          // Someone plays under that name: most likely this player, on a new device.
          app.clearError();
          replace(
            taken,
            h(
              'div',
              { class: 'note', 'data-result': 'name-taken' },
              h('p', null, error.message),
              h(
                'button',
                { type: 'button', onclick: () => methods.querySelector<HTMLButtonElement>('.methods button')?.focus() },
                'Is it you? Sign in below: your games are there',
              ),
            ),
          );
          methods.classList.add('highlight');
          methods.scrollIntoView({ block: 'nearest' });
        }
      },
    },
    h('h1', null, 'Welcome aboard'),
    h('p', null, 'Play board games by turns, over days. Choose the name other players will see.'),
    h('label', { for: 'name' }, 'Your name'),
    input,
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    taken,
  );
  input.addEventListener('input', () => {
    replace(taken);
    methods.classList.remove('highlight');
  });
  queueMicrotask(() => input.focus());
  return h('div', { 'data-screen': 'signin' }, form, methods);
}
