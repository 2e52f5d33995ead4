/**
 * Navegador's table: the rondel with every player's stone, the map of the thirteen regions with
 * ships and colonies (an unexplored region shows only its printed good and stack size), the
 * market, the buildings with their next prices, the privileges, and each player's sheet. Its
 * places carry the parts of the moves made on them (choices.ts).
 */
import {
  ACTION_NAMES,
  BUILDINGS,
  BUILDING_NAMES,
  DATA,
  FIELDS,
  GOODS,
  NEIGHBOURS,
  PRIVILEGES,
  PRIVILEGE_NAMES,
  REGION_NAMES,
  type RegionId,
} from '../../../../domain/games/navegador/data';
import type { NavView } from '../../../../domain/games/navegador/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import { aboutEl } from '../about';
import { s, title } from '../../svg';
import type { UiContext } from '../ui';
import { cr, GOOD_NAMES, plural } from './labels';

/** Player colours as printed, with a text colour that reads on each. */
export const COLOURS: Record<string, { fill: string; text: string }> = {
  red: { fill: '#c0392b', text: '#fff' },
  yellow: { fill: '#f1c40f', text: '#1d2430' },
  green: { fill: '#2e8b57', text: '#fff' },
  blue: { fill: '#2c6fbb', text: '#fff' },
  black: { fill: '#2b2b2b', text: '#fff' },
};
const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';
/** A player's mark on their pieces: their initial, with the seat number where two share it ("H2", "H3"). */
export function markOf(names: readonly string[], seat: number): string {
  const mine = initial(names[seat] ?? '');
  return names.some((n, i) => i !== seat && initial(n) === mine) ? `${mine}${seat + 1}` : mine;
}

/** A player's piece: a disc in their colour with their initial (colour is never the only cue). */
function piece(x: number, y: number, r: number, colour: string, names: readonly string[], seat: number, extra = ''): SVGElement {
  const c = COLOURS[colour] ?? COLOURS.black!;
  const mark = markOf(names, seat);
  return s(
    'g',
    { class: 'nav-piece' },
    s('circle', { cx: x, cy: y, r, fill: c.fill, stroke: '#fff', 'stroke-width': 1.5 }),
    s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: c.text }, mark),
    title(`${names[seat] ?? ''}${extra}`),
  );
}

function rondel(view: NavView, you: number | null, ctx: UiContext): SVGElement {
  const cx = 130;
  const cy = 130;
  const R = 122;
  const inner = 46;
  const stones: SVGElement[] = [];
  const fields = FIELDS.map((action, i) => {
    const a0 = ((i - 0.5) / FIELDS.length) * 2 * Math.PI - Math.PI / 2;
    const a1 = ((i + 0.5) / FIELDS.length) * 2 * Math.PI - Math.PI / 2;
    const p = (r: number, a: number) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
    const path = `M ${p(inner, a0)} L ${p(R, a0)} A ${R} ${R} 0 0 1 ${p(R, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 0 0 ${p(inner, a0)} Z`;
    const mid = (a0 + a1) / 2;
    const lx = cx + 96 * Math.cos(mid);
    const ly = cy + 96 * Math.sin(mid);
    const here = view.players.filter((pl) => pl.position === i);
    // The stones are drawn over the field, outside its button: they are not part of its name.
    stones.push(
      ...here.map((pl, k) =>
        piece(
          cx + 66 * Math.cos(mid) + (k - (here.length - 1) / 2) * 17 * Math.cos(mid + Math.PI / 2),
          cy + 66 * Math.sin(mid) + (k - (here.length - 1) / 2) * 17 * Math.sin(mid + Math.PI / 2),
          8.5,
          pl.colour,
          ctx.names,
          pl.seat,
          ` on ${ACTION_NAMES[action]}`,
        ),
      ),
    );
    const g = s(
      'g',
      {
        class: `nav-field${view.players[you ?? -1]?.position === i ? ' nav-mine' : ''}`,
        dataset: { path: `players`, part: `field:${i}` },
      },
      s('path', { d: path, class: 'nav-sector' }),
    );
    // Words are drawn over the place, outside its button (whose name says them, and more).
    stones.push(s('text', { x: lx, y: ly + 4, 'text-anchor': 'middle', class: 'nav-field-name' }, ACTION_NAMES[action]));
    g.append(title(`${ACTION_NAMES[action]}${here.length ? `: ${here.map((pl) => ctx.names[pl.seat]).join(', ')}` : ''}`));
    return g;
  });
  const me = you === null ? null : view.players[you];
  return s(
    'svg',
    { viewBox: '0 0 260 260', class: 'nav-rondel', role: 'group', 'aria-label': 'Rondel' },
    fields,
    s('g', { class: 'nav-stones' }, stones),
    s('circle', { cx, cy, r: inner - 2, class: 'nav-hub' }),
    s('text', { x: cx, y: cy - 4, 'text-anchor': 'middle', class: 'nav-hub-text' }, 'Rondel'),
    s(
      'text',
      { x: cx, y: cy + 12, 'text-anchor': 'middle', class: 'nav-hub-small' },
      me?.position != null ? '3 ahead free' : 'start anywhere',
    ),
  );
}

/** Where each region sits on the drawn map (top-left corner of its box). */
const MAP: Record<RegionId, [number, number]> = {
  portugal: [0, 0],
  guine: [0, 1],
  bahia: [0, 2],
  angola: [1, 1],
  rio: [1, 2],
  india: [2, 0],
  mocambique: [2, 1],
  cabo: [2, 2],
  ceilao: [3, 0],
  malaca: [3, 1],
  nagasaki: [4, 0],
  macau: [4, 1],
  timor: [4, 2],
};
const BOX = { w: 160, h: 110 };
/** A region's box, from its column and row on the map. */
const at = (id: RegionId) => [10 + MAP[id][0] * 170, 10 + MAP[id][1] * 120] as const;

function map(view: NavView, ctx: UiContext): HTMLElement {
  const centre = (id: RegionId) => [at(id)[0] + BOX.w / 2, at(id)[1] + BOX.h / 2] as const;
  const borders = Object.entries(NEIGHBOURS).flatMap(([a, ns]) =>
    ns
      .filter((b) => a < b)
      .map((b) => {
        const [x1, y1] = centre(a as RegionId);
        const [x2, y2] = centre(b);
        return s('line', { x1, y1, x2, y2, class: 'nav-border' });
      }),
  );
  const over: SVGElement[] = [];
  const regions = view.regions.map((r, index) => {
    const [x, y] = at(r.id);
    const good = DATA.colonyStacks.value[r.id]?.[0];
    const lines: string[] = [];
    if (!r.explored) lines.push('Unexplored');
    if (!r.explored && r.stack)
      lines.push(plural(r.stack.size, `${GOOD_NAMES[r.stack.good]} colony`, `${GOOD_NAMES[r.stack.good]} colonies`));
    else if (r.colonies.length)
      lines.push(`${good ? `${GOOD_NAMES[good]} ` : ''}colonies:`, [...r.colonies].sort((a, b) => a - b).join(', '));
    else if (good) lines.push('No colonies left');
    if (r.doubleLoss) lines.push('Exploring loses 2 ships');
    // Who founded colonies here, by the marks on their pieces (older games did not record it).
    const founded = r.founded ?? [];
    if (founded.length) lines.push(`Founded: ${founded.map((seat) => markOf(ctx.names, seat)).join(' ')}`);
    const fleets = r.ships.flatMap((n, seat) => (n ? [{ seat, n }] : []));
    // A region is where a ship sails from or to, a colony is founded, a ship is paid from (choices.ts).
    const g = s(
      'g',
      {
        class: `nav-region${r.explored ? '' : ' nav-unexplored'}`,
        dataset: { path: `regions.${index}`, part: `from:${r.id} to:${r.id} region:${r.id}` },
      },
      s('rect', { x, y, width: BOX.w, height: BOX.h, rx: 10, class: 'nav-region-box' }),
    );
    // Words and ships are drawn over the region, outside its button (whose name says them).
    over.push(
      s('text', { x: x + 8, y: y + 20, class: 'nav-region-name' }, r.id === 'cabo' ? 'Cabo da Boa Esp.' : r.name),
      ...lines.map((l, i) => s('text', { x: x + 8, y: y + 38 + i * 15, class: 'nav-region-line' }, l)),
      // Fleets: a piece and its count, three to a row from the bottom.
      ...fleets.map((f, i) => {
        const fx = x + 16 + (i % 3) * 50;
        const fy = y + BOX.h - 16 - Math.floor(i / 3) * 24;
        return s(
          'g',
          null,
          piece(fx, fy, 10, view.players[f.seat]!.colour, ctx.names, f.seat, `: ${plural(f.n, 'ship')} in ${r.name}`),
          s('text', { x: fx + 13, y: fy + 5, class: 'nav-count' }, `×${f.n}`),
        );
      }),
    );
    g.append(
      title(
        `${r.name}: ${lines.join('; ') || 'explored'}${founded.length ? `; colonies of ${founded.map((seat) => ctx.names[seat]).join(', ')}` : ''}${fleets.length ? `; ships: ${fleets.map((f) => `${ctx.names[f.seat]} ${f.n}`).join(', ')}` : ''}`,
      ),
    );
    return g;
  });
  return h(
    'div',
    { class: 'nav-map-wrap', tabindex: '0', role: 'region', 'aria-label': 'Map' },
    s(
      'svg',
      { viewBox: '0 0 860 370', class: 'nav-map', role: 'group', 'aria-label': 'Map of the sea route' },
      borders,
      regions,
      s('g', { class: 'nav-over' }, over),
    ),
  );
}

function market(view: NavView): HTMLElement {
  return h(
    'table',
    { class: 'nav-table', dataset: { path: 'market' } },
    h('caption', null, 'Market'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { scope: 'col' }, 'Good'),
        h('th', { scope: 'col' }, 'Sell price'),
        h('th', { scope: 'col' }, 'Factory income'),
        h('th', { scope: 'col' }, 'Row'),
      ),
    ),
    h(
      'tbody',
      null,
      GOODS.map((g) =>
        h(
          'tr',
          { dataset: { path: `market.${g}` } },
          h('th', { scope: 'row' }, h('span', { class: 'nav-pick', dataset: { part: `good:${g}` } }, GOOD_NAMES[g])),
          h('td', null, cr(view.market[g].price)),
          h('td', null, cr(view.market[g].revenue)),
          h('td', null, `${view.market[g].row + 1} of 10`),
        ),
      ),
    ),
  );
}

function buildings(view: NavView): HTMLElement {
  return h(
    'table',
    { class: 'nav-table' },
    h('caption', null, 'Buildings'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { scope: 'col' }, 'Building'),
        h('th', { scope: 'col' }, 'Next price'),
        h('th', { scope: 'col' }, 'Left'),
        h('th', { scope: 'col' }, 'Workers needed'),
      ),
    ),
    h(
      'tbody',
      null,
      BUILDINGS.map((k) =>
        h(
          'tr',
          { dataset: { path: `buildings.${k}` } },
          h('th', { scope: 'row' }, h('span', { class: 'nav-pick', dataset: { part: `building:${k}` } }, BUILDING_NAMES[k])),
          h('td', null, view.buildings[k].next === null ? '—' : cr(view.buildings[k].next!)),
          h('td', null, String(view.buildings[k].left)),
          h('td', null, String(DATA.workersPerBuilding.value[k])),
        ),
      ),
    ),
  );
}

function gallery(view: NavView, names: readonly string[]): HTMLElement {
  const nav = view.navegador;
  return h(
    'div',
    { class: 'nav-gallery' },
    h(
      'p',
      { dataset: { path: 'gallery' } },
      h('strong', null, 'Privileges on offer: '),
      PRIVILEGES.map((t, i) => [
        i ? ' · ' : '',
        h('span', { class: 'nav-pick', dataset: { part: `privilege:${t}` } }, `${PRIVILEGE_NAMES[t]} ${view.gallery[t]}`),
      ]),
    ),
    h(
      'p',
      { dataset: { path: 'navegador' } },
      h(
        'span',
        { class: 'nav-pick', dataset: { part: 'useNavegador' } },
        h('strong', null, 'The Navegador: '),
        `${names[nav.holder]} holds it${nav.marker === null ? '' : ` (marker on ${ACTION_NAMES[FIELDS[nav.marker]!]})`}.`,
      ),
    ),
    view.endTrigger
      ? h(
          'p',
          { class: 'nav-end' },
          view.endTrigger === 'nagasaki' ? 'Nagasaki is explored: ' : 'The last building is taken: ',
          `final turns left: ${view.finalTurns ?? 0}.`,
        )
      : null,
  );
}

/** Each player's sheet in a row; one's own marked. Cruzados are open information in Navegador. */
function sheets(view: NavView, you: number | null, names: readonly string[]): HTMLElement {
  const head = [
    'Player',
    'Cruzados',
    'Workers',
    'Ships (supply / at sea)',
    'Colonies',
    'Factories',
    'Shipyards',
    'Churches',
    'Explorers',
    'Privileges',
  ];
  return h(
    'div',
    { class: 'nav-sheets-wrap', tabindex: '0', role: 'region', 'aria-label': 'Players' },
    h(
      'table',
      { class: 'nav-table nav-sheets' },
      h('caption', null, 'Players'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          head.map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        null,
        view.players.map((p, seat) => {
          const factories = GOODS.map((g) => (p.factories[g] ? `${GOOD_NAMES[g]} ${p.factories[g]}` : '')).filter(Boolean);
          if (p.wildcard) factories.push(`wildcard ${p.wildcard}`);
          // A privilege raises what each item of its column scores at the end: say by how much, not only its count.
          const privileges = PRIVILEGES.filter((t) => p.privileges[t]).map(
            (t) =>
              `${PRIVILEGE_NAMES[t]} ${p.privileges[t]} (${DATA.baseVp.value[t] + DATA.privilegeVp.value[t] * p.privileges[t]} VP each)`,
          );
          const colonies = GOODS.map((g) => [g, p.colonies.filter((c) => c.good === g).length] as const)
            .filter(([, n]) => n)
            .map(([g, n]) => `${GOOD_NAMES[g]} ${n}`);
          return h(
            'tr',
            { class: seat === you ? 'nav-you' : '', dataset: { path: `players.${seat}` } },
            h(
              'th',
              { scope: 'row' },
              h('span', { class: `nav-chip nav-c-${p.colour}` }, markOf(names, seat)),
              ` ${names[seat]}${seat === you ? ' (you)' : ''}`,
              h('span', { class: 'visually-hidden' }, `, ${p.colour}`),
            ),
            h('td', null, String(p.cash)),
            h('td', null, String(p.workers)),
            h('td', null, `${p.supply} / ${p.shipsAtSea}`),
            h('td', null, colonies.join(', ') || '—'),
            h('td', null, factories.join(', ') || '—'),
            h('td', null, String(p.shipyards)),
            h('td', null, String(p.churches)),
            h('td', null, p.explorers.length ? p.explorers.map((r) => REGION_NAMES[r]).join(', ') : '—'),
            h('td', null, privileges.join(', ') || '—'),
          );
        }),
      ),
    ),
  );
}

export function boardEl(frame: StateFrame, ctx: UiContext): HTMLElement {
  const view = frame.view as NavView;
  const you = frame.you;
  const phase = `Phase ${'I'.repeat(view.phase)}`;
  const sailing = DATA.sailingRange.value[view.phase - 1];
  return h(
    'div',
    { class: 'nav-board' },
    h(
      'p',
      { class: 'nav-phase' },
      h('strong', null, phase),
      ` · ships sail up to ${plural(sailing ?? 1, 'border')} · extra workers and ships cost ${cr(DATA.extraPricePerPhase.value * view.phase)} each`,
    ),
    h('div', { class: 'nav-top' }, rondel(view, you, ctx), map(view, ctx)),
    h('div', { class: 'nav-panels' }, market(view), buildings(view), gallery(view, ctx.names)),
    sheets(view, you, ctx.names),
    view.final ? finalScores(view, ctx.names) : null,
    aboutEl(DATA),
  );
}

function finalScores(view: NavView, names: readonly string[]): HTMLElement {
  return h(
    'table',
    { class: 'nav-table', dataset: { finalScores: '' } },
    h('caption', null, 'Final scores'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['Rank', 'Player', 'Workers', 'Ships', 'Cash', ...PRIVILEGES.map((t) => PRIVILEGE_NAMES[t]), 'Total'].map((t) =>
          h('th', { scope: 'col' }, t.charAt(0).toUpperCase() + t.slice(1)),
        ),
      ),
    ),
    h(
      'tbody',
      null,
      [...view.final!]
        .sort((a, b) => a.rank - b.rank)
        .map((r) =>
          h(
            'tr',
            null,
            h('td', null, String(r.rank)),
            h('th', { scope: 'row' }, names[r.seat] ?? ''),
            h('td', null, String(r.workers)),
            h('td', null, String(r.ships)),
            h('td', null, String(r.cash)),
            PRIVILEGES.map((t) => h('td', null, String(r.columns[t]))),
            h('td', null, h('strong', null, String(r.total))),
          ),
        ),
    ),
  );
}
