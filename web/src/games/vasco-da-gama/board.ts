/**
 * The whole public table from one seat's view, laid out as the printed board: the round and the
 * called number on top, the route of landings across, then the Numbers Zone, Recruiting and
 * Characters side by side, the project row as cards, every player's supply in a row, the final
 * scores and the reconstructed-number notes.
 */
import { h } from '../../dom';
import { aboutEl } from '../about';
import { AREAS, AREA_NAMES, CHARACTER_NAMES, DATA, SAILOR_COLOURS } from '../../../../domain/games/vasco-da-gama/data';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import { charactersEl, navigationEl, projectsEl, recruitingEl } from './areas';
import { listWords } from '../../words';
import { PHASE_NAMES, plural, possibleFreeNumbers, reals, rightRange } from './labels';
import { chip, colourOf, nameOf, projectCard, seatTag, spot, sr, type Rc } from './widgets';

export function boardEl(rc: Rc): HTMLElement {
  return h(
    'div',
    { class: 'vdg-board', dataset: { phase: rc.view.phase } },
    headerEl(rc),
    rc.view.final ? finalEl(rc, rc.view.final) : null,
    navigationEl(rc),
    h('div', { class: 'vdg-middle' }, numbersEl(rc), recruitingEl(rc), charactersEl(rc)),
    projectsEl(rc),
    h(
      'section',
      { class: 'vdg-players', 'aria-label': 'Players' },
      rc.view.players.map((p) => playerEl(rc, p)),
    ),
    aboutEl(DATA),
  );
}

/** Whose turn it is, in words ("Your turn: place an action disc."). */
export function turnText(rc: Rc): string {
  const { view } = rc;
  if (view.final) {
    const winners = view.final.filter((f) => f.rank === 1);
    const who = listWords(winners.map((f) => (f.seat === rc.you ? 'you' : nameOf(rc, f.seat))));
    const vp = winners[0]?.total ?? 0;
    if (winners.length > 1) return `The game is over: ${who} share the win with ${plural(vp, 'VP', 'VP')}.`;
    return `The game is over: ${winners[0]?.seat === rc.you ? 'you win' : `${who} wins`} with ${plural(vp, 'VP', 'VP')}.`;
  }
  if (view.phase === 'over') return 'The game is over.';
  const active = view.activeSeats;
  if (active.length === 0) return 'Nothing to wait for.';
  const others = active.filter((s) => s !== rc.you).map((s) => `${nameOf(rc, s)} (${colourOf(rc, s)})`);
  const mine = rc.you !== null && active.includes(rc.you);
  if (mine) return others.length ? `Your turn, with ${listWords(others)}: ${view.waitingFor}.` : `Your turn: ${view.waitingFor}.`;
  return `Waiting for ${listWords(others)} to ${view.waitingFor}.`;
}

function headerEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const call = view.call;
  return h(
    'header',
    { class: 'vdg-header' },
    h(
      'h2',
      null,
      // Before round 1 the phase's name says so ("Before round 1: the merchant ship").
      view.round > 0
        ? `Round ${view.round} of ${view.rounds} · ${PHASE_NAMES[view.phase]}`
        : `${PHASE_NAMES[view.phase]} · ${view.rounds} rounds`,
      h('span', { class: 'vdg-first' }, ' · first player: ', seatTag(rc, view.firstPlayer)),
    ),
    call
      ? h(
          'p',
          { class: 'vdg-call', dataset: { path: 'call' } },
          `Now called: number ${call.number}, `,
          seatTag(rc, call.seat),
          ` in ${AREA_NAMES[call.area]}`,
          call.started ? ' (acting)' : call.cost > 0 ? `: the right to act costs ${reals(call.cost)}` : ': the right to act is free',
        )
      : null,
  );
}

/** A variation as printed on the tiles: +3, −2 (a minus sign, not a hyphen). */
const signed = (v: number) => (v >= 0 ? `+${v}` : `−${-v}`);

/** The Numbers Zone, with Vasco da Gama's tiles (they set the first free number). */
function numbersEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const { free, initial, refunds, zone } = view.numbers;
  const onBoard = new Map<number, number>();
  for (const a of AREAS) for (const d of view.areas[a]) if (d) onBoard.set(d.number, d.seat);
  const marker = free ?? initial;
  const cell = (n: number) => {
    const seat = onBoard.get(n);
    const placed = seat !== undefined;
    const range = placed ? null : rightRange(view, n);
    const pay = range === null || range[1] === 0 ? null : range[0] === range[1] ? `pay ${range[0]}` : `pay ${range[0]}–${range[1]}`;
    return h(
      'div',
      {
        class: `vdg-number${zone.includes(n) ? ' vdg-in-zone' : ''}${placed ? ` vdg-placed vdg-seat-${colourOf(rc, seat)}` : ''}${n === marker ? ' vdg-marker' : ''}${view.call?.number === n ? ' vdg-called' : ''}`,
        dataset: { number: String(n), part: `number:${n}` },
      },
      h('span', { class: 'vdg-number-n' }, String(n)),
      n === marker ? h('span', { class: 'vdg-flag' }, free !== null ? '⚑ free' : '⚑ start') : null,
      placed ? h('span', { class: 'vdg-number-by' }, nameOf(rc, seat)) : pay ? h('span', { class: 'vdg-small' }, pay) : null,
      placed ? sr(` (${colourOf(rc, seat)})`) : null,
    );
  };
  const perRow = 5;
  const rows = Array.from({ length: Math.ceil(DATA.regularNumbers.value / perRow) }, (_, r) => {
    const nums = Array.from({ length: perRow }, (_, i) => r * perRow + i + 1);
    return h(
      'li',
      { class: 'vdg-number-row' },
      h(
        'span',
        { class: 'vdg-refund', title: `Giving up ${nums[0]}–${nums.at(-1)} refunds this` },
        `+${refunds[r * perRow] ?? 0}`,
        sr(` Reals for giving up ${nums[0]} to ${nums.at(-1)}`),
      ),
      h('div', { class: 'vdg-number-cells' }, nums.map(cell)),
    );
  });
  const range = possibleFreeNumbers(view);
  const t = view.vdgTiles;
  const current = t.used.at(-1);
  return h(
    'section',
    { class: 'vdg-numbers', 'aria-label': 'Numbers Zone' },
    h('h3', null, 'Numbers Zone'),
    h(
      'p',
      { class: 'vdg-line vdg-small' },
      free !== null
        ? `First free number: ${free} (${initial} ${signed(free - initial)}). Lower numbers pay the difference to act.`
        : `Starts at ${initial}; the free number will be ${range ? `${range.min}–${range.max}` : 'known'} once every disc is placed.`,
    ),
    h('ol', { class: 'vdg-number-rows' }, rows),
    h('p', { class: 'vdg-small vdg-line' }, 'The number on the left is the refund for giving a number up (21 and 22: none).'),
    h(
      'p',
      { class: 'vdg-small vdg-line', dataset: { path: 'vdgTiles' } },
      current
        ? `Vasco da Gama's tile: starts at ${current.initial}, offers ${reals(current.coins[0])} and ${reals(current.coins[1])}. `
        : '',
      t.faceUp ? `Next: starts at ${t.faceUp.initial}, ${signed(t.faceUp.variation)}. ` : '',
      `${plural(t.faceDown, 'tile')} face down.`,
    ),
  );
}

function playerEl(rc: Rc, p: VdgView['players'][number]): HTMLElement {
  const online = rc.frame.online.includes(p.seat);
  const active = rc.view.activeSeats.includes(p.seat);
  const bot = rc.frame.seats[p.seat]?.bot;
  // Older frames may lack `absent` (seats out of time, played by a bot until they come back).
  const absent = (rc.frame.absent ?? []).includes(p.seat);
  // The player's own sailors are the crews they pick for a launch.
  const own = p.seat === rc.you;
  const crewSpot = (kind: string, el: HTMLElement) =>
    own ? h('span', { class: 'vdg-chip-spot', dataset: { part: `crew:${kind}` } }, el) : el;
  const sailors = SAILOR_COLOURS.filter((c) => p.sailors[c] > 0).map((c) => crewSpot(c, chip(c, p.sailors[c])));
  const stat = (label: string, value: string | number, path: string) =>
    h('div', { class: 'vdg-stat', dataset: { path: `players.${p.seat}.${path}` } }, h('dt', null, label), h('dd', null, String(value)));
  return h(
    'section',
    {
      class: `vdg-player vdg-seat-${p.colour}${active ? ' vdg-active' : ''}${p.seat === rc.you ? ' vdg-you' : ''}`,
      'aria-label': `${nameOf(rc, p.seat)}, ${p.colour}`,
    },
    h(
      'h3',
      null,
      h('span', { class: 'vdg-swatch', 'aria-hidden': 'true' }),
      `${nameOf(rc, p.seat)} (${p.colour})`,
      p.seat === rc.you ? h('span', { class: 'vdg-badge' }, 'you') : null,
      bot ? h('span', { class: 'vdg-badge' }, 'bot') : null,
      absent ? h('span', { class: 'vdg-badge' }, 'out of time: a bot plays') : null,
      active ? h('span', { class: 'vdg-badge vdg-to-play' }, 'to play') : null,
      h('span', { class: `vdg-online${online ? ' vdg-is-online' : ''}` }, online ? 'online' : 'offline'),
    ),
    h(
      'dl',
      { class: 'vdg-stats' },
      stat('Reals', p.reals, 'reals'),
      stat('VP', p.vp, 'vp'),
      stat('Discs', p.discsToPlace + (p.extraToPlace ? 1 : 0), 'discsToPlace'),
      stat('Captains', p.captains, 'captains'),
    ),
    h(
      'div',
      { class: 'vdg-chips', dataset: { path: `players.${p.seat}.sailors` } },
      sailors.length ? sailors : h('span', { class: 'vdg-empty' }, 'no sailors'),
      p.missionaries
        ? crewSpot('missionary', chip('missionary', p.missionaries, p.missionaries === 1 ? 'missionary (white)' : 'missionaries (white)'))
        : null,
    ),
    p.projects.length
      ? h(
          'div',
          { class: 'vdg-cards', dataset: { path: `players.${p.seat}.projects` } },
          h('span', { class: 'vdg-label' }, 'Projects'),
          p.projects.map((t) => spot(rc, `own-project:${t.id}`, 'vdg-project-space', projectCard(t))),
        )
      : null,
    p.ships.length
      ? h(
          'div',
          { class: 'vdg-cards', dataset: { path: `players.${p.seat}.ships` } },
          h('span', { class: 'vdg-label' }, 'Ships launched'),
          p.ships.map((t) =>
            own
              ? h('div', { class: 'vdg-project-space', dataset: { part: `ship:${t.id}` } }, projectCard(t, { launched: true }))
              : projectCard(t, { launched: true }),
          ),
        )
      : null,
    p.characters.length || p.extraDisc
      ? h(
          'p',
          { class: 'vdg-small vdg-line' },
          [
            p.characters.length ? `Holds ${listWords(p.characters.map((c) => CHARACTER_NAMES[c]))}.` : '',
            p.extraDisc ? ` Has the Additional Action Disc${p.extraToPlace ? ', to place' : ''}.` : '',
          ].join(''),
        )
      : null,
  );
}

function finalEl(rc: Rc, final: NonNullable<VdgView['final']>): HTMLElement {
  const rows = [...final].sort((a, b) => a.rank - b.rank);
  const th = (text: string, title?: string) => h('th', { scope: 'col', title }, text);
  return h(
    'section',
    { class: 'vdg-final', 'aria-label': 'Final scores', dataset: { finalScores: '' } },
    h('h3', null, 'Final scores'),
    h(
      'div',
      // Focusable: on a narrow screen the table scrolls sideways, and keyboards must reach it.
      { class: 'vdg-table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Final scores table' },
      h(
        'table',
        null,
        h(
          'caption',
          { class: 'vdg-small' },
          `VP scored during the five rounds, plus 1 VP for every ${DATA.realsPerFinalVp.value} Reals left and ${DATA.vpPerLaunchedShipWithCaptain.value} VP for every launched ship with a captain. Ties: more ships at the landings, then more sailors.`,
        ),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            th('Rank'),
            th('Player'),
            th('VP from the rounds'),
            th('For Reals'),
            th('For ships'),
            th('Total'),
            th('Ships at landings'),
            th('Sailors'),
          ),
        ),
        h(
          'tbody',
          null,
          rows.map((f) =>
            h(
              'tr',
              { class: f.rank === 1 ? 'vdg-winner' : '' },
              h('td', null, String(f.rank)),
              h('th', { scope: 'row' }, seatTag(rc, f.seat)),
              h('td', null, String(f.total - f.realsVp - f.shipsVp)),
              h('td', null, `+${f.realsVp}`),
              h('td', null, `+${f.shipsVp}`),
              h('td', null, h('strong', null, String(f.total))),
              h('td', null, String(f.shipsAtLandings)),
              h('td', null, String(f.sailors)),
            ),
          ),
        ),
      ),
    ),
  );
}
