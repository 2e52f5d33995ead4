/**
 * The cloud scale chart is drawn from fixed runs here (the simulation never runs in tests):
 * well-formed, self-contained, every figure written out and in the desc, a share over the limit
 * drawn over the limit line, and only what the runs have drawn. How it looks takes a look at
 * the picture.
 */
import { describe, expect, it } from 'vitest';
import { type CloudScaleRun, cloudScaleChart } from '../../bench/cloud/chart';
import { unescapeXml, xmlProblems } from '../support/svg';

const fixture = (): CloudScaleRun[] => [
  {
    games: 1000,
    gamesInPlay: 1012,
    virtualHours: 48,
    wallSeconds: 143,
    throttledRequests: 0,
    hottestByKind: { LOBBY: 0.049, LOBBYWATCH: 0.031, GAME: 0.004 },
    moveLatencyMs: { p50: 38, p99: 210 },
    commitToPushSeconds: { p50: 1.2, p99: 4.5 },
    per1000MovesUsd: 0.00342,
  },
  {
    games: 10000,
    gamesInPlay: 10140,
    virtualHours: 48,
    wallSeconds: 1432,
    throttledRequests: 0,
    hottestByKind: { LOBBY: 0.49, LOBBYWATCH: 0.28, GAME: 0.005 },
    moveLatencyMs: { p50: 41, p99: 640 },
    per1000MovesUsd: 0.00331,
  },
  {
    games: 100000,
    gamesInPlay: 99870,
    virtualHours: 24,
    wallSeconds: 15020,
    throttledRequests: 1834,
    hottestByKind: { LOBBY: 1.37, LOBBYWATCH: 0.93, GAME: 0.006 },
    moveLatencyMs: { p50: 55, p99: 12437 },
    per1000MovesUsd: 0.00329,
  },
];

/** What the chart writes: each `<text>`'s words. */
const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));
const descOf = (svg: string) => unescapeXml(/<desc id="[^"]+">([^<]*)<\/desc>/.exec(svg)?.[1] ?? '');

interface Point {
  panel: string;
  series: string;
  games: number;
  value: number;
  y: number;
}
/** Every point marker, from its data-* attributes. */
const points = (svg: string): Point[] =>
  [...svg.matchAll(/<\w+ [^>]*data-panel="([^"]*)"[^>]*>/g)].map((m) => {
    const attr = (name: string) => unescapeXml(new RegExp(`${name}="([^"]*)"`).exec(m[0])![1]!);
    return {
      panel: attr('data-panel'),
      series: attr('data-series'),
      games: Number(attr('data-games')),
      value: Number(attr('data-value')),
      y: Number(attr('data-y')),
    };
  });
const limitY = (svg: string) => Number(/<line [^>]*y1="([\d.]+)"[^>]*data-limit="1"/.exec(svg)?.[1]);

describe('the cloud scale chart', () => {
  it('tells a well-formed document from a broken one', () => {
    expect(xmlProblems('<svg><text>a &amp; b</text><rect/></svg>')).toEqual([]);
    expect(xmlProblems('<svg><text>a</svg>')).not.toEqual([]);
    expect(xmlProblems('<svg>a & b</svg>')).not.toEqual([]);
  });

  it('is one well-formed, self-contained, accessible SVG', () => {
    const svg = cloudScaleChart(fixture());
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="960" height="\d+" viewBox="0 0 960 \d+" role="img"/);
    const [title, desc] = /aria-labelledby="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(svg).toMatch(new RegExp(`<title id="${title}">[^<]+</title>`));
    expect(svg).toMatch(new RegExp(`<desc id="${desc}">[^<]+</desc>`));
    // Nothing to fetch: no links, scripts, styles from elsewhere or fonts.
    expect(svg).not.toMatch(/href|<script|<style|@import|@font-face|url\(/);
  });

  it('names the panels and scales, and writes every point as text', () => {
    const written = texts(cloudScaleChart(fixture()));
    for (const t of [
      'Hottest key by kind, share of its limit',
      'Move latency to every online seat (ms)',
      'Cost of 1,000 moves by people (US$)',
    ])
      expect(written).toContain(t);
    for (const t of ['1,000', '10,000', '100,000']) expect(written.filter((w) => w === t).length).toBeGreaterThanOrEqual(3); // each panel's x axis
    for (const t of ['LOBBY', 'LOBBYWATCH', 'GAME', 'p50', 'p99', 'limit']) expect(written).toContain(t);
    for (const t of ['4.9%', '49%', '137%', '93%', '0.6%']) expect(written).toContain(t);
    for (const t of ['38', '210', '640', '12,437']) expect(written).toContain(t);
    for (const t of ['$0.0034', '$0.0033']) expect(written).toContain(t);
    expect(written.some((t) => t.includes('1,000 games: 1,012 in play, 48 virtual h, 143 s wall'))).toBe(true);
    expect(written.some((t) => t.includes('100,000 games: 99,870 in play, 24 virtual h, 15,020 s wall, 1,834 throttled'))).toBe(true);
  });

  it("gives every run's figures in the desc", () => {
    const desc = descOf(cloudScaleChart(fixture()));
    expect(desc).toContain('at 1,000 games LOBBY 4.9%, LOBBYWATCH 3.1%, GAME 0.4%');
    expect(desc).toContain('at 100,000 games LOBBY 137%, LOBBYWATCH 93%, GAME 0.6%');
    expect(desc).toContain('at 1,000 games p50 38, p99 210; at 10,000 games p50 41, p99 640; at 100,000 games p50 55, p99 12,437');
    expect(desc).toContain('at 1,000 games $0.0034; at 10,000 games $0.0033; at 100,000 games $0.0033');
    expect(desc).toContain('10,000 games: 10,140 in play, 48 virtual h, 1,432 s wall, 0 throttled');
  });

  it('draws a share over the limit above the limit line, and one under it below', () => {
    const svg = cloudScaleChart(fixture());
    const limit = limitY(svg);
    expect(limit).toBeGreaterThan(0);
    const lobby = points(svg).filter((p) => p.panel === 'hottest' && p.series === 'LOBBY');
    expect(lobby.map((p) => p.value)).toEqual([0.049, 0.49, 1.37]);
    expect(lobby[2]!.y).toBeLessThan(limit); // 137%: SVG's y grows downwards
    expect(lobby[1]!.y).toBeGreaterThan(limit);
    expect(lobby[0]!.y).toBeGreaterThan(lobby[1]!.y);
  });

  it('keeps the limit on the axis when every share is small', () => {
    const svg = cloudScaleChart([{ games: 1000, hottestByKind: { LOBBY: 0.05 } }]);
    const [point] = points(svg);
    expect(point!.y).toBeGreaterThan(limitY(svg));
    expect(texts(svg)).toContain('125%'); // the axis reaches 1.2, niced up
  });

  it('puts p99 above p50, on a log scale when they span more than two decades', () => {
    const svg = cloudScaleChart([
      { games: 1000, moveLatencyMs: { p50: 10, p99: 100 } },
      { games: 10000, moveLatencyMs: { p50: 10, p99: 10000 } },
    ]);
    const lat = points(svg).filter((p) => p.panel === 'latency');
    const y = (series: string, games: number) => lat.find((p) => p.series === series && p.games === games)!.y;
    expect(y('p99', 1000)).toBeLessThan(y('p50', 1000));
    // 10 → 100 is one decade, 100 → 10,000 two: twice the height on a log scale.
    expect(y('p50', 1000) - y('p99', 10000)).toBeCloseTo(3 * (y('p50', 1000) - y('p99', 1000)), 0);
    expect(texts(svg)).toContain('concurrent games (log y scale)');
    const linear = cloudScaleChart([{ games: 1000, moveLatencyMs: { p50: 40, p99: 600 } }]);
    expect(texts(linear)).not.toContain('concurrent games (log y scale)');
  });

  it('draws only the top six kinds of eight, and says how many are left out', () => {
    const shares = { A: 0.9, B: 0.8, C: 0.7, D: 0.6, E: 0.5, F: 0.4, G: 0.03, H: 0.02 };
    const svg = cloudScaleChart([
      { games: 1000, hottestByKind: shares },
      { games: 10000, hottestByKind: { ...shares, H: 0.05 } },
    ]);
    const drawn = new Set(points(svg).map((p) => p.series));
    expect([...drawn].sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(texts(svg)).not.toContain('G');
    expect(texts(svg)).toContain('+2 cooler kinds');
    expect(descOf(svg)).toContain('Not drawn, cooler at every scale: H at most 5%, G at most 3%.');
    // Each kind its own dash and marker, not colour alone.
    const paths = [...svg.matchAll(/<path d="[^"]*" fill="none" stroke="([^"]+)" stroke-width="2"( stroke-dasharray="([^"]+)")?/g)];
    expect(paths).toHaveLength(6);
    expect(new Set(paths.map((m) => m[3] ?? 'solid')).size).toBe(6);
    expect(new Set(paths.map((m) => m[1])).size).toBe(6);
  });

  it('draws nothing for missing or null figures, and does not throw', () => {
    const runs: CloudScaleRun[] = [
      { games: 1000, moveLatencyMs: { p50: 300, p99: null }, per1000MovesUsd: null },
      { games: 10000, hottestByKind: { LOBBY: 1.05 } },
      { games: 100000, moveLatencyMs: { p50: 900, p99: 2400 } },
    ];
    const svg = cloudScaleChart(runs);
    expect(xmlProblems(svg)).toEqual([]);
    const drawn = points(svg);
    expect(drawn.filter((p) => p.panel === 'cost')).toEqual([]);
    expect(drawn.filter((p) => p.panel === 'hottest').map((p) => p.games)).toEqual([10000]);
    expect(drawn.filter((p) => p.series === 'p99').map((p) => p.games)).toEqual([100000]);
    expect(drawn.filter((p) => p.series === 'p50').map((p) => p.games)).toEqual([1000, 100000]);
    // p50 at 1,000 and 100,000 are not joined across the missing 10,000: two lone markers, no line.
    expect(svg).not.toMatch(/<path d="M[^"]*L[^"]*" fill="none" stroke="#0061a0"/);
    expect(texts(svg)).toContain('no figures in these runs');
    expect(texts(svg).some((t) => t.includes('in play'))).toBe(false);
    const desc = descOf(svg);
    expect(desc).not.toContain('Cost');
    expect(desc).not.toContain('Runs:');

    for (const bare of [[{ games: 1000 }], [], [{ games: 1000, hottestByKind: {}, moveLatencyMs: { p50: null, p99: null } }]]) {
      const empty = cloudScaleChart(bare);
      expect(xmlProblems(empty)).toEqual([]);
      expect(points(empty)).toEqual([]);
    }
  });

  it('is the same for the same input, whatever the runs order, and leaves the input as it was', () => {
    const input = fixture();
    const before = JSON.stringify(input);
    expect(cloudScaleChart(input)).toBe(cloudScaleChart([...fixture()].reverse()));
    expect(JSON.stringify(input)).toBe(before);
  });
});
