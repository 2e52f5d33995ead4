/**
 * The page an invite link opens (`#/join/<game>`): who invites the player to which game, who sits
 * there already and how many seats are open, then "Take a seat" or "Just watch". A game that can
 * no longer be joined (full, started, finished), or where the player already sits, opens at once.
 */
import type { GameInfoFrame, ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle } from '../games/registry';
import { listWords } from '../words';

export function inviteScreen(app: App, gameId: string): Node {
  const root = h('section', { class: 'card invite-page', 'data-screen': 'invite' }, h('p', { class: 'muted' }, 'Opening the invitation…'));
  const open = () => app.go(`#/game/${encodeURIComponent(gameId)}`);
  const join = async () => {
    const answer = await app.conn!.request<ServerFrame>({ action: 'joinGame', gameId });
    // Full or finished meanwhile: still worth opening, as a spectator.
    if (answer.type === 'error' && answer.code !== 'GAME_FULL') return;
    open();
  };
  void app.conn!.request<ServerFrame>({ action: 'gameInfo', gameId }).then((answer) => {
    if (answer.type !== 'gameInfo') {
      replace(root, h('p', null, 'This invitation leads to no game: it may have been cancelled, or the link was cut short.'));
      return;
    }
    const info = answer as GameInfoFrame;
    const me = app.session?.playerId;
    if (info.status !== 'open' || info.seats.some((s) => s?.playerId === me)) return open();
    const seated = info.seats.flatMap((s) => (s ? [s.bot ? `${s.name} (a bot)` : s.name] : []));
    const host = info.seats.find((s) => s && !s.bot)?.name ?? 'A player';
    const free = info.seats.filter((s) => s === null).length;
    replace(
      root,
      h('h1', null, `${host} invites you to a game of ${gameTitle(info.game)}`),
      h(
        'p',
        null,
        `${app.session?.name ?? 'You'}, ${info.seats.length} players: ${listWords(seated)} ${seated.length === 1 ? 'sits' : 'sit'} at the table; ${free} ${free === 1 ? 'seat is' : 'seats are'} open. The game starts when every seat is taken.`,
      ),
      h(
        'p',
        null,
        h('button', { type: 'button', class: 'primary', onclick: () => void join() }, 'Take a seat'),
        ' ',
        h('button', { type: 'button', onclick: open }, 'Just watch'),
      ),
    );
  });
  return root;
}
