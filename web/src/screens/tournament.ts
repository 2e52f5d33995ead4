/**
 * One tournament (`#/tournament/<id>`): where it stands, the standings with the tie-breaks its
 * format uses, a round's games (yours first, with a link to play it) and the entry list. It stays
 * live: it is read again when one of your games changes (a result may end a round), when the
 * socket comes back, and every half minute while shown.
 */
import './community.css';
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { gameTitle } from '../games/registry';
import { playerLink } from './profile';
import { FORMAT_HELP, FORMAT_NAMES, stateWords } from './tournaments';

type TournamentFrame = Extract<ServerFrame, { type: 'tournament' }>;

const REFRESH_MS = 30_000;
/**
 * A round's end tells every player of their next game in the same second: each page looks again
 * within this long, at random, so a thousand players' pages do not all read the tournament at
 * once (docs/production.md, A tournament of 1,000).
 */
const CHANGE_SPREAD_MS = 5_000;
const num = (n: number) => (Number.isInteger(n) ? String(n) : `${Math.floor(n) || ''}½`);
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function standingsTable(f: TournamentFrame, me: string): Node {
  const { format } = f.tournament;
  type Line = TournamentFrame['standings'][number];
  type Column = [label: string, title: string, value: (s: Line) => string];
  const sb: Column = ['SB', 'Sonneborn-Berger: the points of opponents beaten, and half those drawn', (s) => num(s.sonnebornBerger)];
  const byFormat: Record<typeof format, Column[]> = {
    swiss: [['Buchholz', "Buchholz: the sum of every opponent's points", (s) => num(s.buchholz)], sb],
    roundRobin: [['H2H', 'Head to head: points against the players level on points', (s) => num(s.headToHead)], sb],
    elimination: [['Out in', 'The round they lost in', (s) => (s.outIn === null ? 'still in' : `round ${s.outIn}`)]],
  };
  const columns: Column[] = [
    ['#', 'Rank', (s) => String(s.rank)],
    ['Points', 'Points: 1 a win, ½ a draw, 1 a bye', (s) => num(s.points)],
    ['W-D-L', 'Wins, draws, losses', (s) => `${s.wins}-${s.draws}-${s.losses}`],
    ...byFormat[format],
  ];
  return h(
    'table',
    { class: 'standings' },
    h('caption', null, 'Standings'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        columns.slice(0, 1).map(([label, title]) => h('th', { scope: 'col', title }, label)),
        h('th', { scope: 'col' }, 'Player'),
        columns.slice(1).map(([label, title]) => h('th', { scope: 'col', title, class: label === 'W-D-L' ? 'wdl' : '' }, label)),
      ),
    ),
    h(
      'tbody',
      null,
      f.standings.map((s) =>
        h(
          'tr',
          { class: s.playerId === me ? 'you' : '', dataset: { playerId: s.playerId } },
          h('td', null, columns[0]![2](s)),
          h('th', { scope: 'row' }, playerLink(s), s.playerId === me ? ' (you)' : ''),
          columns.slice(1).map(([label, , value]) => h('td', { class: label === 'W-D-L' ? 'wdl' : '' }, value(s))),
        ),
      ),
    ),
  );
}

function roundSection(f: TournamentFrame, me: string, pick: (round: number) => void): Node | null {
  const r = f.round;
  if (!r) return null;
  const mine = r.tables.find((t) => t.seats.some((s) => s.playerId === me));
  const tables = mine ? [mine, ...r.tables.filter((t) => t !== mine)] : r.tables;
  const rounds = Array.from({ length: f.tournament.round }, (_, i) => i + 1);
  return h(
    'section',
    { class: 'card', 'data-part': 'round' },
    h('h2', null, `Round ${r.round}`),
    rounds.length > 1
      ? h(
          'p',
          { class: 'round-picker' },
          'Show round: ',
          rounds.map((n) => h('button', { type: 'button', 'aria-pressed': String(n === r.round), onclick: () => pick(n) }, String(n))),
        )
      : null,
    h('p', { class: 'muted' }, `Paired ${when(r.startedAt)} · games still going at ${when(r.deadline)} are decided as they stand`),
    h(
      'ol',
      { class: 'tables' },
      tables.map((t) => {
        const result = t.points ? `${num(t.points[0]!)} – ${num(t.points[1]!)}` : 'playing';
        const yours = t === mine;
        return h(
          'li',
          { class: yours ? 'your-table' : '', dataset: { gameId: t.gameId } },
          t.seats[0] ? playerLink(t.seats[0]) : '',
          ' v ',
          t.seats[1] ? playerLink(t.seats[1]) : '',
          ` · ${result} · `,
          h('a', { href: `#/game/${encodeURIComponent(t.gameId)}` }, yours && !t.points ? 'Play your game' : 'Watch'),
        );
      }),
    ),
    r.tablesInAll > r.tables.length ? h('p', { class: 'muted' }, `${r.tablesInAll - r.tables.length} more games`) : null,
    r.byes.length
      ? h(
          'p',
          null,
          'A bye (a point without a game): ',
          r.byes.flatMap((p, i) => [i ? ', ' : '', playerLink(p)]),
        )
      : null,
  );
}

export function tournamentScreen(app: App, tournamentId: string): Node {
  const root = h('div', { 'data-screen': 'tournament', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading the tournament…'));
  const me = app.session!.playerId;
  let round: number | undefined;
  const act = async (action: 'enterTournament' | 'leaveTournament') => {
    const answer = await app.conn!.request<ServerFrame>({ action, tournamentId });
    if (answer.type === 'tournament') show(answer);
  };
  const show = (f: TournamentFrame) => {
    root.removeAttribute('aria-busy');
    const t = f.tournament;
    document.title = `${t.name} — Caravela`;
    replace(
      root,
      h(
        'section',
        { class: 'card' },
        h('h1', null, t.name),
        h(
          'p',
          { class: 'tournament-state' },
          h('strong', null, stateWords(t)),
          ` · ${gameTitle(t.game)} · ${FORMAT_NAMES[t.format]}`,
          t.clock?.type === 'perMove' ? ` · ${num(t.clock.hours / 24)} days per move` : '',
          ` · ${num(t.roundHours / 24)} days a round`,
        ),
        h('p', { class: 'muted' }, FORMAT_HELP[t.format], t.vacation ? '' : ' Vacations do not pause its clocks.'),
        t.status === 'entry'
          ? t.youEntered
            ? h('button', { type: 'button', onclick: () => act('leaveTournament') }, 'Withdraw')
            : t.entrants < t.cap
              ? h('button', { type: 'button', class: 'primary', onclick: () => act('enterTournament') }, 'Enter')
              : h('p', null, 'Every place is taken.')
          : null,
      ),
      t.status === 'entry'
        ? null
        : h(
            'section',
            { class: 'card' },
            h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Standings' }, standingsTable(f, me)),
          ),
      roundSection(f, me, (n) => {
        round = n;
        void load();
      }),
      h(
        'section',
        { class: 'card' },
        h('h2', null, `Players (${t.entrants})`),
        h(
          'ol',
          { class: 'entrants' },
          f.entrants.map((e) => h('li', null, playerLink(e), e.bot ? ' (bot)' : '')),
        ),
      ),
    );
  };
  const load = async () => {
    const answer = await app.conn!.request<ServerFrame>({ action: 'tournament', tournamentId, ...(round ? { round } : {}) }, true);
    if (answer.type === 'tournament') show(answer);
    else if (answer.type === 'error') {
      app.clearError();
      replace(root, h('section', { class: 'card' }, h('h1', null, 'No such tournament'), h('p', null, answer.message)));
    }
  };
  void load();
  // One look for the changes heard in a while: the first one sets it.
  let pending = false;
  const loadSoon = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      if (root.isConnected) void load();
    }, Math.random() * CHANGE_SPREAD_MS);
  };
  // Live: a change to one of my games may end a round; a socket back after a break missed changes.
  const offFrame = app.conn!.onFrame((f) => {
    if (!root.isConnected) return offFrame();
    if (f.type === 'gameChanged' && f.game.gameId.startsWith(`${tournamentId}-`)) loadSoon();
  });
  const offStatus = app.conn!.onStatus((s) => {
    if (!root.isConnected) return offStatus();
    if (s === 'online') void load();
  });
  const timer = setInterval(() => {
    if (!root.isConnected) clearInterval(timer);
    else if (document.visibilityState === 'visible') void load();
  }, REFRESH_MS);
  // Watch my games: their changes come as gameChanged frames.
  void app.conn!.request({ action: 'myGames', limit: 1, watch: true }, true).catch(() => undefined);
  return root;
}
