/**
 * A group (`#/group/<id>`, or `#/group/<id>/<code>` from its invite link): for members, who is in
 * it and online, their games waiting for players (Join), the group's leaderboard of one game and
 * the invite link to share; for others, a Join button when they came by the link.
 */
import './community.css';
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { GAME_INFO, gameTitle } from '../games/registry';
import { formatRating } from './rating-chart';
import { playerLink } from './profile';

type GroupFrame = Extract<ServerFrame, { type: 'group' }>;

export function groupScreen(app: App, groupId: string, code: string): Node {
  const root = h('div', { 'data-screen': 'group', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading the group…'));
  let game = GAME_INFO[0]!.id;
  const link = (inviteCode: string) =>
    `${app.config.publicUrl ?? `${location.origin}${location.pathname}`}#/group/${encodeURIComponent(groupId)}/${encodeURIComponent(inviteCode)}`;

  const show = (g: GroupFrame) => {
    root.removeAttribute('aria-busy');
    document.title = `${g.name} — Caravela`;
    if (!g.youMember) {
      replace(
        root,
        h(
          'section',
          { class: 'card narrow' },
          h('h1', null, g.name),
          h('p', null, 'A group started by ', playerLink(g.createdBy), '.'),
          code
            ? h(
                'button',
                { type: 'button', class: 'primary', onclick: () => act({ action: 'joinGroup', groupId, code }) },
                `Join ${g.name}`,
              )
            : h('p', { class: 'muted' }, 'Ask a member for its invite link to join.'),
        ),
      );
      return;
    }
    const pickGame = h(
      'select',
      { id: 'group-game' },
      GAME_INFO.map((info) => h('option', { value: info.id, selected: info.id === g.game }, info.title)),
    );
    pickGame.addEventListener('change', () => {
      game = pickGame.value;
      void load();
    });
    const invite = h('input', { id: 'invite-link', readonly: true, value: link(g.inviteCode!) });
    replace(
      root,
      h(
        'section',
        { class: 'card' },
        h('h1', null, g.name),
        h(
          'ul',
          { class: 'friends' },
          g.members.map((m) =>
            h(
              'li',
              { class: 'friend' },
              h('span', { class: `presence ${m.online ? 'online' : 'offline'}`, title: m.online ? 'Online now' : 'Not online' }),
              playerLink(m),
              h('span', { class: 'muted' }, m.online ? ' · online' : ''),
            ),
          ),
        ),
        h('label', { for: 'invite-link' }, 'Invite link: whoever opens it may join'),
        invite,
        h('p', null, h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(invite.value) }, 'Copy the link')),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Games waiting for players'),
        g.waiting.length
          ? h(
              'ul',
              { class: 'games' },
              g.waiting.map((w) =>
                h(
                  'li',
                  { class: 'game-row' },
                  h('a', { href: `#/join/${encodeURIComponent(w.gameId)}` }, h('strong', null, gameTitle(w.game)), ' · join'),
                  h(
                    'div',
                    { class: 'muted' },
                    w.seats.flatMap((s, i) => [i ? ', ' : '', s ? playerLink(s) : 'open seat']),
                  ),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'None now. A game a member creates shows here while it has a free seat.'),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Leaderboard'),
        h('label', { for: 'group-game' }, 'Game'),
        pickGame,
        g.leaderboard.length
          ? h(
              'ol',
              { class: 'leaders' },
              g.leaderboard.map((l) => h('li', null, `${l.rank}. `, playerLink(l), ` · ${formatRating(l.rating)} · ${l.games} games`)),
            )
          : h('p', { class: 'muted' }, `No member has a rating in ${gameTitle(g.game)} yet.`),
        h('p', null, h('button', { type: 'button', onclick: () => act({ action: 'leaveGroup', groupId }) }, 'Leave the group')),
      ),
    );
  };
  const act = async (frame: Record<string, unknown>) => {
    const answer = await app.conn!.request<ServerFrame>(frame);
    if (answer.type === 'group') {
      app.clearError();
      show(answer);
    }
  };
  const load = () => act({ action: 'group', groupId, game });
  void load();
  return root;
}
