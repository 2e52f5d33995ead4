/**
 * `npm run bench -- --suite cloud-scale [--scales 1000,10000,100000] [--players N --days D] [--faults]`: the
 * simulated world (world.ts) at each scale, each a report of what the cloud models saw, with the
 * wall time it took, and a chart of the runs (`--chart path.svg`). Runs only when named: a large
 * population takes minutes.
 *
 * A scale is a number of games in play at once. Every scale plays the same population (each
 * player keeps about two games going; 1.4 players per game in play), so only the period differs:
 * the smallest signs its players up over a day and plays two days; the larger ones would take
 * hours of real time at that pace, so their players sign up within the first hours and the run
 * stops after a few more. What needs days to show (clocks running out, digests) comes from the
 * smallest run.
 */
import { writeFileSync } from 'node:fs';
import { acceptance } from './acceptance';
import { cloudScaleChart, type CloudScaleRun } from './chart';
import { deployedFunctions } from './lambda/template';
import { World, type WorldOptions } from './world';

/** Players per game in play (a player keeps two games going; games seat 3 on average, a quarter with bots). */
const PLAYERS_PER_GAME = 1.4;

export interface ScalePlan {
  /** Games in play the scale stands for. */
  games: number;
  players: number;
  /** Virtual hours played, and the first hours over which players sign up. */
  hours: number;
  arrivalHours: number;
}

/** The period each scale plays (see above): what fits a 2-core machine's time, population unchanged. */
export function planFor(games: number): ScalePlan {
  const players = Math.round(games * PLAYERS_PER_GAME);
  if (games <= 2_000) return { games, players, hours: 48, arrivalHours: 24 };
  if (games <= 20_000) return { games, players, hours: 12, arrivalHours: 2 };
  return { games, players, hours: 3, arrivalHours: 1 };
}

/**
 * The faults a `--faults` run injects, AWS's own at rates above what it reports: each request an
 * invocation makes its instance's last with a chance of 1 in 2,000 (killed after a write, before
 * the next: a request of a few calls dies 1 time in a few hundred, a sweep of fifty 1 in 40), 5%
 * of stream batches delivered twice, 5% of `$disconnect`s lost, the notifier and the ratings down
 * for 30 minutes from the middle of the period; the operator's `npm run redrive` a quarter hour
 * before its end.
 */
export function faultsFor(plan: ScalePlan): Pick<WorldOptions, 'faults' | 'redriveAtHours'> {
  const outage = { fromHour: plan.hours / 2, minutes: 30 };
  return {
    faults: { killRate: 0.0005, duplicateRate: 0.05, disconnectLoss: 0.05, notifyOutage: outage, ratingsOutage: outage },
    redriveAtHours: [plan.hours - 0.25],
  };
}

export async function cloudScaleSuite(options: {
  plans: ScalePlan[];
  seed?: number;
  chart?: string;
  faults?: boolean;
  log: (line: string) => void;
}) {
  const runs = [];
  for (const plan of options.plans) {
    const started = performance.now();
    const report = await new World({
      seed: options.seed ?? 1,
      players: plan.players,
      days: plan.hours / 24,
      arrivalHours: plan.arrivalHours,
      functions: deployedFunctions(),
      progress: options.log,
      ...(options.faults ? faultsFor(plan) : {}),
    }).run();
    const checks = acceptance(report);
    const wallSeconds = Math.round((performance.now() - started) / 100) / 10;
    const hot = report.table.hottestKeys[0];
    options.log(
      `cloud-scale ${plan.games} games (${plan.players} players, ${plan.hours} h): ${report.games.inPlay + report.games.open} games going, ${report.moves} moves, ${report.table.writeUnits} WRU, ${report.table.readUnits} RRU, ${report.table.throttledRequests} throttled, hottest key ${hot?.key ?? '-'} at ${hot ? Math.round(hot.shareOfLimit * 1000) / 10 : 0}% of its limit; ${wallSeconds} s`,
    );
    for (const [name, c] of Object.entries(checks))
      options.log(`  ${name}: ${c.value} ${c.unit} (${c.is === 'atLeast' ? '≥' : '≤'} ${c.bound}) ${c.met ? 'met' : 'NOT met'}`);
    runs.push({ plan, faults: options.faults === true, wallSeconds, ...report, acceptance: checks });
  }
  if (options.chart) writeFileSync(options.chart, cloudScaleChart(runs.map(chartRun)));
  return { runs };
}

/** What the chart draws of one run. */
export function chartRun(run: {
  plan: ScalePlan;
  wallSeconds: number;
  games: { inPlay: number; open: number };
  table: { throttledRequests: number; hottestByKind: Record<string, number> };
  moveLatencyMs: { p50: number | null; p99: number | null };
  commitToPushSeconds: { p50: number | null; p99: number | null };
  cost: { perMove: { usd: number } };
}): CloudScaleRun {
  return {
    games: run.plan.games,
    gamesInPlay: run.games.inPlay + run.games.open,
    virtualHours: run.plan.hours,
    wallSeconds: run.wallSeconds,
    hottestByKind: run.table.hottestByKind,
    throttledRequests: run.table.throttledRequests,
    moveLatencyMs: run.moveLatencyMs,
    commitToPushSeconds: run.commitToPushSeconds,
    per1000MovesUsd: run.cost.perMove.usd * 1000,
  };
}
