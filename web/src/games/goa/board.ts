/**
 * Goa's table: the auction grid (tiles, the flag, the numbered auction markers), the running
 * auction, the progress board with every player's success markers, each player's estate
 * (plantations and colonies with their spice fields, ships, colonists, tiles; ducats and cards
 * only one's own), and one's own expedition cards. Its places carry the parts of the moves made
 * on them (choices.ts).
 */
import { COLONY_NAMES, COLUMNS, COLUMN_NAMES, DATA, type Column } from '../../../../domain/games/goa/data';
import type { GoaPlayerView, GoaView } from '../../../../domain/games/goa/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import { h } from '../../dom';
import { aboutEl } from '../about';
import { s, title } from '../../svg';
import type { UiContext } from '../ui';
import { capital, cardText, ducats, edgeText, place, plural, stageText, tileLines, tileText } from './labels';

/** Seat colours (Goa's player colours), each with a text colour that reads on it. */
export const SEAT_COLOURS = [
  { fill: '#c0392b', text: '#fff' },
  { fill: '#2c6fbb', text: '#fff' },
  { fill: '#2e8b57', text: '#fff' },
  { fill: '#f1c40f', text: '#1d2430' },
];
const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';
/** A player's mark: their initial, with the seat number where two share it. */
export function markOf(names: readonly string[], seat: number): string {
  const mine = initial(names[seat] ?? '');
  return names.some((n, i) => i !== seat && initial(n) === mine) ? `${mine}${seat + 1}` : mine;
}

const CELL = 100;
const EDGE = 46;
const GAP = 4;
const SIZE = DATA.gridSize.value;
/** Grid positions run from −1 to 5: the 5 × 5 tiles and the narrower edge spaces around them. */
const at = (i: number) => (i < 0 ? GAP : i >= SIZE ? 2 * GAP + EDGE + SIZE * (CELL + GAP) : 2 * GAP + EDGE + i * (CELL + GAP));
const span = (i: number) => (i < 0 || i >= SIZE ? EDGE : CELL);

function grid(view: GoaView, ctx: UiContext): HTMLElement {
  const size = SIZE;
  const cells: SVGElement[] = [];
  // Markers are drawn over the squares, outside their buttons: not part of a square's name.
  const overlay: SVGElement[] = [];
  for (let r = -1; r <= size; r++) {
    for (let c = -1; c <= size; c++) {
      const edge = r < 0 || c < 0 || r >= size || c >= size;
      const corner = (r < 0 || r >= size) && (c < 0 || c >= size);
      if (corner) continue;
      const [x, y, w, hgt] = [at(c), at(r), span(c), span(r)];
      const tile = edge ? null : (view.grid[r]?.[c] ?? null);
      const markers = view.markers.filter((m) => m.pos.r === r && m.pos.c === c);
      const lines = tile ? tileLines(tile) : null;
      const g = s(
        'g',
        {
          class: `goa-cell${edge ? ' goa-edge' : ''}${tile ? '' : ' goa-empty'}`,
          dataset: { path: edge ? `markers` : `grid.${r}.${c}`, part: `cell:${r}:${c}` },
        },
        s('rect', { x, y, width: w, height: hgt, rx: 8, class: 'goa-cell-box' }),
      );
      // HTML over the square, so a tile's words wrap to its width; outside its button, whose name says them.
      if (lines)
        overlay.push(
          s(
            'foreignObject',
            { x: x + 4, y: y + 3, width: w - 8, height: hgt - 30 },
            h('div', { class: 'goa-tile-text' }, h('b', null, lines[0]), ' ', lines[1]),
          ),
        );
      overlay.push(
        ...markers.map((m, i) => {
          const colour = SEAT_COLOURS[m.seat] ?? SEAT_COLOURS[0]!;
          const mx = edge ? x + w / 2 : x + 18 + i * 30;
          const my = edge ? y + hgt / 2 : y + hgt - 18;
          const flag = m.number === 1; // the flag is auction marker 1
          return s(
            'g',
            null,
            flag
              ? s('path', {
                  d: `M ${mx - 10} ${my + 14} L ${mx - 10} ${my - 16} L ${mx + 14} ${my - 8} L ${mx - 10} ${my}`,
                  fill: colour.fill,
                  stroke: '#1d2430',
                  'stroke-width': 1.5,
                })
              : s('circle', { cx: mx, cy: my, r: 13, fill: colour.fill, stroke: '#fff', 'stroke-width': 2 }),
            s(
              'text',
              { x: flag ? mx - 4 : mx, y: flag ? my - 4 : my + 5, 'text-anchor': 'middle', class: 'goa-marker-text', fill: colour.text },
              String(m.number),
            ),
            title(flag ? `The flag, auction 1 (${ctx.names[m.seat]})` : `Auction marker ${m.number} (${ctx.names[m.seat]})`),
          );
        }),
      );
      const words = `${tile ? `${tileText(tile.id)} at ${place(r, c)}` : capital(edgeText(r, c))}${markers.length ? `; ${markers.map((m) => (m.number === 1 ? `the flag of ${ctx.names[m.seat]}` : `marker ${m.number} of ${ctx.names[m.seat]}`)).join(', ')}` : ''}`;
      g.append(title(words));
      cells.push(g);
    }
  }
  const side = at(size) + EDGE + GAP;
  return h(
    'div',
    { class: 'goa-grid-wrap', tabindex: '0', role: 'region', 'aria-label': 'Auction grid' },
    s(
      'svg',
      { viewBox: `0 0 ${side} ${side}`, class: 'goa-grid', role: 'group', 'aria-label': 'Auction grid' },
      cells,
      s('g', { class: 'goa-markers' }, overlay),
    ),
  );
}

function auction(view: GoaView, names: readonly string[]): HTMLElement | null {
  const a = view.auction;
  if (!a) return null;
  const lot = a.tile ? tileText(a.tile.id) : 'the flag';
  return h(
    'div',
    { class: 'goa-auction', dataset: { path: 'auction' }, role: 'status' },
    h('strong', null, `${names[a.auctioneer]} auctions ${lot}. `),
    a.highBidder === null ? 'No bid yet. ' : `Highest bid: ${ducats(a.high)} by ${names[a.highBidder]}. `,
    a.toBid.length ? `Still to bid: ${a.toBid.map((s2) => names[s2]).join(', ')} (the auctioneer last).` : '',
  );
}

/** The progress board: a row of cells per column, each player's marker in its row, what each row yields. */
function progress(view: GoaView, you: number | null, names: readonly string[]): HTMLElement {
  const rows = DATA.rowVp.value.length;
  return h(
    'div',
    { class: 'goa-progress-wrap', tabindex: '0', role: 'region', 'aria-label': 'Progress board' },
    h(
      'table',
      { class: 'goa-table goa-progress' },
      h('caption', null, 'Progress board'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Row (VP)'),
          COLUMNS.map((c) =>
            h('th', { scope: 'col' }, h('span', { class: 'goa-pick', dataset: { part: `column:${c}` } }, capital(COLUMN_NAMES[c]))),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        Array.from({ length: rows }, (_, row) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, `${row + 1} (${DATA.rowVp.value[row]} VP)`),
            COLUMNS.map((c) => {
              const here = view.players.filter((p) => p.rows[c] === row);
              const cost = you !== null && view.players[you]!.rows[c] + 1 === row ? DATA.progressCost.value[c][row - 1] : undefined;
              return h(
                'td',
                { dataset: { path: `players` } },
                h('span', { class: 'goa-yield' }, yieldText(c, row)),
                here.map((p) => chip(names, p.seat)),
                cost
                  ? h(
                      'span',
                      { class: 'goa-cost goa-pick', dataset: { part: `progress:${c}` } },
                      `next: ${cost.join(', ')} + ${plural(cost.length, 'ship')}`,
                    )
                  : null,
              );
            }),
          ),
        ),
      ),
    ),
  );
}

function yieldText(column: Column, row: number): string {
  const v = DATA.rowValues.value[column][row]!;
  return column === 'expedition' ? `${plural(v, 'card')}, hand ${DATA.handLimits.value[row]}` : column === 'taxes' ? ducats(v) : `${v}`;
}

function chip(names: readonly string[], seat: number): HTMLElement {
  // A class, not a style attribute: the page's CSP allows no inline styles.
  return h(
    'span',
    { class: `goa-chip goa-seat-${seat}`, title: names[seat] ?? '' },
    markOf(names, seat),
    h('span', { class: 'visually-hidden' }, ` (${names[seat]})`),
  );
}

/** Spice fields as filled and empty sacks in the spice's colour (its name is beside them), the count in words for screen readers. */
const fields = (filled: number, total: number, spice: string) =>
  h(
    'span',
    { class: `goa-fields goa-spice-${spice}`, 'aria-label': `${filled} of ${total} fields filled` },
    '●'.repeat(filled) + '○'.repeat(Math.max(0, total - filled)),
  );

function estate(_view: GoaView, p: GoaPlayerView, you: number | null, ctx: UiContext): HTMLElement {
  const mine = p.seat === you;
  const spots = [
    ...p.plantations.map((x) => ({ id: x.tile, name: `${capital(x.spice)} plantation`, spot: x })),
    ...Object.entries(p.colonies).flatMap(([name, x]) =>
      x ? [{ id: x.tile, name: `${COLONY_NAMES[name as keyof typeof COLONY_NAMES]} (${x.spice})`, spot: x }] : [],
    ),
  ];
  const tiles = p.tiles.map((t) =>
    t.id ? `${tileText(t.id).replace(/^(a|the) /, '')}${t.used ? ' (used)' : ''}` : 'a Mission tile (face down)',
  );
  return h(
    'section',
    { class: `goa-estate${mine ? ' goa-you' : ''}`, dataset: { path: `players.${p.seat}` }, 'aria-label': `${ctx.names[p.seat]}'s estate` },
    h(
      'h3',
      null,
      h(
        'span',
        { class: 'goa-pick', dataset: { part: `seat:${p.seat}` } },
        chip(ctx.names, p.seat),
        ` ${ctx.names[p.seat]}${mine ? ' (you)' : ''}`,
      ),
    ),
    h(
      'p',
      { class: 'goa-stock' },
      `${p.ducats === null ? 'Ducats: secret' : ducats(p.ducats)} · ${plural(p.ships, 'ship')} · ${plural(p.colonists, 'colonist')} · ${plural(p.extraActions, 'extra action card')} · ${p.hand === null ? plural(p.handSize, 'expedition card') : `${plural(p.handSize, 'card')} in hand (limit ${p.handLimit})`}`,
    ),
    h(
      'ul',
      { class: 'goa-spots' },
      spots.length
        ? spots.map((x) =>
            h(
              'li',
              null,
              // A place of one's own estate: spices put on it, returned or paid from it (choices.ts).
              h(
                'div',
                { class: 'goa-spot', dataset: mine ? { part: `spot:${x.id} from:${x.id}` } : {} },
                h('span', { class: 'goa-spot-name' }, x.name),
                fields(x.spot.filled, x.spot.fields, x.spot.spice),
              ),
            ),
          )
        : h('li', { class: 'muted' }, 'No plantations yet'),
    ),
    tiles.length
      ? h(
          'p',
          { class: 'goa-tiles' },
          h('strong', null, 'Tiles: '),
          tiles.map((t, i) => [
            i ? ', ' : '',
            h('span', { class: 'goa-pick', dataset: mine && p.tiles[i]?.id ? { part: `tile:${p.tiles[i]!.id}` } : {} }, t),
          ]),
        )
      : null,
    p.keptSingles ? h('p', { class: 'goa-tiles' }, `${plural(p.keptSingles, 'single plantation')} kept face down`) : null,
    mine && p.hand?.length
      ? h(
          'ul',
          { class: 'goa-hand', 'aria-label': 'Your expedition cards' },
          p.hand.map((c) => h('li', null, h('span', { class: 'goa-pick', dataset: { part: `card:${c.id}` } }, cardText(c.id)))),
        )
      : null,
  );
}

export function boardEl(frame: StateFrame, ctx: UiContext): HTMLElement {
  const view = frame.view as GoaView;
  const you = frame.you;
  const order = you === null ? view.players : [view.players[you]!, ...view.players.filter((p) => p.seat !== you)];
  const colonies = [...new Set(view.colonyTiles.map((t) => t.colony))];
  return h(
    'div',
    { class: 'goa-board' },
    h(
      'p',
      { class: 'goa-stage' },
      h('strong', null, stageText(view)),
      ` · ${ctx.names[view.flag]} holds the flag`,
      view.part === 'A' ? ` · ${view.tilesToCome} B tiles to come` : '',
    ),
    h(
      'div',
      { class: 'goa-top' },
      grid(view, ctx),
      h(
        'div',
        { class: 'goa-side' },
        auction(view, ctx.names),
        progress(view, you, ctx.names),
        h(
          'p',
          { class: 'goa-deck' },
          `Expedition cards: ${view.deckSize} in the deck, ${view.discardSize} discarded. Additional action cards in the supply: ${view.extraSupply}. Colonies still to found: `,
          colonies.length
            ? colonies.map((c, i) => [i ? ', ' : '', h('span', { class: 'goa-pick', dataset: { part: `colony:${c}` } }, COLONY_NAMES[c])])
            : 'none',
          '.',
        ),
        view.table.length ? h('p', null, `Drawn face up: ${view.table.map((c) => cardText(c.id)).join('; ')}`) : null,
      ),
    ),
    h(
      'div',
      { class: 'goa-estates' },
      order.map((p) => estate(view, p, you, ctx)),
    ),
    view.final ? finalScores(view, ctx.names) : null,
    aboutEl(DATA),
  );
}

function finalScores(view: GoaView, names: readonly string[]): HTMLElement {
  const cols = ['Progress', 'Colonies', 'Symbols', 'Most money', 'Plantations', 'Duty', 'Missions'] as const;
  return h(
    'div',
    { class: 'goa-progress-wrap', tabindex: '0', role: 'region', 'aria-label': 'Final scores' },
    h(
      'table',
      { class: 'goa-table', dataset: { finalScores: '' } },
      h('caption', null, 'Final scores (victory points)'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['Rank', 'Player', ...cols, 'Ducats left', 'Total'].map((t) => h('th', { scope: 'col' }, t)),
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
              [r.rows, r.colonies, r.symbols, r.money, r.plantations, r.duty, r.missions].map((v) => h('td', null, String(v))),
              h('td', null, String(r.ducats)),
              h('td', null, h('strong', null, String(r.total))),
            ),
          ),
      ),
    ),
  );
}
