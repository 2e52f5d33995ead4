/**
 * A game's leaderboard (`#/leaderboard/<game>`): players by rating, best first, in pages, each
 * name leading to the player's profile; the signed-in player's own row stands out. Tabs switch
 * between the games.
 */
import './ratings.css';
import type { LeaderboardEntry, ServerFrame } from '../../../functions/core/protocol/frames';
import { BOT_SKILLS, DISPLAY_BASE, ordinalOf, shown } from '../../../functions/core/ratings';
import { levelName } from '../../../domain/games/bot-levels';
import type { App } from '../app';
import { h, replace } from '../dom';
import { GAME_INFO, gameInfo } from '../games/registry';
import { formatRating } from './rating-chart';

/** Players asked for per page. */
const PAGE = 25;

/** How ratings work, in two sentences (shown under the leaderboard and on profiles). */
export function aboutRatings(): Node {
  const bots = Object.entries(BOT_SKILLS).map(([bot, skill]) => `${levelName(bot)} ${formatRating(shown(ordinalOf(skill)))}`);
  return h(
    'p',
    { class: 'muted about-ratings' },
    `A rating is the level your results so far show you play at, at least, on the scale chess and Board Game Arena players know: everyone starts at ${DISPLAY_BASE.toLocaleString('en')}, and each finished game moves it by how you placed against whom. `,
    `Bots count at fixed ratings (${bots.join(', ')}) and never change: above the Standard bot is a strong player.`,
  );
}

/** Tabs to every game's leaderboard, the current one marked. */
const gameTabs = (current: string) =>
  h(
    'nav',
    { class: 'game-tabs', 'aria-label': 'Leaderboards of the games' },
    GAME_INFO.map((g) =>
      h('a', { href: `#/leaderboard/${encodeURIComponent(g.id)}`, ...(g.id === current ? { 'aria-current': 'page' } : {}) }, g.title),
    ),
  );

export function leaderboardScreen(app: App, game: string): Node {
  const id = game || GAME_INFO[0]!.id;
  const info = gameInfo(id);
  if (!info) {
    // A link to a game this server does not have: say so in words, and offer the ones it has.
    return h(
      'section',
      { class: 'card', 'data-screen': 'leaderboard' },
      h('h1', null, 'No such game'),
      h('p', { role: 'status' }, `Caravela has no game called “${id}”; choose one of these:`),
      gameTabs(''),
    );
  }
  const rows = h('tbody');
  const more = h('div', { class: 'more-players' });
  const status = h('p', { class: 'muted', role: 'status' }, 'Loading the leaderboard…');
  const me = app.session?.playerId;
  let next: string | null = null;

  const row = (e: LeaderboardEntry) =>
    h(
      'tr',
      { class: e.playerId === me ? 'you' : '', dataset: { playerId: e.playerId } },
      h('td', { class: 'num' }, e.rank),
      h(
        'td',
        null,
        h('a', { href: `#/player/${encodeURIComponent(e.playerId)}` }, e.name),
        e.playerId === me ? h('span', { class: 'badge' }, 'you') : null,
      ),
      h('td', { class: 'num' }, formatRating(e.rating)),
      h('td', { class: 'num' }, e.games),
      h('td', { class: 'num' }, e.wins),
    );

  const load = async (cursor: string | null) => {
    const answer = await app.conn!.request<ServerFrame>(
      { action: 'leaderboard', game: id, limit: PAGE, ...(cursor ? { cursor } : {}) },
      true,
    );
    if (answer.type === 'error') {
      app.clearError();
      status.textContent = answer.message;
      return;
    }
    if (answer.type !== 'leaderboard') return;
    rows.append(...answer.entries.map(row));
    next = answer.next;
    status.textContent = rows.childElementCount ? '' : `Nobody has finished a game of ${info.title} yet.`;
    replace(more, next ? h('button', { type: 'button', dataset: { key: 'more' }, onclick: showMore }, 'Show more players') : null);
  };
  async function showMore(this: HTMLButtonElement) {
    this.disabled = true;
    this.textContent = 'Loading more players…';
    await load(next);
  }
  void load(null);
  document.title = `${info.title} leaderboard — Caravela`;

  return h(
    'section',
    { class: 'card', 'data-screen': 'leaderboard' },
    h('h1', null, `${info.title} leaderboard`),
    gameTabs(id),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Leaderboard' },
      h(
        'table',
        { class: 'leaders' },
        h('caption', { class: 'visually-hidden' }, `Players of ${info.title} by rating, best first`),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { scope: 'col', class: 'num' }, '#'),
            h('th', { scope: 'col' }, 'Player'),
            h('th', { scope: 'col', class: 'num' }, 'Rating'),
            h('th', { scope: 'col', class: 'num' }, 'Games'),
            h('th', { scope: 'col', class: 'num' }, 'Wins'),
          ),
        ),
        rows,
      ),
    ),
    status,
    more,
    aboutRatings(),
    me ? h('p', null, h('a', { href: `#/player/${encodeURIComponent(me)}` }, 'Your profile')) : null,
  );
}
