/**
 * Finding opponents from the lobby: "Quick play" (a game, its seats and a clock: the server
 * seats the player in the oldest matching open game or opens one) and "Open games", the public
 * games waiting for players, live: the list asks the server to `watch`, and each
 * `openGameChanged` adds, updates or removes its row while the lobby is on screen.
 */
import type { OpenGame, ServerFrame } from '../../../functions/core/protocol/frames';
import type { TimeControl } from '../../../functions/core/clock';
import type { App } from '../app';
import { h, replace } from '../dom';
import { GAME_INFO, gameInfo, gameTitle } from '../games/registry';
import { playerLink } from './profile';
import { formatRating } from './rating-chart';
import './open-games.css';

type Page = Extract<ServerFrame, { type: 'openGames' }>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Hours in words: whole days as days, else hours. */
function duration(hours: number): string {
  return hours >= 24 && hours % 24 === 0
    ? plural(hours / 24, 'day')
    : hours > 24
      ? `${Math.round((hours / 24) * 10) / 10} days`
      : plural(hours, 'hour');
}

/** A time control in words ("3 days per move"). */
export function clockWords(clock: TimeControl | null): string {
  if (!clock) return 'No clock';
  if (clock.type === 'perMove') return `${duration(clock.hours)} per move`;
  return `Time bank of ${duration(clock.initialHours)}, ${duration(clock.incrementHours)} more after each move, at most ${duration(clock.capHours)}`;
}

/** The options a game was created with, in the words the new-game screen uses. */
function optionWords(game: OpenGame): string[] {
  const chosen = (game.options ?? {}) as Record<string, unknown>;
  return (gameInfo(game.game)?.options ?? []).filter((o) => chosen[o.key] === true).map((o) => o.label);
}

/** Who waits, each name opening their profile, with their rating in this game when they have one. */
function playerWords(game: OpenGame): (string | Node)[] {
  const seated = game.seats.filter((s) => s !== null);
  if (!seated.length) return [];
  return [
    'Players: ',
    ...seated.flatMap((s, i) => [i ? ', ' : '', playerLink(s), s.rating === undefined ? '' : ` (rating ${formatRating(s.rating)})`]),
  ];
}

function openRow(app: App, game: OpenGame): Node {
  const taken = game.seats.filter(Boolean).length;
  const mine = game.seats.some((s) => s?.playerId === app.session!.playerId);
  const title = gameTitle(game.game);
  const details = [clockWords(game.clock), ...optionWords(game), game.onResign === 'end' ? 'Ends when a player resigns' : null]
    .filter(Boolean)
    .join(' · ');
  const join = async (event: Event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    const answer = await app.conn!.request<ServerFrame>({ action: 'joinGame', gameId: game.gameId, listed: true });
    if (answer.type === 'joined') app.go(`#/game/${encodeURIComponent(game.gameId)}`);
    else button.disabled = false; // the banner says why
  };
  return h(
    'li',
    { class: 'open-row', dataset: { gameId: game.gameId } },
    h(
      'div',
      { class: 'open-what' },
      h('strong', null, title),
      ` · ${taken} of ${plural(game.seats.length, 'seat')} taken, ${game.seats.length - taken} open`,
      h('div', { class: 'muted' }, details),
      h('div', { class: 'muted' }, ...playerWords(game)),
    ),
    mine
      ? h('a', { class: 'button', href: `#/game/${encodeURIComponent(game.gameId)}` }, 'Open your game')
      : h('button', { type: 'button', class: 'primary', onclick: join, 'aria-label': `Join this ${title} game` }, 'Join'),
  );
}

/** The public lobby, live, filtered by game. */
export function openGamesSection(app: App): Node {
  const filter = h(
    'select',
    { id: 'open-filter' },
    h('option', { value: '' }, 'All games'),
    GAME_INFO.map((g) => h('option', { value: g.id }, g.title)),
  );
  const list = h('ul', { class: 'open-games', 'aria-live': 'polite' }, h('li', { class: 'muted' }, 'Looking for open games…'));
  const more = h('div');
  let games = new Map<string, OpenGame>();
  let next: string | null = null;

  // Oldest first within a game, as the server pages them.
  const render = () => {
    const shown = [...games.values()].sort((a, b) => a.game.localeCompare(b.game) || a.createdAt.localeCompare(b.createdAt));
    replace(
      list,
      shown.length
        ? shown.map((g) => openRow(app, g))
        : h(
            'li',
            { class: 'muted' },
            filter.value
              ? `No open ${gameTitle(filter.value)} games right now. Quick play opens one for others to join.`
              : 'No open games right now. Quick play opens one for others to join.',
          ),
    );
    replace(
      more,
      next ? h('button', { type: 'button', dataset: { key: 'more-open' }, onclick: () => void load(next) }, 'Show more open games') : null,
    );
  };

  // The first page also (re)starts the watch, with the filter shown.
  const load = async (cursor: string | null = null) => {
    const game = filter.value || undefined;
    const answer = await app.conn!.request<ServerFrame>(
      { action: 'openGames', limit: 50, ...(game ? { game } : {}), ...(cursor ? { cursor } : { watch: true }) },
      true,
    );
    if (answer.type !== 'openGames') return;
    const page = answer as Page;
    if (!cursor) games = new Map();
    for (const g of page.games) games.set(g.gameId, g);
    next = page.next;
    render();
  };
  filter.addEventListener('change', () => void load().catch((e: Error) => app.error(e.message)));
  void load().catch((e: Error) => app.error(e.message));

  let wasOnline = app.conn!.status === 'online';
  const offStatus = app.conn!.onStatus((s) => {
    if (!list.isConnected) return offStatus();
    if (s === 'online' && wasOnline) void load().catch(() => undefined); // a new socket watches again
    if (s === 'online') wasOnline = true;
  });
  const offFrame = app.conn!.onFrame((f) => {
    if (f.type !== 'openGameChanged') return;
    if (!list.isConnected) {
      // The lobby is no longer on screen: stop the server's news.
      offFrame();
      void app.conn!.request({ action: 'openGames', limit: 1, watch: false }).catch(() => undefined);
      return;
    }
    const known = games.get(f.game.gameId);
    if (known && known.version >= f.game.version) return;
    if (filter.value && f.game.game !== filter.value) return;
    if (f.open) games.set(f.game.gameId, f.game);
    else games.delete(f.game.gameId);
    render();
  });

  return h(
    'section',
    { class: 'card open-games-card', 'aria-labelledby': 'open-games-title' },
    h('h2', { id: 'open-games-title' }, 'Open games'),
    h(
      'p',
      { class: 'muted hint' },
      'Public games waiting for players. Join one to play with people you have not met; games from the lobby are rated.',
    ),
    h('div', { class: 'open-filter' }, h('label', { for: 'open-filter', class: 'inline-label' }, 'Show'), filter),
    list,
    more,
  );
}

/** Quick play: the game, seats and clock; the server finds a matching open game or opens one. */
export function quickPlayForm(app: App): Node {
  const game = h(
    'select',
    { id: 'quick-game' },
    GAME_INFO.filter((g) => g.players[1] > 1).map((g) => h('option', { value: g.id }, g.title)),
  );
  const players = h('select', { id: 'quick-players' });
  const clock = h(
    'select',
    { id: 'quick-clock' },
    h('option', { value: '0' }, 'No clock'),
    h('option', { value: '24' }, '1 day per move'),
    h('option', { value: '72', selected: true }, '3 days per move'),
    h('option', { value: '168' }, '7 days per move'),
  );
  const seats = () => {
    const info = gameInfo(game.value)!;
    const chosen = Number(players.value) || info.players[0];
    replace(
      players,
      Array.from({ length: info.players[1] - info.players[0] + 1 }, (_, i) => info.players[0] + i).map((n) =>
        h('option', { value: String(n), selected: n === chosen }, `${n} players`),
      ),
    );
  };
  game.addEventListener('change', seats);
  seats();
  const submit = async (event: Event) => {
    event.preventDefault();
    const button = (event.currentTarget as HTMLFormElement).querySelector('button')!;
    button.disabled = true;
    const hours = Number(clock.value);
    const answer = await app.conn!.request<ServerFrame>({
      action: 'quickPlay',
      game: game.value,
      players: Number(players.value),
      ...(hours ? { clock: { type: 'perMove', hours } } : {}),
    });
    button.disabled = false;
    if (answer.type === 'joined' || answer.type === 'gameCreated') {
      app.clearError();
      app.go(`#/game/${encodeURIComponent(answer.gameId)}`);
    }
  };
  return h(
    'form',
    { class: 'card quick-play', onsubmit: submit, 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title' }, 'Quick play'),
    h(
      'p',
      { class: 'muted hint' },
      'Takes a free seat in the oldest open public game like this, or opens one that others can join. Quick play games are rated.',
    ),
    h(
      'div',
      { class: 'quick-fields' },
      h('div', null, h('label', { for: 'quick-game' }, 'Game'), game),
      h('div', null, h('label', { for: 'quick-players' }, 'Seats'), players),
      h('div', null, h('label', { for: 'quick-clock' }, 'Clock'), clock),
    ),
    h('button', { type: 'submit', class: 'primary' }, 'Find me a game'),
  );
}
