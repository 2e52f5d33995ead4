/**
 * `npm run bench -- --suite cloud-scale [--players 100,1000] [--days 3] [--quick]`: the simulated
 * world (world.ts) at each population size, each a report of what the cloud models saw, with the
 * wall time it took. Runs only when named: a large population takes minutes.
 */
import { deployedFunctions } from './lambda/template';
import { World } from './world';

export async function cloudScaleSuite(options: { players: number[]; days: number; seed?: number; log: (line: string) => void }) {
  const runs = [];
  for (const players of options.players) {
    const started = performance.now();
    const report = await new World({ seed: options.seed ?? 1, players, days: options.days, functions: deployedFunctions() }).run();
    const wallSeconds = Math.round((performance.now() - started) / 100) / 10;
    const hot = report.table.hottestKeys[0];
    options.log(
      `cloud-scale ${players} players × ${options.days} days: ${report.moves} moves, ${report.gamesStarted} games started, ${report.table.writeUnits} WRU, ${report.table.readUnits} RRU, ${report.table.throttledRequests} throttled, hottest key ${hot?.key ?? '-'} at ${hot ? Math.round(hot.shareOfLimit * 1000) / 10 : 0}% of its limit; ${wallSeconds} s`,
    );
    runs.push({ wallSeconds, ...report });
  }
  return { runs };
}
