/**
 * Every pipeline run of `npm run bench` is kept: its JSON under bench/results/, named by its
 * time (so the names sort as the runs did) and its machine, and its chart as docs/bench-chart.svg.
 * A run is compared with the file before it; the machine is in each file, since figures from
 * different machines do not compare.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchChart, num, type ChartInput } from './chart';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const CHART_PATH = path.join(ROOT, 'docs', 'bench-chart.svg');

/** A short name for the machine: cores and CPU model, e.g. `2c-amd-epyc`. */
export function machineTag(machine: ChartInput['machine']): string {
  const cpu = (machine?.cpu ?? 'unknown')
    .toLowerCase()
    .replace(/\((r|tm)\)|\bcpu\b|\bprocessor\b|@.*$/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return `${machine?.cores ?? 0}c-${cpu || 'unknown'}`;
}

const at = (run: ChartInput, games: number) => run.pipeline?.caravela?.levels?.find((l) => l.games === games);

function change(before: number | undefined, after: number | undefined, unit: string): string {
  if (before === undefined || after === undefined) return 'n/a';
  const pct = before > 0 ? ` (${after >= before ? '+' : '−'}${num(Math.abs((100 * (after - before)) / before))} %)` : '';
  return `${num(before)} → ${num(after)} ${unit}${pct}`;
}

/** One line: Caravela's throughput at 50 games and its p99 at 500, before and now. */
export function compareRuns(previous: ChartInput, current: ChartInput): string {
  const line = `Caravela at 50 games ${change(at(previous, 50)?.commandsPerSecond, at(current, 50)?.commandsPerSecond, 'commands/s')}; p99 at 500 games ${change(at(previous, 500)?.roundTrip.p99Ms, at(current, 500)?.roundTrip.p99Ms, 'ms')}`;
  const other = machineTag(previous.machine) !== machineTag(current.machine);
  return other ? `${line} (another machine: ${machineTag(previous.machine)})` : line;
}

export interface SavedRun {
  file: string;
  chart: string;
  previous?: string;
  comparison?: string;
}

/** Writes the run's JSON and chart; compares it with the latest run saved before it, if any. */
export function saveRun(result: ChartInput, opts: { dir?: string; chartPath?: string; now?: Date } = {}): SavedRun {
  const dir = opts.dir ?? RESULTS_DIR;
  const chart = opts.chartPath ?? CHART_PATH;
  mkdirSync(dir, { recursive: true });
  const earlier = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const stamp = (opts.now ?? new Date())
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const file = path.join(dir, `${stamp}-${machineTag(result.machine)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  mkdirSync(path.dirname(chart), { recursive: true });
  writeFileSync(chart, benchChart(result));
  const last = earlier.filter((f) => path.join(dir, f) !== file).at(-1);
  if (!last) return { file, chart };
  const previous = path.join(dir, last);
  return { file, chart, previous, comparison: compareRuns(JSON.parse(readFileSync(previous, 'utf8')) as ChartInput, result) };
}
