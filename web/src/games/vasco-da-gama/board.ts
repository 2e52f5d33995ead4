/**
 * The whole public table from one seat's view: header, Numbers Zone, Vasco da Gama's tiles, the
 * four areas (areas.ts), every player's supply, the final scores and the reconstructed-number notes.
 */
import { h } from '../../dom';
import { AREAS, AREA_NAMES, CHARACTER_NAMES, DATA, SAILOR_COLOURS } from '../../../../domain/games/vasco-da-gama/data';
import type { VdgView } from '../../../../domain/games/vasco-da-gama/view';
import { areasEl } from './areas';
import { PHASE_NAMES, listWords, plural, possibleFreeNumbers, reals } from './labels';
import { chip, colourOf, nameOf, projectCard, seatTag, spot, sr, type Rc } from './widgets';

export function boardEl(rc: Rc): HTMLElement {
  return h(
    'div',
    { class: 'vdg-board', dataset: { phase: rc.view.phase } },
    headerEl(rc),
    rc.view.final ? finalEl(rc, rc.view.final) : null,
    h('div', { class: 'vdg-top' }, numbersEl(rc), vdgEl(rc)),
    areasEl(rc),
    h('section', { class: 'vdg-players', 'aria-label': 'Players' }, rc.view.players.map((p) => playerEl(rc, p))),
    aboutEl(rc.view),
  );
}

/** Whose turn it is, in words ("Your turn: place an action disc."). */
export function turnText(rc: Rc): string {
  const { view } = rc;
  if (view.final || view.phase === 'over') return 'The game is over.';
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
  const mine = rc.you !== null && view.activeSeats.includes(rc.you);
  return h(
    'header',
    { class: 'vdg-header' },
    h('h2', null, view.round > 0 ? `Round ${view.round} of ${view.rounds}` : `Before round 1 of ${view.rounds}`, ' · ', PHASE_NAMES[view.phase]),
    h('p', { class: `vdg-turn${mine ? ' vdg-your-turn' : ''}` }, turnText(rc)),
    h('p', null, 'First player: ', seatTag(rc, view.firstPlayer)),
    call
      ? h(
          'p',
          { class: 'vdg-call' },
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

function numbersEl(rc: Rc): HTMLElement {
  const { view } = rc;
  const { free, initial, refunds, zone } = view.numbers;
  const onBoard = new Map<number, { seat: number; area: string }>();
  for (const a of AREAS) for (const d of view.areas[a]) if (d) onBoard.set(d.number, { seat: d.seat, area: AREA_NAMES[a] });
  const marker = free ?? initial;
  const cell = (n: number) => {
    const placed = onBoard.get(n);
    const right = free !== null ? Math.max(0, free - n) : null;
    return h(
      'li',
      {
        class: `vdg-number${zone.includes(n) ? ' vdg-in-zone' : ''}${placed ? ` vdg-placed vdg-seat-${colourOf(rc, placed.seat)}` : ''}${n === marker ? ' vdg-marker' : ''}${view.call?.number === n ? ' vdg-called' : ''}`,
        dataset: { number: String(n) },
      },
      h('span', { class: 'vdg-number-n' }, String(n)),
      n === marker ? h('span', { class: 'vdg-flag' }, free !== null ? '⚑ free' : '⚑ initial') : null,
      placed ? h('span', { class: 'vdg-small' }, nameOf(rc, placed.seat)) : right ? h('span', { class: 'vdg-small' }, `pay ${right}`) : null,
      sr(placed ? ` placed by ${nameOf(rc, placed.seat)} (${colourOf(rc, placed.seat)}) in ${placed.area}` : zone.includes(n) ? ' in the zone' : ''),
    );
  };
  const perRow = 5;
  const rows = Array.from({ length: Math.ceil(DATA.regularNumbers.value / perRow) }, (_, r) => {
    const nums = Array.from({ length: perRow }, (_, i) => r * perRow + i + 1);
    return h(
      'div',
      { class: 'vdg-number-row' },
      h('span', { class: 'vdg-refund' }, `${nums[0]}–${nums.at(-1)}: give up +${reals(refunds[r * perRow] ?? 0)}`),
      h('ol', { class: 'vdg-number-cells', start: String(nums[0]) }, nums.map(cell)),
    );
  });
  const range = possibleFreeNumbers(view);
  const variation = free !== null ? free - initial : null;
  return h(
    'section',
    { class: 'vdg-numbers', 'aria-label': 'Numbers Zone' },
    h('h3', null, 'Numbers Zone'),
    h(
      'p',
      { class: 'vdg-line' },
      free !== null
        ? `First free action: ${free} (initial ${initial}, variation ${signed(variation!)}). Lower numbers pay the difference for the right to act.`
        : `Initial number ${initial}, variation unknown until all discs are placed${range ? ` (the free number will be ${range.min}–${range.max})` : ''}.`,
    ),
    rows,
    h('p', { class: 'vdg-small' }, `21 and 22 (Additional Action Disc): no refund. Still in the Characters Area: ${view.numbers.extra.join(', ') || 'none'}.`),
  );
}

function vdgEl(rc: Rc): HTMLElement {
  const t = rc.view.vdgTiles;
  const current = t.used.at(-1);
  return h(
    'section',
    { class: 'vdg-vasco', 'aria-label': 'Vasco da Gama tiles' },
    h('h3', null, 'Vasco da Gama'),
    h(
      'ul',
      { class: 'vdg-plain' },
      h('li', null, current ? `This round's tile: initial ${current.initial}, offers ${reals(current.coins[0])} and ${reals(current.coins[1])}` : 'No tile played yet'),
      h('li', null, t.faceUp ? `Face up on the deck: initial ${t.faceUp.initial}, variation ${signed(t.faceUp.variation)}` : 'Next tile: face down'),
      h('li', null, `Face down: ${plural(t.faceDown, 'tile')} · played: ${t.used.length}`),
      h('li', null, `Money spaces: upper ${rc.view.coins[0] === null ? 'taken' : reals(rc.view.coins[0])}, lower ${rc.view.coins[1] === null ? 'taken' : reals(rc.view.coins[1])}`),
    ),
  );
}

function playerEl(rc: Rc, p: VdgView['players'][number]): HTMLElement {
  const online = rc.frame.online.includes(p.seat);
  const active = rc.view.activeSeats.includes(p.seat);
  const bot = rc.frame.seats[p.seat]?.bot;
  // Older frames may lack `absent` (seats out of time, played by a bot until they come back).
  const absent = (rc.frame.absent ?? []).includes(p.seat);
  const sailors = SAILOR_COLOURS.filter((c) => p.sailors[c] > 0).map((c) => chip(c, p.sailors[c]));
  const stat = (label: string, value: string | number | Node) => h('div', { class: 'vdg-stat' }, h('dt', null, label), h('dd', null, value));
  const extraDisc = p.extraDisc ? (p.extraToPlace ? 'yes, to place' : 'yes') : 'no';
  return h(
    'section',
    { class: `vdg-player vdg-seat-${p.colour}${active ? ' vdg-active' : ''}${p.seat === rc.you ? ' vdg-you' : ''}`, 'aria-label': `${nameOf(rc, p.seat)}, ${p.colour}` },
    h(
      'h3',
      null,
      h('span', { class: 'vdg-swatch', 'aria-hidden': 'true' }),
      `${nameOf(rc, p.seat)} (${p.colour})`,
      p.seat === rc.you ? h('span', { class: 'vdg-badge' }, 'you') : null,
      bot ? h('span', { class: 'vdg-badge' }, 'bot') : null,
      absent ? h('span', { class: 'vdg-badge' }, 'out of time: a bot plays') : null,
      h('span', { class: `vdg-online${online ? ' vdg-is-online' : ''}` }, online ? 'online' : 'offline'),
      active ? h('span', { class: 'vdg-badge vdg-to-play' }, 'to play') : null,
    ),
    h(
      'dl',
      { class: 'vdg-stats' },
      stat('Reals', p.reals),
      stat('VP', p.vp),
      stat('Discs to place', p.discsToPlace),
      stat('Extra disc', extraDisc),
      stat('Captains', `${p.captains} in supply, ${p.captainsInRecruiting} in Recruiting`),
    ),
    h('div', { class: 'vdg-chips' }, sailors.length ? sailors : h('span', { class: 'vdg-empty' }, 'no sailors'), p.missionaries ? chip('missionary', p.missionaries, p.missionaries === 1 ? 'missionary (white)' : 'missionaries (white)') : null),
    p.projects.length
      ? h('div', { class: 'vdg-cards' }, h('span', { class: 'vdg-label' }, 'Projects'), p.projects.map((t) => spot(rc, `own-project:${t.id}`, 'vdg-project-space', projectCard(t))))
      : null,
    p.ships.length ? h('div', { class: 'vdg-cards' }, h('span', { class: 'vdg-label' }, 'Launched ships'), p.ships.map((t) => projectCard(t, { launched: true }))) : null,
    h('p', { class: 'vdg-small' }, `Characters: ${listWords(p.characters.map((c) => CHARACTER_NAMES[c])) || 'none'}`),
  );
}

function finalEl(rc: Rc, final: NonNullable<VdgView['final']>): HTMLElement {
  const rows = [...final].sort((a, b) => a.rank - b.rank);
  const th = (text: string) => h('th', { scope: 'col' }, text);
  return h(
    'section',
    { class: 'vdg-final', 'aria-label': 'Final scores', dataset: { finalScores: '' } },
    h('h3', null, 'Final scores'),
    h(
      'div',
      { class: 'vdg-table-wrap' },
      h(
        'table',
        null,
        h('thead', null, h('tr', null, th('Rank'), th('Player'), th('During play'), th('Reals'), th('Ships with captain'), th('Total'), th('Ships at landings'), th('Sailors'))),
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

function aboutEl(view: VdgView): HTMLElement {
  return h(
    'details',
    { class: 'vdg-about' },
    h('summary', null, 'About the numbers (reconstructed components)'),
    h('ul', null, view.about.map((note) => h('li', null, note))),
  );
}
