/** Sign in with a name: the server registers the player and returns the token kept in this browser. */
import type { App } from '../app';
import { h } from '../dom';

export function signInScreen(app: App, then: () => void): Node {
  const input = h('input', { id: 'name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname', placeholder: 'Ana' });
  const form = h(
    'form',
    {
      class: 'card narrow',
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name) return app.error('Please enter a name.');
        try {
          const player = await app.api<{ playerId: string; token: string }>('/api/players', { method: 'POST', body: JSON.stringify({ name }) });
          app.clearError();
          app.signIn({ ...player, name });
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
