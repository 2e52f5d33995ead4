/**
 * Tournaments (`#/tournaments`): the directory, newest first (all, or the ones you entered), each
 * with its game, format, places taken and state, and Enter while entry is open; and the form
 * that creates one — game, format, places, when it starts, the clock, a round's days, bots.
 */
import './community.css';
import type { ServerFrame } from '../../../functions/core/protocol/frames';
import { TOURNAMENT_BOTS_MAX } from '../../../functions/core/protocol/community-limits';
import type { TournamentSummary } from '../../../functions/core/protocol/tournament-frames';
import type { App } from '../app';
import { h, replace } from '../dom';
import { levelName } from '../../../domain/games/bot-levels';
import { GAME_INFO, gameTitle } from '../games/registry';

export const FORMAT_NAMES = { swiss: 'Swiss', roundRobin: 'Round robin', elimination: 'Knockout' } as const;
export const FORMAT_HELP = {
  swiss: 'Everyone plays every round against someone with the same score, never twice against the same player.',
  roundRobin: 'Everyone plays everyone once.',
  elimination: 'Lose and you are out; the top seeds skip the first round when the field is not a power of two.',
} as const;

const day = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Where a tournament stands, in words. */
export function stateWords(t: TournamentSummary): string {
  if (t.status === 'entry')
    return `Entry open: ${t.entrants} of ${t.cap} places taken · ${t.startAt ? `starts ${day(t.startAt)}` : 'starts when full'}`;
  if (t.status === 'running') return `Round ${t.round} of ${t.rounds}`;
  if (t.status === 'finished') return `Finished after ${t.rounds} rounds`;
  return 'Called off: fewer than two players entered';
}

function row(app: App, t: TournamentSummary, reload: () => void): Node {
  const enter = async () => {
    const answer = await app.conn!.request<ServerFrame>({ action: 'enterTournament', tournamentId: t.tournamentId });
    if (answer.type === 'tournament') app.go(`#/tournament/${encodeURIComponent(t.tournamentId)}`);
    else reload();
  };
  return h(
    'li',
    { class: `tournament-row${t.youEntered ? ' entered' : ''}`, dataset: { tournamentId: t.tournamentId } },
    h('a', { href: `#/tournament/${encodeURIComponent(t.tournamentId)}` }, h('strong', null, t.name)),
    h('div', { class: 'muted' }, `${gameTitle(t.game)} · ${FORMAT_NAMES[t.format]} · ${stateWords(t)}`),
    t.status === 'entry' && !t.youEntered && t.entrants < t.cap
      ? h('button', { type: 'button', class: 'primary', onclick: enter }, `Enter ${t.name}`)
      : t.youEntered
        ? h('div', { class: 'muted' }, 'You are in it')
        : null,
  );
}

export function tournamentsScreen(app: App): Node {
  const list = h('ul', { class: 'tournaments', 'aria-live': 'polite' }, h('li', { class: 'muted' }, 'Loading tournaments…'));
  const mineOnly = h('input', { id: 'mine', type: 'checkbox' });
  const load = async () => {
    const answer = await app.conn!.request<ServerFrame>(
      { action: 'tournaments', limit: 50, ...(mineOnly.checked ? { mine: true } : {}) },
      true,
    );
    if (answer.type !== 'tournaments') return;
    replace(
      list,
      answer.tournaments.length
        ? answer.tournaments.map((t) => row(app, t, load))
        : h('li', { class: 'muted' }, mineOnly.checked ? 'You have entered no tournament yet.' : 'No tournaments yet: create the first.'),
    );
  };
  mineOnly.addEventListener('change', () => void load());
  void load();
  return h(
    'div',
    { 'data-screen': 'tournaments' },
    h(
      'section',
      { class: 'card' },
      h('h1', null, 'Tournaments'),
      h('p', { class: 'muted' }, 'Tournaments run over days: each round starts as soon as the last game of the one before ends.'),
      h('label', { for: 'mine', class: 'check' }, mineOnly, ' Only the ones I entered'),
      list,
    ),
    createForm(app),
  );
}

function createForm(app: App): Node {
  // Two-seat games only: a tournament pairs players one against one.
  const games = GAME_INFO.filter((g) => g.players[0] <= 2 && g.players[1] >= 2);
  const name = h('input', { id: 't-name', required: true, maxlength: '48', placeholder: 'Winter Cup' });
  const game = h(
    'select',
    { id: 't-game' },
    games.map((g) => h('option', { value: g.id }, g.title)),
  );
  const format = h(
    'select',
    { id: 't-format', 'aria-describedby': 't-format-help' },
    (Object.keys(FORMAT_NAMES) as (keyof typeof FORMAT_NAMES)[]).map((f) => h('option', { value: f }, FORMAT_NAMES[f])),
  );
  const formatHelp = h('p', { id: 't-format-help', class: 'muted hint' }, FORMAT_HELP.swiss);
  format.addEventListener('change', () => (formatHelp.textContent = FORMAT_HELP[format.value as keyof typeof FORMAT_HELP]));
  const cap = h('input', { id: 't-cap', type: 'number', min: '2', max: '1024', value: '16', required: true });
  const starts = h(
    'select',
    { id: 't-starts' },
    h('option', { value: 'full' }, 'When every place is taken'),
    h('option', { value: 'at' }, 'At a time I choose'),
  );
  const startAt = h('input', { id: 't-start-at', type: 'datetime-local' });
  const startField = h('div', { hidden: true }, h('label', { for: 't-start-at' }, 'Entry closes and round 1 starts at'), startAt);
  starts.addEventListener('change', () => (startField.hidden = starts.value !== 'at'));
  const clockDays = h('input', { id: 't-days', type: 'number', min: '0', max: '30', step: '0.5', value: '3' });
  const roundDays = h('input', { id: 't-round-days', type: 'number', min: '1', max: '60', step: '1', value: '7' });
  const bots = h('input', { id: 't-bots', type: 'number', min: '0', max: String(TOURNAMENT_BOTS_MAX), value: '0' });
  const level = h('select', { id: 't-bot' });
  const enter = h('input', { id: 't-enter', type: 'checkbox', checked: true });
  const vacation = h('input', { id: 't-vacation', type: 'checkbox', checked: true, 'aria-describedby': 't-vacation-help' });
  const levels = () => {
    const info = GAME_INFO.find((g) => g.id === game.value)!;
    replace(
      level,
      info.bots.map((b) => h('option', { value: b, selected: b === 'heuristic' }, levelName(b))),
    );
  };
  game.addEventListener('change', levels);
  levels();

  const submit = async (e: Event) => {
    e.preventDefault();
    const days = Number(clockDays.value);
    const answer = await app.conn!.request<ServerFrame>({
      action: 'createTournament',
      name: name.value,
      game: game.value,
      format: format.value,
      cap: Number(cap.value),
      ...(starts.value === 'at' && startAt.value ? { startAt: new Date(startAt.value).toISOString() } : {}),
      ...(days > 0 ? { clock: { type: 'perMove', hours: Math.round(days * 24) } } : {}),
      roundHours: Math.round(Number(roundDays.value) * 24),
      ...(Number(bots.value) > 0 ? { bots: Number(bots.value), bot: level.value } : {}),
      enter: enter.checked,
      vacation: vacation.checked,
    });
    if (answer.type === 'tournamentCreated') {
      app.clearError();
      app.go(`#/tournament/${encodeURIComponent(answer.tournamentId)}`);
    }
  };

  return h(
    'form',
    { class: 'card narrow', onsubmit: submit, 'data-screen': 'new-tournament' },
    h('h2', null, 'Create a tournament'),
    h('label', { for: 't-name' }, 'Name'),
    name,
    h('label', { for: 't-game' }, 'Game'),
    game,
    h('label', { for: 't-format' }, 'Format'),
    format,
    formatHelp,
    h('label', { for: 't-cap' }, 'Places'),
    cap,
    h('label', { for: 't-starts' }, 'Starts'),
    starts,
    startField,
    h('label', { for: 't-days' }, 'Days per move (0: no clock)'),
    clockDays,
    h('label', { for: 't-round-days' }, 'Days for each round'),
    roundDays,
    h(
      'p',
      { class: 'muted hint' },
      'When a round’s days are up, a game still going is decided as it stands: by the points shown, or a draw.',
    ),
    h('label', { for: 't-bots' }, 'Places for bots'),
    bots,
    h('label', { for: 't-bot' }, 'How the bots play'),
    level,
    h('label', { for: 't-enter', class: 'check' }, enter, ' I play in it too'),
    h('label', { for: 't-vacation', class: 'check' }, vacation, ' A player’s vacation pauses their clocks'),
    h('p', { id: 't-vacation-help', class: 'muted hint' }, 'Without it, clocks keep running while a player is away.'),
    h('button', { type: 'submit', class: 'primary' }, 'Create the tournament'),
  );
}
