/** Sign in with a name: the server registers the player and returns the token kept in this browser. */
import type { App } from '../app';
import { h } from '../dom';

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
          const player = await app.api<{ playerId: string; token: string; name?: string }>('/api/players', { method: 'POST', body: JSON.stringify({ name }) });
          app.clearError();
          // The server's normalised name (NFC, one space between words) is the one others see.
          app.signIn({ playerId: player.playerId, token: player.token, name: player.name ?? name });
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
  return form;
}
