/**
 * Friends (`#/friends`): the players you follow — online or not, on vacation, how many of their
 * games wait for their move — each with "New game with …"; follow someone by name; the players
 * you block; your groups, and a new group.
 */
import './community.css';
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { playerLink } from './profile';

type FriendsFrame = Extract<ServerFrame, { type: 'friends' }>;

export const untilWords = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

export function friendsScreen(app: App): Node {
  const body = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading your friends…'));
  const send = async (frame: Record<string, unknown>) => {
    const answer = await app.conn!.request<ServerFrame>(frame);
    if (answer.type === 'friends') {
      app.clearError();
      show(answer);
    }
    return answer;
  };

  const show = (f: FriendsFrame) => {
    const name = h('input', { id: 'follow-name', required: true, maxlength: '64', autocomplete: 'off' });
    const groupName = h('input', { id: 'group-name', required: true, maxlength: '48' });
    replace(
      body,
      h(
        'section',
        { class: 'card' },
        h('h1', null, 'Friends'),
        f.following.length
          ? h(
              'ul',
              { class: 'friends' },
              f.following.map((p) =>
                h(
                  'li',
                  { class: 'friend', dataset: { playerId: p.playerId } },
                  h('span', { class: `presence ${p.online ? 'online' : 'offline'}`, title: p.online ? 'Online now' : 'Not online' }),
                  playerLink(p),
                  h(
                    'span',
                    { class: 'muted' },
                    p.online ? ' · online' : ' · offline',
                    p.awayUntil ? ` · on vacation until ${untilWords(p.awayUntil)}` : '',
                    p.turnsWaiting ? ` · ${p.turnsWaiting} ${p.turnsWaiting === 1 ? 'game waits' : 'games wait'} for their move` : '',
                  ),
                  h(
                    'span',
                    { class: 'friend-actions' },
                    h('a', { class: 'button', href: `#/new/${encodeURIComponent(p.playerId)}` }, `New game with ${p.name}`),
                    h('button', { type: 'button', onclick: () => send({ action: 'unfollow', playerId: p.playerId }) }, 'Unfollow'),
                  ),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'You follow nobody yet. Follow the players you enjoy: you will see when they are online.'),
        h(
          'form',
          {
            class: 'inline-form',
            onsubmit: async (e: Event) => {
              e.preventDefault();
              await send({ action: 'follow', name: name.value });
            },
          },
          h('label', { for: 'follow-name' }, 'Follow a player by name'),
          name,
          h('button', { type: 'submit', class: 'primary' }, 'Follow'),
        ),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Groups'),
        f.groups.length
          ? h(
              'ul',
              null,
              f.groups.map((g) => h('li', null, h('a', { href: `#/group/${encodeURIComponent(g.groupId)}` }, g.name))),
            )
          : h(
              'p',
              { class: 'muted' },
              'A group is a club: its members see each other’s games waiting for players and a leaderboard of their own.',
            ),
        h(
          'form',
          {
            class: 'inline-form',
            onsubmit: async (e: Event) => {
              e.preventDefault();
              const answer = await app.conn!.request<ServerFrame>({ action: 'createGroup', name: groupName.value });
              if (answer.type === 'group') app.go(`#/group/${encodeURIComponent(answer.groupId)}`);
            },
          },
          h('label', { for: 'group-name' }, 'Start a group'),
          groupName,
          h('button', { type: 'submit' }, 'Create the group'),
        ),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Blocked'),
        f.blocked.length
          ? h(
              'ul',
              null,
              f.blocked.map((p) =>
                h(
                  'li',
                  null,
                  p.name,
                  ' ',
                  h('button', { type: 'button', onclick: () => send({ action: 'unblock', playerId: p.playerId }) }, `Unblock ${p.name}`),
                ),
              ),
            )
          : h(
              'p',
              { class: 'muted' },
              'Nobody. A player you block (from their profile) never sits at your table or meets you in a tournament, and you do not see their chat.',
            ),
      ),
    );
  };
  void send({ action: 'friends' });
  return h('div', { 'data-screen': 'friends' }, body);
}
