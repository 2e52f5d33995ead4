/**
 * The bench's chart: one self-contained SVG (nothing to fetch: no fonts, scripts or links) of a
 * run's pipeline — throughput and p99 round trip by concurrent games, Caravela beside
 * boardgame.io — and of the cost of one game per AWS service line. Every series differs by its
 * dash and marker as well as its colour, and every point carries its value, so the chart reads
 * in greyscale and to a screen reader (the `<desc>` gives every figure).
 */

interface RoundTrip {
  p50Ms: number;
  p99Ms: number;
}
interface Level {
  games: number;
  commandsPerSecond: number;
  roundTrip: RoundTrip;
}

/** The parts of `npm run bench`'s JSON the chart draws; any of them may be missing. */
export interface ChartInput {
  machine?: { cpu?: string; cores?: number; memoryGiB?: number; node?: string; loadAverage1m?: number };
  pipeline?: {
    caravela?: { levels?: Level[]; storeCapacity?: { itemsPerSecond: number } };
    boardgameIo?: { levels?: (Level & { storage: string })[] };
  };
  cost?: {
    perGameDollars: number;
    floorDollars: number;
    overFloor: number;
    targetDollars: number;
    breakdown: { line: string; dollars: number; floorDollars?: number }[];
  };
}

const WIDTH = 900;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#222';
const MUTED = '#555';
const GRID = '#e4e4e4';
const ID = 'caravela-bench'; // prefixes the pattern's id, should the SVG be inlined beside another

type Marker = 'circle' | 'square' | 'triangle';
interface Style {
  name: string;
  colour: string;
  dash: string;
  marker: Marker;
}

// Okabe–Ito hues, darkened for contrast on white.
const CARAVELA: Style = { name: 'Caravela', colour: '#0061a0', dash: '', marker: 'circle' };
const BGIO_MEMORY: Style = { name: 'boardgame.io in memory', colour: '#b34700', dash: '8 4', marker: 'square' };
const BGIO_FLATFILE: Style = { name: 'boardgame.io flat file', colour: '#007559', dash: '2 3', marker: 'triangle' };
const STORE = { name: 'store capacity', colour: '#666', dash: '12 4 2 4' };

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const r1 = (x: number) => Math.round(x * 10) / 10;
const nf = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
export const num = (x: number) => nf.format(x);
const ms = (x: number) => (x >= 1000 ? `${num(x / 1000)} s` : `${num(x)} ms`);
const dollars = (x: number) => `$${num(x)}`;
/** A rough width of sans-serif text, for layout only (no font metrics without a renderer). */
export const textWidth = (text: string, size: number) => text.length * size * 0.62;

/** A `<text>`; `tooltip` (a `<title>` inside it) carries the whole of a shortened label. */
export function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}, tooltip?: string): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return `<text x="${r1(x)}" y="${r1(y)}"${a}>${tooltip ? `<title>${escapeXml(tooltip)}</title>` : ''}${escapeXml(content)}</text>`;
}

/** A label readable over lines and grid: a white outline painted under the glyphs. */
export const halo = { stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', 'stroke-linejoin': 'round' };

function marker(kind: Marker, x: number, y: number, colour: string): string {
  // The square is hollow, the others filled: one more cue besides shape and colour.
  if (kind === 'circle') return `<circle cx="${r1(x)}" cy="${r1(y)}" r="4.5" fill="${colour}"/>`;
  if (kind === 'square')
    return `<rect x="${r1(x - 4)}" y="${r1(y - 4)}" width="8" height="8" fill="#fff" stroke="${colour}" stroke-width="2"/>`;
  return `<path d="M${r1(x)} ${r1(y - 5.5)}L${r1(x + 5.5)} ${r1(y + 4)}L${r1(x - 5.5)} ${r1(y + 4)}Z" fill="${colour}"/>`;
}

export function niceStep(max: number, count = 5): number {
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
}

/** Labels at `want` (y, top to bottom) pushed apart to `gap` and kept within [top, bottom]. */
export function spread(want: number[], gap: number, top: number, bottom: number): number[] {
  const order = want.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const n = order.length;
  for (let k = 1; k < n; k++) order[k]!.y = Math.max(order[k]!.y, order[k - 1]!.y + gap);
  // Back up only those pushed past the bottom, then keep the first below the top.
  for (let k = n - 1; k >= 0; k--) order[k]!.y = Math.min(order[k]!.y, k === n - 1 ? bottom : order[k + 1]!.y - gap);
  for (let k = 0; k < n; k++) order[k]!.y = Math.max(order[k]!.y, k === 0 ? top : order[k - 1]!.y + gap);
  const out: number[] = [];
  for (const o of order) out[o.i] = o.y;
  return out;
}

interface Series {
  style: Style;
  points: { games: number; value: number }[];
}

interface LinePanel {
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  yTitle: string;
  log: boolean;
  series: Series[];
  format: (v: number) => string;
  reference?: { value: number; label: string };
}

/** A line chart of values by concurrent games, the game counts as evenly spaced categories. */
function linePanel(p: LinePanel): string {
  const out: string[] = [];
  const left = p.x + 66;
  const right = p.x + p.width - 20;
  const top = p.y + 34;
  const bottom = p.y + p.height - 46;
  const games = [...new Set(p.series.flatMap((s) => s.points.map((q) => q.games)))].sort((a, b) => a - b);
  const step = (right - left) / Math.max(1, games.length);
  const xAt = (g: number) => left + (games.indexOf(g) + 0.5) * step;
  const values = [...p.series.flatMap((s) => s.points.map((q) => q.value)), ...(p.reference ? [p.reference.value] : [])].filter(
    (v) => Number.isFinite(v) && (!p.log || v > 0),
  );

  let yAt: (v: number) => number;
  const ticks: number[] = [];
  if (p.log) {
    const lo = Math.floor(Math.log10(Math.min(...values, 1)));
    let hi = Math.ceil(Math.log10(Math.max(...values, 10)));
    if (hi <= lo) hi = lo + 1;
    for (let e = lo; e <= hi; e++) ticks.push(10 ** e);
    yAt = (v) => bottom - ((Math.log10(v) - lo) / (hi - lo)) * (bottom - top);
  } else {
    const max = Math.max(...values, 1);
    const s = niceStep(max);
    const axisMax = Math.ceil(max / s) * s;
    for (let t = 0; t <= axisMax + s / 2; t += s) ticks.push(t);
    yAt = (v) => bottom - (v / axisMax) * (bottom - top);
  }

  out.push(text(p.x + 8, p.y + 16, p.title, { 'font-size': 14, 'font-weight': 600, fill: INK }));
  for (const t of ticks) {
    const y = yAt(t);
    out.push(`<line x1="${r1(left)}" y1="${r1(y)}" x2="${r1(right)}" y2="${r1(y)}" stroke="${GRID}"/>`);
    out.push(text(left - 6, y + 4, num(t), { 'text-anchor': 'end', 'font-size': 11, fill: MUTED }));
  }
  out.push(`<line x1="${r1(left)}" y1="${r1(top)}" x2="${r1(left)}" y2="${r1(bottom)}" stroke="${MUTED}"/>`);
  out.push(`<line x1="${r1(left)}" y1="${r1(bottom)}" x2="${r1(right)}" y2="${r1(bottom)}" stroke="${MUTED}"/>`);
  for (const g of games) {
    out.push(`<line x1="${r1(xAt(g))}" y1="${r1(bottom)}" x2="${r1(xAt(g))}" y2="${r1(bottom + 4)}" stroke="${MUTED}"/>`);
    out.push(text(xAt(g), bottom + 17, num(g), { 'text-anchor': 'middle', 'font-size': 12, fill: INK }));
  }
  out.push(
    text((left + right) / 2, bottom + 36, 'games played at once (2 connections each)', {
      'text-anchor': 'middle',
      'font-size': 12,
      fill: MUTED,
    }),
  );
  const midY = (top + bottom) / 2;
  out.push(
    text(p.x + 14, midY, p.yTitle, {
      'text-anchor': 'middle',
      'font-size': 12,
      fill: MUTED,
      transform: `rotate(-90 ${r1(p.x + 14)} ${r1(midY)})`,
    }),
  );

  if (p.reference && Number.isFinite(p.reference.value)) {
    const y = yAt(p.reference.value);
    out.push(
      `<line x1="${r1(left)}" y1="${r1(y)}" x2="${r1(right)}" y2="${r1(y)}" stroke="${STORE.colour}" stroke-width="1.5" stroke-dasharray="${STORE.dash}"/>`,
    );
    out.push(text(left + 6, y - 5, p.reference.label, { 'font-size': 11, fill: MUTED, ...halo }));
  }

  const labels: { games: number; y: number; text: string; colour: string }[] = [];
  for (const s of p.series) {
    const pts = s.points.filter((q) => Number.isFinite(q.value) && (!p.log || q.value > 0)).sort((a, b) => a.games - b.games);
    if (pts.length > 1) {
      const d = pts.map((q, i) => `${i ? 'L' : 'M'}${r1(xAt(q.games))} ${r1(yAt(q.value))}`).join('');
      out.push(
        `<path d="${d}" fill="none" stroke="${s.style.colour}" stroke-width="2"${s.style.dash ? ` stroke-dasharray="${s.style.dash}"` : ''}/>`,
      );
    }
    for (const q of pts) {
      out.push(marker(s.style.marker, xAt(q.games), yAt(q.value), s.style.colour));
      labels.push({ games: q.games, y: yAt(q.value), text: p.format(q.value), colour: s.style.colour });
    }
  }
  // Each point's value beside it, those of one column kept apart: left of the first column,
  // where no line leaves, to the right elsewhere.
  for (const g of games) {
    const leftSide = games.length > 1 && g === games[0];
    const column = labels.filter((l) => l.games === g);
    const ys = spread(
      column.map((l) => l.y + 4),
      13,
      top + 4,
      bottom - 2,
    );
    column.forEach((l, i) =>
      out.push(
        text(xAt(g) + (leftSide ? -9 : 9), ys[i]!, l.text, {
          'text-anchor': leftSide ? 'end' : 'start',
          'font-size': 11,
          'font-weight': 600,
          fill: l.colour,
          ...halo,
        }),
      ),
    );
  }
  return out.join('\n');
}

function legendItem(
  x: number,
  y: number,
  style: { name: string; colour: string; dash: string; marker?: Marker },
): { svg: string; width: number } {
  const parts = [
    `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x + 30)}" y2="${r1(y)}" stroke="${style.colour}" stroke-width="2"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/>`,
  ];
  if (style.marker) parts.push(marker(style.marker, x + 15, y, style.colour));
  parts.push(text(x + 36, y + 4, style.name, { 'font-size': 12, fill: INK }));
  return { svg: parts.join(''), width: 36 + textWidth(style.name, 12) + 22 };
}

interface CostPanel {
  y: number;
  cost: NonNullable<ChartInput['cost']>;
}

const ROW = 30;

function costPanelHeight(cost: NonNullable<ChartInput['cost']>): number {
  return 76 + (cost.breakdown.length + 1) * ROW + 30;
}

/** One row per service line and one for the total: measured (solid) over floor (hatched) bars. */
function costPanel({ y, cost }: CostPanel): string {
  const out: string[] = [];
  // The names' column as wide as the longest name needs, within bounds; longer ones are shortened.
  const labelRight = Math.min(300, Math.max(140, 12 + Math.max(...cost.breakdown.map((b) => textWidth(b.line, 12)))));
  const left = labelRight + 10;
  const right = WIDTH - 220; // room for the target's label clear of the figures' columns
  const measuredCol = WIDTH - 102;
  const floorCol = WIDTH - 20;
  const rows = [
    { line: 'total per game', dollars: cost.perGameDollars, floorDollars: cost.floorDollars as number | undefined, total: true },
    ...cost.breakdown.map((b, i) => ({ ...b, i, total: false })).sort((a, b) => b.dollars - a.dollars || a.i - b.i),
  ];
  const max = Math.max(
    cost.perGameDollars,
    cost.floorDollars,
    cost.targetDollars,
    ...cost.breakdown.map((b) => Math.max(b.dollars, b.floorDollars ?? 0)),
  );
  const s = niceStep(max > 0 ? max : 1);
  const axisMax = Math.ceil(max / s) * s || s;
  const xAt = (v: number) => left + (Math.max(0, v) / axisMax) * (right - left);
  // The table's figures share the decimals that give the total three significant digits, so they line up.
  const decimals = Math.min(8, Math.max(2, 2 - Math.floor(Math.log10(cost.perGameDollars > 0 ? cost.perGameDollars : 1))));
  const cell = (v: number) => `$${v.toFixed(decimals)}`;

  out.push(
    text(8, y + 16, '(c) Cost of one 4-player asynchronous Vasco da Gama game on AWS, by service line ($)', {
      'font-size': 14,
      'font-weight': 600,
      fill: INK,
    }),
  );
  const share = cost.targetDollars > 0 ? ` (${Math.round((100 * cost.perGameDollars) / cost.targetDollars)} % of it)` : '';
  const over = Number.isFinite(cost.overFloor) ? ` (${num(cost.overFloor)}× the floor)` : '';
  out.push(
    text(
      8,
      y + 38,
      `total ${dollars(cost.perGameDollars)} per game · floor ${dollars(cost.floorDollars)}${over} · target ${dollars(cost.targetDollars)}${share}`,
      {
        'font-size': 13,
        fill: INK,
      },
    ),
  );
  // Legend: the fill tells measured from floor, not the colour.
  const ly = y + 60;
  out.push(`<rect x="${left}" y="${ly - 9}" width="22" height="11" fill="#3d6f9e"/>`);
  out.push(text(left + 28, ly, 'measured', { 'font-size': 12, fill: INK }));
  out.push(`<rect x="${left + 110}" y="${ly - 8}" width="22" height="9" fill="url(#${ID}-hatch)" stroke="${MUTED}"/>`);
  out.push(text(left + 138, ly, 'floor', { 'font-size': 12, fill: INK }));
  out.push(
    `<line x1="${left + 200}" y1="${ly - 10}" x2="${left + 200}" y2="${ly + 3}" stroke="${INK}" stroke-width="1.5" stroke-dasharray="5 3"/>`,
  );
  out.push(text(left + 208, ly, 'target', { 'font-size': 12, fill: INK }));
  out.push(text(measuredCol, ly, 'measured', { 'text-anchor': 'end', 'font-size': 12, 'font-weight': 600, fill: INK }));
  out.push(text(floorCol, ly, 'floor', { 'text-anchor': 'end', 'font-size': 12, 'font-weight': 600, fill: INK }));

  const top = y + 76;
  const bottom = top + rows.length * ROW;
  const tx = xAt(cost.targetDollars);
  for (let t = 0; t <= axisMax + s / 2; t += s) {
    out.push(`<line x1="${r1(xAt(t))}" y1="${r1(top)}" x2="${r1(xAt(t))}" y2="${r1(bottom)}" stroke="${GRID}"/>`);
    // The target's label takes the axis' place where they would meet.
    if (Math.abs(xAt(t) - tx) > 70)
      out.push(text(xAt(t), bottom + 15, dollars(t), { 'text-anchor': 'middle', 'font-size': 11, fill: MUTED }));
  }
  out.push(`<line x1="${r1(left)}" y1="${r1(top)}" x2="${r1(left)}" y2="${r1(bottom)}" stroke="${MUTED}"/>`);
  const maxChars = Math.floor((labelRight - 8) / textWidth('x', 12));
  rows.forEach((row, k) => {
    const ry = top + k * ROW;
    const name = row.line.length > maxChars ? `${row.line.slice(0, maxChars - 1)}…` : row.line;
    const weight: Record<string, number> = row.total ? { 'font-weight': 700 } : {};
    out.push(
      text(
        labelRight,
        ry + 16,
        name,
        { 'text-anchor': 'end', 'font-size': 12, fill: INK, ...weight },
        name === row.line ? undefined : row.line,
      ),
    );
    out.push(
      `<rect x="${r1(left)}" y="${r1(ry + 5)}" width="${r1(xAt(row.dollars) - left)}" height="11" fill="${row.total ? '#1f4e79' : '#3d6f9e'}"/>`,
    );
    if (row.floorDollars !== undefined) {
      out.push(
        `<rect x="${r1(left)}" y="${r1(ry + 17)}" width="${r1(xAt(row.floorDollars) - left)}" height="8" fill="url(#${ID}-hatch)" stroke="${MUTED}" stroke-width="0.8"/>`,
      );
    }
    out.push(text(measuredCol, ry + 16, cell(row.dollars), { 'text-anchor': 'end', 'font-size': 12, fill: INK, ...weight }));
    out.push(
      text(floorCol, ry + 16, row.floorDollars === undefined ? '—' : cell(row.floorDollars), {
        'text-anchor': 'end',
        'font-size': 12,
        fill: INK,
        ...weight,
      }),
    );
    if (row.total) out.push(`<line x1="8" y1="${r1(ry + ROW)}" x2="${WIDTH - 8}" y2="${r1(ry + ROW)}" stroke="#bbb"/>`);
  });
  out.push(
    `<line x1="${r1(tx)}" y1="${r1(top)}" x2="${r1(tx)}" y2="${r1(bottom + 3)}" stroke="${INK}" stroke-width="1.5" stroke-dasharray="5 3"/>`,
  );
  out.push(
    text(tx, bottom + 15, `target ${dollars(cost.targetDollars)}`, {
      'text-anchor': 'middle',
      'font-size': 11,
      'font-weight': 600,
      fill: INK,
    }),
  );
  return out.join('\n');
}

/** The SVG of a run of `npm run bench`: the pipeline's two panels when it ran, the cost's when priced. */
export function benchChart(input: ChartInput): string {
  const bgio = input.pipeline?.boardgameIo?.levels ?? [];
  const sources: [Style, Level[]][] = (
    [
      [CARAVELA, input.pipeline?.caravela?.levels ?? []],
      [BGIO_MEMORY, bgio.filter((l) => l.storage === 'memory')],
      [BGIO_FLATFILE, bgio.filter((l) => l.storage === 'flatfile')],
    ] as [Style, Level[]][]
  ).filter(([, levels]) => levels.length > 0);
  const throughput: Series[] = sources.map(([style, levels]) => ({
    style,
    points: levels.map((l) => ({ games: l.games, value: l.commandsPerSecond })),
  }));
  const p99: Series[] = sources.map(([style, levels]) => ({
    style,
    points: levels.map((l) => ({ games: l.games, value: l.roundTrip.p99Ms })),
  }));
  const store = input.pipeline?.caravela?.storeCapacity?.itemsPerSecond;
  const cost = input.cost;

  const m = input.machine ?? {};
  // os.cpus()'s model, without its trademarks and clock, e.g. 'Intel Xeon Platinum 8375C'.
  const cpu = m.cpu
    ?.replace(/\((R|TM)\)|\bCPU\b|@.*$/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const machine = [
    cpu,
    m.cores !== undefined && `${m.cores} cores`,
    m.memoryGiB !== undefined && `${m.memoryGiB} GiB`,
    m.node && `Node ${m.node}`,
    m.loadAverage1m !== undefined && `load average ${num(m.loadAverage1m)}`,
  ]
    .filter(Boolean)
    .join(', ');

  const hasPipeline = sources.length > 0;
  const panelTop = 112;
  const panelHeight = 320;
  const costTop = hasPipeline ? panelTop + panelHeight + 16 : panelTop;
  const height = cost ? costTop + costPanelHeight(cost) : hasPipeline ? panelTop + panelHeight + 8 : panelTop + 30;

  const body: string[] = [];
  body.push(text(8, 26, 'Caravela and boardgame.io: a move through the server', { 'font-size': 18, 'font-weight': 700, fill: INK }));
  body.push(
    text(
      8,
      48,
      'tic-tac-toe over WebSockets, N games at once, each move waiting for its answer; Caravela stores every move before it answers',
      { 'font-size': 12, fill: MUTED },
    ),
  );
  if (machine) {
    const line = `machine: ${machine}`;
    const fits = Math.floor((WIDTH - 16) / textWidth('x', 12));
    body.push(
      text(
        8,
        66,
        line.length > fits ? `${line.slice(0, fits - 1)}…` : line,
        { 'font-size': 12, fill: MUTED },
        line.length > fits ? line : undefined,
      ),
    );
  }

  if (hasPipeline) {
    let lx = 8;
    for (const s of [...sources.map(([style]) => style), ...(store !== undefined ? [STORE] : [])]) {
      const item = legendItem(lx, 92, s);
      body.push(item.svg);
      lx += item.width;
    }
    body.push(
      linePanel({
        x: 0,
        y: panelTop,
        width: WIDTH / 2,
        height: panelHeight,
        title: '(a) Throughput: commands per second',
        yTitle: 'commands/s',
        log: false,
        series: throughput,
        format: num,
        ...(store !== undefined ? { reference: { value: store, label: `store capacity ${num(store)} items/s` } } : {}),
      }),
    );
    body.push(
      linePanel({
        x: WIDTH / 2,
        y: panelTop,
        width: WIDTH / 2,
        height: panelHeight,
        title: '(b) Round trip p99 (ms, log scale)',
        yTitle: 'p99 round trip (ms)',
        log: true,
        series: p99,
        format: ms,
      }),
    );
  } else {
    body.push(text(8, 96, 'No pipeline figures in this run.', { 'font-size': 12, fill: MUTED }));
  }
  if (cost) body.push(costPanel({ y: costTop, cost }));

  const games = [...new Set(sources.flatMap(([, levels]) => levels.map((l) => l.games)))].sort((a, b) => a - b);
  const desc = [
    hasPipeline &&
      `Throughput in commands per second at ${games.join(', ')} concurrent games: ${sources
        .map(
          ([s, levels]) =>
            `${s.name} ${[...levels]
              .sort((a, b) => a.games - b.games)
              .map((l) => num(l.commandsPerSecond))
              .join(', ')}`,
        )
        .join('; ')}.`,
    store !== undefined && `Store capacity ${num(store)} items per second.`,
    hasPipeline &&
      `Round trip p99: ${sources
        .map(
          ([s, levels]) =>
            `${s.name} ${[...levels]
              .sort((a, b) => a.games - b.games)
              .map((l) => ms(l.roundTrip.p99Ms))
              .join(', ')}`,
        )
        .join('; ')}.`,
    cost &&
      `Cost of one game: ${dollars(cost.perGameDollars)}, floor ${dollars(cost.floorDollars)}, target ${dollars(cost.targetDollars)}; ${cost.breakdown.map((b) => `${b.line} ${dollars(b.dollars)}${b.floorDollars !== undefined ? ` (floor ${dollars(b.floorDollars)})` : ''}`).join(', ')}.`,
    machine && `Machine: ${machine}.`,
  ]
    .filter(Boolean)
    .join(' ');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${ID}-title ${ID}-desc" font-family="${escapeXml(FONT)}">`,
    `<title id="${ID}-title">Caravela and boardgame.io benchmark: throughput and p99 round trip by concurrent games${cost ? ', and the cost of a game by AWS service line' : ''}</title>`,
    `<desc id="${ID}-desc">${escapeXml(desc)}</desc>`,
    ...(cost
      ? [
          `<defs><pattern id="${ID}-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="5" height="5" fill="#fff"/><line x1="0" y1="0" x2="0" y2="5" stroke="#777" stroke-width="2.2"/></pattern></defs>`,
        ]
      : []),
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
