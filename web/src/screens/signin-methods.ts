/**
 * Signing in on a new device as a player who already plays elsewhere: with a passkey (no name
 * typed: the browser offers the ones it has), with a link emailed to the player's confirmed
 * address, or with the code another signed-in device shows (Devices → Show a code). One panel
 * opens at a time; every outcome is said in words.
 */
import type { App } from '../app';
import { h, replace } from '../dom';
import { passkeysUnavailable, signInWithPasskey } from '../passkeys';
import { browserLabel, fromAnswer, type SessionAnswer } from '../session';
import './accounts.css';

export function signInMethods(app: App, then: () => void): Node {
  const panel = h('div', { id: 'signin-panel', class: 'signin-panel', 'aria-live': 'polite' });
  const buttons: HTMLButtonElement[] = [];
  const open = (button: HTMLButtonElement, ...content: Node[]) => {
    for (const b of buttons) b.setAttribute('aria-expanded', String(b === button));
    replace(panel, ...content);
  };
  const signedIn = (answer: SessionAnswer) => {
    app.clearError();
    app.signIn(fromAnswer(answer));
    then();
  };

  const passkey = h(
    'button',
    {
      type: 'button',
      'aria-controls': 'signin-panel',
      onclick: async () => {
        const unavailable = passkeysUnavailable();
        if (unavailable) return open(passkey, h('p', { class: 'note' }, unavailable));
        open(passkey, h('p', { class: 'muted' }, "Choose your passkey in the browser's prompt…"));
        try {
          const session = await signInWithPasskey(app);
          app.clearError();
          app.signIn(session);
          then();
        } catch (error) {
          open(passkey, h('p', { class: 'note', 'data-result': 'refused' }, (error as Error).message));
        }
      },
    },
    'Use a passkey',
  );

  const email = h(
    'button',
    {
      type: 'button',
      'aria-controls': 'signin-panel',
      onclick: () => {
        const input = h('input', {
          id: 'signin-email',
          type: 'email',
          required: true,
          autocomplete: 'email',
          placeholder: 'you@example.com',
        });
        const result = h('div', { role: 'status' });
        open(
          email,
          h(
            'form',
            {
              onsubmit: async (e: Event) => {
                e.preventDefault();
                try {
                  const answer = await app.api<{ message: string }>('/api/signin/email', {
                    method: 'POST',
                    body: JSON.stringify({ email: input.value.trim() }),
                  });
                  replace(result, h('p', { class: 'note ok', 'data-result': 'sent' }, `${answer.message} Open it on this device.`));
                } catch (error) {
                  replace(result, h('p', { class: 'note', 'data-result': 'refused' }, (error as Error).message));
                }
              },
            },
            h('label', { for: 'signin-email' }, 'Your email address'),
            h('p', { class: 'hint muted' }, 'Links go to an address you confirmed under Notifications.'),
            input,
            h('button', { type: 'submit', class: 'primary' }, 'Send me the link'),
            result,
          ),
        );
        input.focus();
      },
    },
    'Email me a sign-in link',
  );

  const code = h(
    'button',
    {
      type: 'button',
      'aria-controls': 'signin-panel',
      onclick: () => {
        const input = h('input', {
          id: 'signin-code',
          required: true,
          autocomplete: 'one-time-code',
          autocapitalize: 'characters',
          spellcheck: false,
          maxlength: 12,
          placeholder: 'ABCD-EFGH',
          class: 'code-input',
        });
        const result = h('div', { role: 'status' });
        open(
          code,
          h(
            'form',
            {
              onsubmit: async (e: Event) => {
                e.preventDefault();
                try {
                  signedIn(
                    await app.api<SessionAnswer>('/api/signin/code', {
                      method: 'POST',
                      body: JSON.stringify({ code: input.value, label: browserLabel() }),
                    }),
                  );
                } catch (error) {
                  replace(result, h('p', { class: 'note', 'data-result': 'refused' }, (error as Error).message));
                }
              },
            },
            h('label', { for: 'signin-code' }, 'The code your other device shows'),
            h('p', { class: 'hint muted' }, 'On a device where you are signed in, open Devices and press “Show a code”.'),
            input,
            h('button', { type: 'submit', class: 'primary' }, 'Use this code'),
            result,
          ),
        );
        input.focus();
      },
    },
    'I have a code from another device',
  );

  buttons.push(passkey, email, code);
  for (const b of buttons) b.setAttribute('aria-expanded', 'false');
  return h(
    'section',
    { class: 'card narrow', 'data-screen': 'signin-methods', 'aria-labelledby': 'signin-methods-title' },
    h('h2', { id: 'signin-methods-title' }, 'Already playing on another device?'),
    h('p', null, 'Sign in here as the same player, and find all your games.'),
    h('div', { class: 'methods' }, ...buttons),
    panel,
  );
}
