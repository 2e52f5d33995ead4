/**
 * The cloud scale test's chart: one self-contained SVG (nothing to fetch: no fonts, scripts or
 * links) of the simulated runs at each scale side by side — the hottest partition key of each
 * kind against DynamoDB's per-key limit, the move latency to every online seat, and the cost of 1,000
 * moves by people. As in bench/chart.ts every series differs by its dash and marker as well as its
 * colour, and every point carries its value, so the chart reads in greyscale and to a screen
 * reader (the `<desc>` gives every figure). Each marker carries its panel, series, games, value
 * and y as data-* attributes, so tests can check positions without reading the geometry.
 */
import { escapeXml, halo, niceStep, num, r1, spread, text, textWidth } from '../chart';

export interface CloudScaleRun {
  /** The scale's concurrent-game target (1000, 10000, 100000). */
  games: number;
  /** Games actually in play at the end of the run. */
  gamesInPlay?: number;
  virtualHours?: number;
  wallSeconds?: number;
  /** The hottest partition key of each kind at its busiest second, as a share of the per-key limit (1 = at 1,000 WCU or 3,000 RCU). Kinds like 'LOBBY', 'LOBBYWATCH', 'LEADERS', 'OUTBOX', 'GAME', 'PLAYER'. */
  hottestByKind?: Record<string, number>;
  throttledRequests?: number;
  /** Virtual milliseconds from a move's request to the last online seat having the new state frame. */
  moveLatencyMs?: { p50: number | null; p99: number | null };
  /** Virtual seconds from the commit that made it a player's turn to their push. */
  commitToPushSeconds?: { p50: number | null; p99: number | null };
  /** Cost of 1,000 moves by people (the usage of everything metered, over the moves people made), US dollars. */
  per1000MovesUsd?: number | null;
}

const WIDTH = 960;
const PANEL = WIDTH / 3;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#222';
const MUTED = '#555';
const GRID = '#e4e4e4';
const LIMIT = '#c8102e';
const ID = 'caravela-cloud-scale'; // prefixes the ids, should the SVG be inlined beside another
/** More kinds than this tangle the panel; the rest are named in the legend's note and the desc. */
const MAX_KINDS = 6;

type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'down' | 'cross';
interface Style {
  colour: string;
  dash: string;
  marker: Marker;
}

// Okabe–Ito hues, darkened for contrast on white; red is left to the limit line.
const STYLES: Style[] = [
  { colour: '#0061a0', dash: '', marker: 'circle' },
  { colour: '#b34700', dash: '8 4', marker: 'square' },
  { colour: '#007559', dash: '2 3', marker: 'triangle' },
  { colour: '#a3487a', dash: '12 4 2 4', marker: 'diamond' },
  { colour: '#7a5c00', dash: '4 2 1 2 1 2', marker: 'down' },
  { colour: '#333', dash: '1 5', marker: 'cross' },
];

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
const cents = new Intl.NumberFormat('en-US', { minimumSignificantDigits: 2, maximumSignificantDigits: 2 });
/** A count as it was, with thousands separators: '1,012', not num's three digits '1,010'. */
const count = (x: number) => whole.format(x);
/** Whole units from 100 up (143 s, 1,432 s), three significant digits below (47.9 h). */
const amount = (x: number) => (Math.abs(x) >= 100 ? count(x) : num(x));
const percent = (share: number) => `${share * 100 >= 10 ? whole.format(share * 100) : twoDigits.format(share * 100)}%`;
const usd = (x: number) => `$${cents.format(x)}`;
/** 'a', 'a and b', 'a, b and c'. */
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

type Attrs = Record<string, string | number>;
const attrs = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');

function marker(kind: Marker, x: number, y: number, colour: string, data: Attrs = {}): string {
  // Filled and hollow shapes alternate: one more cue besides shape and colour.
  const d = attrs(data);
  const hollow = `fill="#fff" stroke="${colour}" stroke-width="2"`;
  const [X, Y] = [r1(x), r1(y)];
  switch (kind) {
    case 'circle':
      return `<circle cx="${X}" cy="${Y}" r="4.5" fill="${colour}"${d}/>`;
    case 'square':
      return `<rect x="${r1(x - 4)}" y="${r1(y - 4)}" width="8" height="8" ${hollow}${d}/>`;
    case 'triangle':
      return `<path d="M${X} ${r1(y - 5.5)}L${r1(x + 5.5)} ${r1(y + 4)}L${r1(x - 5.5)} ${r1(y + 4)}Z" fill="${colour}"${d}/>`;
    case 'diamond':
      return `<path d="M${X} ${r1(y - 5.5)}L${r1(x + 5)} ${Y}L${X} ${r1(y + 5.5)}L${r1(x - 5)} ${Y}Z" ${hollow}${d}/>`;
    case 'down':
      return `<path d="M${X} ${r1(y + 5.5)}L${r1(x + 5.5)} ${r1(y - 4)}L${r1(x - 5.5)} ${r1(y - 4)}Z" fill="${colour}"${d}/>`;
    case 'cross':
      return `<path d="M${r1(x - 4.5)} ${r1(y - 4.5)}L${r1(x + 4.5)} ${r1(y + 4.5)}M${r1(x - 4.5)} ${r1(y + 4.5)}L${r1(x + 4.5)} ${r1(y - 4.5)}" stroke="${colour}" stroke-width="2.5"${d}/>`;
  }
}

interface Series {
  /** The data-series of its markers, and its name in the legend. */
  name: string;
  style: Style;
  values: Map<number, number>;
}

const LEGEND_ROW = 16;
const legendItemWidth = (name: string) => 28 + textWidth(name, 11) + 14;

/** Legend items flowed into rows of `width`: each item's offset and row. */
function legendLayout(names: string[], width: number): { dx: number; row: number }[] {
  let dx = 0;
  let row = 0;
  return names.map((name) => {
    const w = legendItemWidth(name);
    if (dx > 0 && dx + w > width) [dx, row] = [0, row + 1];
    const at = { dx, row };
    dx += w;
    return at;
  });
}

interface Panel {
  key: string;
  x: number;
  y: number;
  plotTop: number;
  plotBottom: number;
  title: string;
  games: number[];
  series: Series[];
  /** A note after the legend's items, e.g. the kinds left out. */
  legendNote?: string;
  format: (v: number) => string;
  tick: (v: number) => string;
  /** The least the linear axis reaches, so a small figure isn't drawn as a full one. */
  axisFloor?: number;
  /** A log axis when the values span more than two decades. */
  logWhenWide?: boolean;
  limit?: number;
}

const GUTTER = 48; // room for the y axis' tick labels

/** One panel: a line per series by scale, the scales as evenly spaced categories. */
function panel(p: Panel): string {
  const out: string[] = [];
  const left = p.x + GUTTER;
  const right = p.x + PANEL - 8;
  const { plotTop: top, plotBottom: bottom } = p;
  out.push(text(p.x + 8, p.y + 14, p.title, { 'font-size': 12, 'font-weight': 600, fill: INK }));

  const names = [...p.series.map((s) => s.name), ...(p.legendNote ? [p.legendNote] : [])];
  legendLayout(names, PANEL - 16).forEach(({ dx, row }, i) => {
    const lx = p.x + 8 + dx;
    const ly = p.y + 32 + row * LEGEND_ROW;
    const s = p.series[i];
    if (!s) {
      out.push(text(lx, ly + 4, names[i]!, { 'font-size': 11, fill: MUTED }));
      return;
    }
    out.push(
      `<line x1="${r1(lx)}" y1="${r1(ly)}" x2="${r1(lx + 24)}" y2="${r1(ly)}" stroke="${s.style.colour}" stroke-width="2"${s.style.dash ? ` stroke-dasharray="${s.style.dash}"` : ''}/>`,
    );
    out.push(marker(s.style.marker, lx + 12, ly, s.style.colour));
    out.push(text(lx + 28, ly + 4, s.name, { 'font-size': 11, fill: INK }));
  });

  const values = p.series.flatMap((s) => [...s.values.values()]);
  const all = [...values, ...(p.limit !== undefined ? [p.limit] : [])];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const log = !!p.logWhenWide && values.length > 0 && lo > 0 && hi / lo > 100;
  let yAt: (v: number) => number;
  const ticks: number[] = [];
  if (log) {
    const e0 = Math.floor(Math.log10(lo));
    const e1 = Math.max(e0 + 1, Math.ceil(Math.log10(hi)));
    for (let e = e0; e <= e1; e++) ticks.push(10 ** e);
    yAt = (v) => bottom - ((Math.log10(v) - e0) / (e1 - e0)) * (bottom - top);
  } else {
    const max = Math.max(p.axisFloor ?? 0, ...all);
    const step = niceStep(max > 0 ? max : 1);
    const n = Math.max(1, Math.ceil(max / step - 1e-9));
    for (let i = 0; i <= n; i++) ticks.push(i * step);
    yAt = (v) => bottom - (v / (n * step)) * (bottom - top);
  }

  // The scales' x: the first column's labels sit to its left (no line leaves that way), the
  // others' to the right, so each end keeps room for the widest label on its side.
  const widest = (g: number) => Math.max(0, ...p.series.map((s) => (s.values.has(g) ? textWidth(p.format(s.values.get(g)!), 11) : 0)));
  const n = p.games.length;
  // A lone series' labels sit above its points, clear of any other line: half as wide each side.
  const above = p.series.length === 1;
  const padLeft = Math.max(28, above ? widest(p.games[0]!) / 2 + 4 : widest(p.games[0]!) + 12);
  const padRight = Math.max(30, above ? widest(p.games[n - 1]!) / 2 + 4 : widest(p.games[n - 1]!) + 18);
  const xs = p.games.map((_, i) => (n === 1 ? (left + right) / 2 : left + padLeft + (i * (right - padRight - left - padLeft)) / (n - 1)));

  // An empty panel keeps its frame and scales but no y axis: there is nothing to read off it.
  const limitY = p.limit !== undefined && values.length ? yAt(p.limit) : undefined;
  for (const t of values.length ? ticks : []) {
    const y = yAt(t);
    out.push(`<line x1="${r1(left)}" y1="${r1(y)}" x2="${r1(right)}" y2="${r1(y)}" stroke="${GRID}"/>`);
    // The limit's label, just above its line, takes the place of a tick label it would meet.
    if (limitY !== undefined && y - 4 < limitY - 2 && y + 4 > limitY - 16) continue;
    out.push(text(left - 6, y + 4, p.tick(t), { 'text-anchor': 'end', 'font-size': 11, fill: MUTED }));
  }
  out.push(`<line x1="${r1(left)}" y1="${r1(top)}" x2="${r1(left)}" y2="${r1(bottom)}" stroke="${MUTED}"/>`);
  out.push(`<line x1="${r1(left)}" y1="${r1(bottom)}" x2="${r1(right)}" y2="${r1(bottom)}" stroke="${MUTED}"/>`);
  p.games.forEach((g, i) => {
    out.push(`<line x1="${r1(xs[i]!)}" y1="${r1(bottom)}" x2="${r1(xs[i]!)}" y2="${r1(bottom + 4)}" stroke="${MUTED}"/>`);
    out.push(text(xs[i]!, bottom + 16, count(g), { 'text-anchor': 'middle', 'font-size': 11, fill: INK }));
  });
  out.push(
    text((left + right) / 2, bottom + 31, `concurrent games${log ? ' (log y scale)' : ''}`, {
      'text-anchor': 'middle',
      'font-size': 11,
      fill: MUTED,
    }),
  );

  if (limitY !== undefined) {
    out.push(
      `<line x1="${r1(left)}" y1="${r1(limitY)}" x2="${r1(right)}" y2="${r1(limitY)}" stroke="${LIMIT}" stroke-width="1.5" stroke-dasharray="6 3" data-limit="${p.limit}"/>`,
    );
    out.push(text(left - 6, limitY - 4, 'limit', { 'text-anchor': 'end', 'font-size': 11, 'font-weight': 600, fill: LIMIT }));
  }

  if (!values.length) {
    out.push(
      text((left + right) / 2, (top + bottom) / 2, 'no figures in these runs', { 'text-anchor': 'middle', 'font-size': 12, fill: MUTED }),
    );
    return out.join('\n');
  }

  const labels: { column: number; y: number; text: string; colour: string }[] = [];
  for (const s of p.series) {
    // A line only between neighbouring scales: a scale without the figure leaves a gap, not a guess.
    let d = '';
    p.games.forEach((g, i) => {
      const v = s.values.get(g);
      if (v === undefined) return;
      d += `${i > 0 && s.values.has(p.games[i - 1]!) ? 'L' : 'M'}${r1(xs[i]!)} ${r1(yAt(v))}`;
    });
    if (d.includes('L'))
      out.push(
        `<path d="${d}" fill="none" stroke="${s.style.colour}" stroke-width="2"${s.style.dash ? ` stroke-dasharray="${s.style.dash}"` : ''}/>`,
      );
    p.games.forEach((g, i) => {
      const v = s.values.get(g);
      if (v === undefined) return;
      const y = yAt(v);
      const data = { 'data-panel': p.key, 'data-series': s.name, 'data-games': g, 'data-value': v, 'data-y': r1(y) };
      out.push(marker(s.style.marker, xs[i]!, y, s.style.colour, data));
      labels.push({ column: i, y, text: p.format(v), colour: s.style.colour });
    });
  }
  if (above) {
    for (const l of labels) {
      const y = l.y - 20 < top ? l.y + 17 : l.y - 9;
      out.push(text(xs[l.column]!, y, l.text, { 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 600, fill: l.colour, ...halo }));
    }
    return out.join('\n');
  }
  // Each point's value beside it, those of one column kept apart.
  p.games.forEach((_, i) => {
    const leftSide = n > 1 && i === 0;
    const column = labels.filter((l) => l.column === i);
    const ys = spread(
      column.map((l) => l.y + 4),
      13,
      top + 4,
      bottom - 2,
    );
    column.forEach((l, k) =>
      out.push(
        text(xs[i]! + (leftSide ? -9 : 9), ys[k]!, l.text, {
          'text-anchor': leftSide ? 'end' : 'start',
          'font-size': 11,
          'font-weight': 600,
          fill: l.colour,
          ...halo,
        }),
      ),
    );
  });
  return out.join('\n');
}

/** Values of a series by scale, only the finite ones (a missing or null figure draws nothing). */
function valuesBy(runs: CloudScaleRun[], pick: (r: CloudScaleRun) => number | null | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of runs) {
    const v = pick(r);
    if (finite(v)) out.set(r.games, v);
  }
  return out;
}

/** Lines of `parts` joined by '; ', wrapped between parts to fit `width`. */
function wrap(parts: string[], width: number, size: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last}; ${part}`, size) <= width) lines[lines.length - 1] = `${last}; ${part}`;
    else lines.push(part);
  }
  return lines;
}

/** The SVG of the cloud scale runs, one column per scale in each of its three panels. */
export function cloudScaleChart(runs: CloudScaleRun[]): string {
  const sorted = runs.filter((r) => finite(r.games)).sort((a, b) => a.games - b.games);
  const games = [...new Set(sorted.map((r) => r.games))];
  const scales = list(games.map(count));

  // The kinds that came closest to their limit at any scale, the hottest first.
  const peak = new Map<string, number>();
  for (const r of sorted)
    for (const [kind, share] of Object.entries(r.hottestByKind ?? {}))
      if (finite(share)) peak.set(kind, Math.max(peak.get(kind) ?? Number.NEGATIVE_INFINITY, share));
  const ranked = [...peak.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const kinds = ranked.slice(0, MAX_KINDS).map(([kind]) => kind);
  const leftOut = ranked.slice(MAX_KINDS);
  const hottest: Series[] = kinds.map((kind, i) => ({
    name: kind,
    style: STYLES[i]!,
    values: valuesBy(sorted, (r) => r.hottestByKind?.[kind]),
  }));
  const leftOutNote = leftOut.length ? `+${leftOut.length} cooler kind${leftOut.length > 1 ? 's' : ''}` : undefined;

  const latency: Series[] = (
    [
      { name: 'p50', style: STYLES[0]!, values: valuesBy(sorted, (r) => r.moveLatencyMs?.p50) },
      { name: 'p99', style: STYLES[1]!, values: valuesBy(sorted, (r) => r.moveLatencyMs?.p99) },
    ] as Series[]
  ).filter((s) => s.values.size > 0);
  const cost: Series[] = [{ name: 'per 1,000 moves', style: STYLES[0]!, values: valuesBy(sorted, (r) => r.per1000MovesUsd) }].filter(
    (s) => s.values.size > 0,
  );

  // Every panel's plot starts below the tallest legend, so the three share their axes' heights.
  const legendRows = Math.max(
    1,
    ...[[...kinds, ...(leftOutNote ? [leftOutNote] : [])], latency.map((s) => s.name)].map(
      (names) => 1 + Math.max(-1, ...legendLayout(names, PANEL - 16).map((l) => l.row)),
    ),
  );
  const panelY = 40;
  const plotTop = panelY + 32 + legendRows * LEGEND_ROW + 4;
  const plotBottom = plotTop + 190;

  const runFacts = sorted
    .map((r) => {
      const facts = [
        finite(r.gamesInPlay) && `${count(r.gamesInPlay)} in play`,
        finite(r.virtualHours) && `${amount(r.virtualHours)} virtual h`,
        finite(r.wallSeconds) && `${amount(r.wallSeconds)} s wall`,
        finite(r.throttledRequests) && `${count(r.throttledRequests)} throttled`,
      ].filter((f): f is string => !!f);
      return facts.length ? `${count(r.games)} games: ${facts.join(', ')}` : '';
    })
    .filter(Boolean);
  const footLines = wrap(runFacts, WIDTH - 16, 11);
  const footTop = plotBottom + 54;
  const height = Math.round(footTop + Math.max(0, footLines.length - 1) * 15 + 12);

  const body: string[] = [];
  body.push(
    text(8, 24, games.length ? `Caravela on simulated AWS at ${scales} concurrent games` : 'Caravela on simulated AWS: no runs', {
      'font-size': 16,
      'font-weight': 700,
      fill: INK,
    }),
  );
  if (games.length) {
    const common = { y: panelY, plotTop, plotBottom, games };
    body.push(
      panel({
        ...common,
        key: 'hottest',
        x: 0,
        title: 'Hottest key by kind, share of its limit',
        series: hottest,
        ...(leftOutNote ? { legendNote: leftOutNote } : {}),
        format: percent,
        tick: percent,
        axisFloor: 1.2,
        limit: 1,
      }),
      panel({
        ...common,
        key: 'latency',
        x: PANEL,
        title: 'Move latency to every online seat (ms)',
        series: latency,
        format: amount,
        tick: num,
        logWhenWide: true,
      }),
      panel({
        ...common,
        key: 'cost',
        x: 2 * PANEL,
        title: 'Cost of 1,000 moves by people (US$)',
        series: cost,
        format: usd,
        tick: (v) => `$${num(v)}`,
      }),
    );
  }
  footLines.forEach((line, i) => body.push(text(8, footTop + i * 15, line, { 'font-size': 11, fill: MUTED })));

  const byScale = (series: Series[], format: (v: number) => string, named = true) =>
    games
      .map((g) => {
        const figures = series.filter((s) => s.values.has(g)).map((s) => `${named ? `${s.name} ` : ''}${format(s.values.get(g)!)}`);
        return figures.length ? `at ${count(g)} games ${figures.join(', ')}` : '';
      })
      .filter(Boolean)
      .join('; ');
  const desc = [
    hottest.length &&
      `Hottest partition key of each kind at its busiest second, as a share of the per-key limit (limit 100%): ${byScale(hottest, percent)}.`,
    leftOut.length &&
      `Not drawn, cooler at every scale: ${leftOut.map(([kind, share]) => `${kind} at most ${percent(share)}`).join(', ')}.`,
    latency.length && `Move latency to every online seat, in virtual milliseconds: ${byScale(latency, amount)}.`,
    cost.length && `Cost of 1,000 moves by people, US dollars: ${byScale(cost, usd, false)}.`,
    runFacts.length && `Runs: ${runFacts.join('; ')}.`,
  ]
    .filter(Boolean)
    .join(' ');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${ID}-title ${ID}-desc" font-family="${escapeXml(FONT)}">`,
    `<title id="${ID}-title">${escapeXml(
      games.length
        ? `Caravela on simulated AWS at ${scales} concurrent games: the hottest partition key of each kind against its limit, move latency to every online seat, and cost of 1,000 moves by people`
        : 'Caravela on simulated AWS: no runs to chart',
    )}</title>`,
    `<desc id="${ID}-desc">${escapeXml(desc || 'No figures.')}</desc>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
