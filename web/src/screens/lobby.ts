/**
 * My games: the ones waiting for me first, then the others not finished, then the most recent;
 * each opens its game screen. They come in pages (the first at once, the rest on request) and
 * stay live: the first page asks the server to `watch`, and each `gameChanged` it sends updates
 * its row and the order while the page is open.
 */
import type { GameSummary, ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle } from '../games/registry';
import { openGamesSection, quickPlayForm } from './open-games';
import { playerLink } from './profile';
import { stateWords } from './tournaments';

/** The tournaments one entered that are not over, each with where it stands; hidden when there are none. */
function myTournaments(app: App): Node {
  const section = h('section', { class: 'card', hidden: true, 'data-part': 'my-tournaments' });
  void app.conn!.request<ServerFrame>({ action: 'tournaments', mine: true, limit: 20 }, true).then((f) => {
    if (f.type !== 'tournaments') return;
    const going = f.tournaments.filter((t) => t.status === 'entry' || t.status === 'running');
    if (!going.length) return;
    section.hidden = false;
    replace(
      section,
      h('h2', null, 'Your tournaments'),
      h(
        'ul',
        { class: 'tournaments' },
        going.map((t) =>
          h(
            'li',
            { class: 'tournament-row' },
            h('a', { href: `#/tournament/${encodeURIComponent(t.tournamentId)}` }, h('strong', null, t.name)),
            h('div', { class: 'muted' }, `${gameTitle(t.game)} · ${stateWords(t)}`),
          ),
        ),
      ),
    );
  });
  return section;
}

export function ago(iso: string): string {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

function row(g: GameSummary): Node {
  const players = g.seats.flatMap((s, i) => [i ? ', ' : '', s ? playerLink(s) : 'open seat']);
  const state =
    g.status === 'open' ? 'Waiting for players' : g.status === 'finished' ? 'Finished' : g.yourTurn ? 'Your turn' : 'Waiting for others';
  return h(
    'li',
    { class: `game-row${g.yourTurn ? ' your-turn' : ''}`, dataset: { gameId: g.gameId } },
    h('a', { href: `#/game/${encodeURIComponent(g.gameId)}` }, h('strong', null, gameTitle(g.game)), ' · ', state),
    h('div', { class: 'muted' }, players),
    h('div', { class: 'muted' }, g.lastMove ? `${g.lastMove} · ` : '', ago(g.updatedAt)),
  );
}

/** Games asked for per page. */
const PAGE = 30;
/**
 * The server lists games in play before open and finished ones, so pages that hold only games
 * in play may be followed by more of them, and any may wait for me: those pages are loaded
 * without asking (at most this many), the rest on request.
 */
const PAGES_IN_PLAY = 10;

/** Your turn first, then in play, open, finished, each the most recently changed first (as the server sorts a page). */
const RANK = { active: 1, open: 2, finished: 3 } as const;
const rank = (g: GameSummary) => (g.yourTurn ? 0 : RANK[g.status]);
const byUrgency = (a: GameSummary, b: GameSummary) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt);

type GamesPage = Extract<ServerFrame, { type: 'games' }>;

export function lobbyScreen(app: App): Node {
  const list = h('ul', { class: 'games', 'aria-live': 'polite' }, h('li', { class: 'muted' }, 'Loading your games…'));
  const more = h('div', { class: 'more-games' });
  // The games shown, the cursor of the page after them, and how many pages they came in.
  let games = new Map<string, GameSummary>();
  let next: string | null = null;
  let pages = 0;
  // Pages are being loaded without asking: the button waits.
  let busy = false;

  const page = async (cursor: string | null): Promise<GamesPage | null> => {
    // The first page also (re)starts the watch: after a reconnect the new socket watches again.
    const answer = await app.conn!.request<ServerFrame>(
      { action: 'myGames', limit: PAGE, ...(cursor ? { cursor } : { watch: true }) },
      true,
    );
    return answer.type === 'games' ? answer : null; // an error is shown by the app
  };

  const render = (focusFrom?: Set<string>) => {
    const sorted = [...games.values()].sort(byUrgency);
    replace(list, sorted.length ? sorted.map(row) : h('li', { class: 'muted' }, 'No games yet. Start one!'));
    const waiting = sorted.filter((g) => g.yourTurn).length;
    document.title = waiting ? `(${waiting}) Your turn — Caravela` : 'Caravela';
    for (const g of sorted) app.noteWaiting(g.gameId, g.yourTurn);
    replace(
      more,
      next
        ? h(
            'button',
            { type: 'button', dataset: { key: 'more' }, onclick: showMore, disabled: busy },
            busy ? 'Loading more games…' : 'Show more games',
          )
        : null,
    );
    // The button is gone after the last page: keep the keyboard on the first game it brought.
    const added = focusFrom && !next ? sorted.find((g) => !focusFrom.has(g.gameId)) : undefined;
    if (added) (list.querySelector(`[data-game-id="${CSS.escape(added.gameId)}"] a`) as HTMLElement | null)?.focus();
  };

  async function showMore(this: HTMLButtonElement) {
    if (!next) return;
    this.disabled = true;
    this.textContent = 'Loading more games…';
    const answer = await page(next).catch((e: Error) => {
      app.error(e.message);
      return null;
    });
    if (answer) {
      const before = new Set(games.keys());
      for (const g of answer.games) games.set(g.gameId, g);
      next = answer.next;
      pages++;
      render(before);
    } else render();
  }

  // The first page and those that follow it while they hold only games in play (or again as many
  // pages as are shown); the list is rebuilt from the fresh answers, shown after each page.
  const load = async (count = 1) => {
    const fresh = new Map<string, GameSummary>();
    let cursor: string | null = null;
    let loaded = 0;
    let inPlay = true;
    try {
      do {
        const answer = await page(cursor);
        if (!answer) return;
        for (const g of answer.games) fresh.set(g.gameId, g);
        inPlay = answer.games.every((g) => g.status === 'active');
        cursor = answer.next;
        loaded++;
        busy = Boolean(cursor && (loaded < count || (inPlay && loaded < PAGES_IN_PLAY)));
        if (loaded >= count) [games, next, pages] = [fresh, cursor, loaded];
        render();
      } while (busy);
    } finally {
      if (busy) {
        busy = false; // stopped by an error: the button works again
        render();
      }
    }
  };
  void load().catch((e: Error) => app.error(e.message));
  // Changes arrive live; a socket that was closed (hidden tab, network) missed some: load again.
  let wasOnline = app.conn!.status === 'online'; // else the first load goes out when the socket opens
  const offStatus = app.conn!.onStatus((s) => {
    if (!list.isConnected) return offStatus();
    if (s === 'online' && wasOnline) void load(pages).catch(() => undefined);
    if (s === 'online') wasOnline = true;
  });
  const offFrame = app.conn!.onFrame((f) => {
    if (!list.isConnected) return offFrame();
    if (f.type !== 'gameChanged') return;
    const known = games.get(f.game.gameId);
    // A game not listed yet is shown (a new game, or one joined elsewhere); older news is ignored.
    if (known && known.version >= f.game.version) return;
    games.set(f.game.gameId, f.game);
    render();
  });
  const mine = h(
    'section',
    { class: 'card', 'data-screen': 'lobby' },
    h('h1', null, `Hello, ${app.session!.name}`),
    h('p', null, h('a', { href: '#/new', class: 'button primary' }, 'New game')),
    h('h2', null, 'Your games'),
    list,
    more,
  );
  // Below one's own games: one's tournaments, then finding games with people one does not know (open-games.ts).
  return h('div', null, mine, myTournaments(app), h('div', { class: 'find-games' }, quickPlayForm(app), openGamesSection(app)));
}
