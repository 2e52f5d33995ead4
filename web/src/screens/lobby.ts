/** My games: the ones waiting for me first, then the most recent; each opens its game screen. */
import type { GameSummary, ServerFrame } from '../../../functions/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle } from '../games/registry';

export function ago(iso: string): string {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

function row(g: GameSummary): Node {
  const players = g.seats.map((s) => s?.name ?? 'open seat').join(', ');
  const state = g.status === 'open' ? 'Waiting for players' : g.status === 'finished' ? 'Finished' : g.yourTurn ? 'Your turn' : 'Waiting for others';
  return h(
    'li',
    { class: `game-row${g.yourTurn ? ' your-turn' : ''}`, dataset: { gameId: g.gameId } },
    h('a', { href: `#/game/${encodeURIComponent(g.gameId)}` }, h('strong', null, gameTitle(g.game)), ' · ', state),
    h('div', { class: 'muted' }, players),
    h('div', { class: 'muted' }, g.lastMove ? `${g.lastMove} · ` : '', `version ${g.version}, ${ago(g.updatedAt)}`),
  );
}

export function lobbyScreen(app: App): Node {
  const list = h('ul', { class: 'games', 'aria-live': 'polite' }, h('li', { class: 'muted' }, 'Loading your games…'));
  const load = async () => {
    const answer = await app.conn!.request<Extract<ServerFrame, { type: 'games' }>>({ action: 'myGames' });
    replace(list, answer.games.length ? answer.games.map(row) : h('li', { class: 'muted' }, 'No games yet. Start one!'));
  };
  void load().catch((e: Error) => app.error(e.message));
  // Moves in my games arrive as states only while subscribed; refresh the list when the tab comes back.
  const refresh = () => document.visibilityState === 'visible' && list.isConnected && void load().catch(() => undefined);
  document.addEventListener('visibilitychange', refresh);
  return h(
    'section',
    { class: 'card', 'data-screen': 'lobby' },
    h('h1', null, `Hello, ${app.session!.name}`),
    h('p', null, h('a', { href: '#/new', class: 'button primary' }, 'New game')),
    h('h2', null, 'Your games'),
    list,
  );
}
