/**
 * The bench's chart is drawn from a fixed result here (the bench itself never runs in tests):
 * well-formed, self-contained, every figure written out, names escaped, and the same SVG for
 * the same input. Nothing here judges how it looks; that takes a look at the picture.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchChart, type ChartInput } from '../../bench/chart';
import { machineTag, saveRun } from '../../bench/results';
import { unescapeXml, xmlProblems } from '../support/svg';

const rt = (p50Ms: number, p99Ms: number) => ({ count: 100, p50Ms, p99Ms, meanMs: p50Ms });
const level = (games: number, commandsPerSecond: number, p99Ms: number) => ({
  games,
  connections: 2 * games,
  commandsPerSecond,
  roundTrip: rt(p99Ms / 2, p99Ms),
});

const fixture = (): ChartInput => ({
  machine: { cpu: 'Acme <Fast> & Co', cores: 2, memoryGiB: 24, node: 'v20.20.2', loadAverage1m: 2.03 },
  pipeline: {
    caravela: { levels: [level(1, 92, 14), level(50, 351, 210), level(500, 356, 7900)], storeCapacity: { itemsPerSecond: 446 } },
    boardgameIo: {
      levels: [
        { storage: 'memory', ...level(1, 1420, 0.9) },
        { storage: 'memory', ...level(50, 1440, 45) },
        { storage: 'memory', ...level(500, 1320, 260) },
        { storage: 'flatfile', ...level(1, 1.35, 1010) },
        { storage: 'flatfile', ...level(50, 651, 140) },
        { storage: 'flatfile', ...level(500, 702, 1300) },
      ],
    },
  },
  cost: {
    perGameDollars: 0.00342,
    floorDollars: 0.00246,
    overFloor: 1.39,
    targetDollars: 0.005,
    breakdown: [
      { line: 'DynamoDB', dollars: 0.00135, floorDollars: 0.0009 },
      { line: 'API Gateway WebSocket', dollars: 0.00103, floorDollars: 0.0008 },
      { line: 'Logs & <metrics>', dollars: 0.00017 },
    ],
  },
});

/** What the chart writes: each `<text>`'s own words, without the tooltip inside it. */
const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>(?:<title>[^<]*<\/title>)?([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));
const heightOf = (svg: string) => Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)?.[1]);

describe('the bench chart', () => {
  it('tells a well-formed document from a broken one', () => {
    expect(xmlProblems('<svg><text>a &amp; b</text><rect/></svg>')).toEqual([]);
    expect(xmlProblems('<svg><text>a</svg>')).not.toEqual([]);
    expect(xmlProblems('<svg>a & b</svg>')).not.toEqual([]);
    expect(xmlProblems('<svg/><svg/>')).not.toEqual([]);
  });

  it('is one well-formed, self-contained, accessible SVG', () => {
    const svg = benchChart(fixture());
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="900"')).toBe(true);
    expect(svg).toMatch(/role="img" aria-labelledby="[^"]+"/);
    expect(svg).toMatch(/<title id="[^"]+">[^<]+<\/title>/);
    expect(svg).toMatch(/<desc id="[^"]+">[^<]*Caravela 92, 351, 356[^<]*<\/desc>/);
    // Nothing to fetch: no links, scripts, styles from elsewhere or fonts.
    expect(svg).not.toMatch(/href|<script|<style|@import|@font-face|url\((?!#)/);
  });

  it("names every series and axis with its unit, and writes out every level's figures", () => {
    const input = fixture();
    const written = texts(benchChart(input));
    for (const name of ['Caravela', 'boardgame.io in memory', 'boardgame.io flat file', 'store capacity']) expect(written).toContain(name);
    expect(written).toContain('commands/s');
    expect(written).toContain('p99 round trip (ms)');
    expect(written).toContain('store capacity 446 items/s');
    expect(written.filter((t) => t === 'games played at once (2 connections each)')).toHaveLength(2);
    for (const t of ['1', '50', '500']) expect(written.filter((w) => w === t).length).toBeGreaterThanOrEqual(2); // both x axes
    // Each level's throughput and p99, as the chart formats them.
    for (const t of ['92', '351', '356', '1,420', '1,440', '1,320', '1.35', '651', '702']) expect(written).toContain(t);
    for (const t of ['14 ms', '210 ms', '7.9 s', '0.9 ms', '45 ms', '260 ms', '1.01 s', '140 ms', '1.3 s']) expect(written).toContain(t);
  });

  it('draws a larger throughput higher up', () => {
    const svg = benchChart(fixture());
    // Caravela's circles in panel (a), the left half below the legend, from 1 to 500 games.
    const ys = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)]
      .filter((m) => Number(m[1]) < 450 && Number(m[2]) > 100)
      .map((m) => Number(m[2]));
    expect(ys).toHaveLength(3);
    expect(ys[0]).toBeGreaterThan(ys[1]!); // 92 below 351
    expect(ys[1]).toBeGreaterThan(ys[2]!); // 351 just below 356
  });

  it('writes the cost of a game per line, with its total, floor and target', () => {
    const written = texts(benchChart(fixture()));
    expect(written.some((t) => t.startsWith('(c) Cost of one 4-player asynchronous Vasco da Gama game'))).toBe(true);
    expect(written).toContain('total $0.00342 per game · floor $0.00246 (1.39× the floor) · target $0.005 (68 % of it)');
    expect(written).toContain('target $0.005');
    for (const t of [
      'DynamoDB',
      'API Gateway WebSocket',
      'Logs & <metrics>',
      '$0.00135',
      '$0.00090',
      '$0.00103',
      '$0.00080',
      '$0.00017',
      '—',
    ])
      expect(written).toContain(t);
  });

  it('escapes names', () => {
    const svg = benchChart(fixture());
    expect(svg).toContain('Logs &amp; &lt;metrics&gt;');
    expect(svg).toContain('Acme &lt;Fast&gt; &amp; Co');
    expect(svg).not.toContain('<metrics>');
    expect(svg).not.toContain('<Fast>');
  });

  it('is the same for the same input, and leaves the input as it was', () => {
    const input = fixture();
    const before = JSON.stringify(input);
    expect(benchChart(input)).toBe(benchChart(fixture()));
    expect(JSON.stringify(input)).toBe(before);
  });

  it('leaves out the cost panel when the run has no cost, and the store line when it has no capacity', () => {
    const full = benchChart(fixture());
    const { cost: _, ...input } = fixture();
    delete input.pipeline!.caravela!.storeCapacity;
    const svg = benchChart(input);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toContain('$');
    expect(svg).not.toContain('(c)');
    expect(svg).not.toContain('store capacity');
    expect(svg).not.toContain('hatch'); // no floor bars
    expect(heightOf(svg)).toBeLessThan(heightOf(full) - 150);
    expect(texts(svg)).toContain('1,420');
  });

  it('draws only the series a run has (a quick run: two levels, no boardgame.io)', () => {
    const input: ChartInput = { machine: fixture().machine, pipeline: { caravela: { levels: [level(1, 90, 12), level(50, 300, 200)] } } };
    const svg = benchChart(input);
    expect(xmlProblems(svg)).toEqual([]);
    const written = texts(svg);
    expect(written).toContain('Caravela');
    expect(written).not.toContain('boardgame.io in memory');
    expect(written).not.toContain('500');
  });
});

describe('saving a run', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the JSON under a name of its time and machine, draws the chart, and compares with the run before', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'caravela-results-'));
    const chartPath = path.join(dir, 'chart.svg');
    const first = saveRun(fixture(), { dir, chartPath, now: new Date('2026-11-25T17:00:00.123Z') });
    expect(path.basename(first.file)).toBe('2026-11-25T17-00-00Z-2c-acme-fast-co.json');
    expect(first.previous).toBeUndefined();
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toEqual(fixture());
    expect(readFileSync(chartPath, 'utf8')).toBe(benchChart(fixture()));

    const next = fixture();
    next.pipeline!.caravela!.levels![1]!.commandsPerSecond = 386.1;
    next.pipeline!.caravela!.levels![2]!.roundTrip.p99Ms = 3950;
    const second = saveRun(next, { dir, chartPath, now: new Date('2026-11-26T09:30:00Z') });
    expect(second.previous).toBe(first.file);
    expect(second.comparison).toBe('Caravela at 50 games 351 → 386 commands/s (+10 %); p99 at 500 games 7,900 → 3,950 ms (−50 %)');
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(2);
  });

  it('says when the run before was on another machine', () => {
    expect(machineTag({ cpu: 'Intel(R) Xeon(R) CPU E5-2686 v4 @ 2.30GHz', cores: 8 })).toBe('8c-intel-xeon-e5-2686-v4');
    dir = mkdtempSync(path.join(tmpdir(), 'caravela-results-'));
    const chartPath = path.join(dir, 'chart.svg');
    saveRun({ ...fixture(), machine: { cpu: 'Intel Xeon', cores: 8 } }, { dir, chartPath, now: new Date('2026-11-25T17:00:00Z') });
    const { comparison } = saveRun(fixture(), { dir, chartPath, now: new Date('2026-11-25T18:00:00Z') });
    expect(comparison).toMatch(/\(another machine: 8c-intel-xeon\)$/);
  });
});
