/**
 * A player's profile (`#/player/<id>`): games played and won, their rating in each game with a
 * small chart of its history and a link to that game's leaderboard, and their latest games with
 * who sat at the table. Reached from a player's name in the lobby, a game or a leaderboard.
 */
import './ratings.css';
import type { ProfileFrame, RecentGame, ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle } from '../games/registry';
import { displayRating } from '../../../functions/core/ratings';
import { formatRating, ratingChart } from './rating-chart';
import { aboutRatings } from './leaderboard';

export const place = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A person's name as a link to their profile; a bot's as plain text. */
export function playerLink(p: { playerId: string; name: string; bot?: string }): Node {
  return p.bot ? document.createTextNode(p.name) : h('a', { href: `#/player/${encodeURIComponent(p.playerId)}` }, p.name);
}

function change(g: RecentGame): string {
  if (g.ratingBefore === null) return `first rated game, rating ${formatRating(g.ratingAfter)}`;
  const d = displayRating(g.ratingAfter) - displayRating(g.ratingBefore);
  return `rating ${formatRating(g.ratingBefore)} → ${formatRating(g.ratingAfter)} (${d >= 0 ? '+' : '−'}${Math.abs(d)})`;
}

function recentRow(g: RecentGame, playerId: string): Node {
  const others = g.players.filter((p) => p.playerId !== playerId);
  const result = g.won ? 'won' : `${place(g.rank)} of ${g.players.length}`;
  return h(
    'li',
    { class: `recent-game${g.won ? ' won' : ''}` },
    h('a', { href: `#/game/${encodeURIComponent(g.gameId)}` }, h('strong', null, gameTitle(g.game))),
    ` · ${result} · ${when(g.at)}`,
    h('div', { class: 'muted' }, change(g)),
    others.length
      ? h(
          'div',
          { class: 'muted' },
          'with ',
          others.flatMap((p, i) => [i ? ', ' : '', playerLink(p)]),
        )
      : null,
  );
}

/** Follow or block the player whose profile this is (their chat is hidden too); the answer is the friends list. */
function ties(app: App, p: ProfileFrame): Node {
  const status = h('span', { role: 'status', class: 'muted' });
  const act = (action: 'follow' | 'block', done: string) => async () => {
    const answer = await app.conn!.request<ServerFrame>({ action, playerId: p.playerId });
    if (answer.type === 'friends') status.textContent = done;
  };
  return h(
    'p',
    { class: 'profile-ties' },
    h('button', { type: 'button', class: 'primary', onclick: act('follow', `You follow ${p.name}.`) }, `Follow ${p.name}`),
    ' ',
    h('a', { class: 'button', href: `#/new/${encodeURIComponent(p.playerId)}` }, `New game with ${p.name}`),
    ' ',
    h(
      'button',
      {
        type: 'button',
        title: 'They never sit at your table or meet you in a tournament, and you do not see their chat',
        onclick: act('block', `You block ${p.name}: unblock them on your Friends page.`),
      },
      `Block ${p.name}`,
    ),
    ' ',
    status,
  );
}

function show(app: App, p: ProfileFrame, mine: boolean): (Node | null)[] {
  return [
    h('h1', null, mine ? `${p.name} (you)` : p.name),
    mine ? null : ties(app, p),
    p.gamesPlayed
      ? h(
          'p',
          { class: 'profile-stats' },
          h('span', null, h('strong', null, p.gamesPlayed), p.gamesPlayed === 1 ? ' game played' : ' games played'),
          h('span', null, h('strong', null, p.wins), p.wins === 1 ? ' win' : ' wins'),
        )
      : h('p', null, mine ? 'No rated games yet: finish a game and your ratings appear here.' : 'No rated games yet.'),
    p.ratings.length ? h('h2', null, 'Ratings') : null,
    h(
      'div',
      { class: 'rating-cards' },
      p.ratings.map((r) =>
        h(
          'article',
          { class: 'rating-card', dataset: { game: r.game } },
          h('h3', null, gameTitle(r.game)),
          h(
            'p',
            null,
            h('span', { class: 'rating-value' }, formatRating(r.rating)),
            ` rating · ${plural(r.games, 'game')} · ${plural(r.wins, 'win')}`,
          ),
          r.history.length ? ratingChart(r.history, gameTitle(r.game)) : null,
          h('p', null, h('a', { href: `#/leaderboard/${encodeURIComponent(r.game)}` }, `${gameTitle(r.game)} leaderboard`)),
        ),
      ),
    ),
    p.recent.length ? h('h2', null, 'Recent games') : null,
    p.recent.length
      ? h(
          'ol',
          { class: 'recent-games' },
          p.recent.map((g) => recentRow(g, p.playerId)),
        )
      : null,
    aboutRatings(),
  ];
}

export function profileScreen(app: App, playerId: string): Node {
  const section = h(
    'section',
    { class: 'card', 'data-screen': 'profile', 'aria-busy': 'true' },
    h('p', { class: 'muted' }, 'Loading the profile…'),
  );
  void app.conn!.request<ServerFrame>({ action: 'profile', playerId }, true).then((f) => {
    section.removeAttribute('aria-busy');
    if (f.type === 'profile') {
      replace(section, show(app, f, f.playerId === app.session?.playerId));
      document.title = `${f.name} — Caravela`;
    } else if (f.type === 'error') {
      app.clearError();
      replace(
        section,
        h('h1', null, 'No such player'),
        h('p', null, f.message),
        h('p', null, h('a', { href: '#/' }, 'Back to your games')),
      );
    }
  });
  return section;
}
