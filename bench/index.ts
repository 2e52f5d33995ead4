/**
 * `npm run bench [-- --suite domain,pipeline] [--quick]`: benchmark suites, JSON on stdout
 * (each figure's unit is in its name), a short table on stderr. All suites run in one process,
 * so ratios compare like with like on the same machine and the same run.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { domainSuite } from './domain';
import { pipelineSuite } from './pipeline';

const { values } = parseArgs({ options: { suite: { type: 'string', default: 'domain,pipeline' }, quick: { type: 'boolean', default: false } } });
const suites = new Set(values.suite!.split(','));

const started = Date.now();
const result: Record<string, unknown> = {
  machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
};
if (suites.has('domain')) {
  const domain = domainSuite();
  result.domain = domain;
  for (const [game, f] of Object.entries(domain)) {
    console.error(
      `${game.padEnd(14)} ${String(f.decideEvolveMicrosPerCommand).padStart(8)} µs/command  ${String(f.replayMillisPerGame).padStart(7)} ms/replay  games/s: ${Object.entries(f.botGamesPerSecond).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }
}
if (suites.has('pipeline')) {
  const pipeline = await pipelineSuite(values.quick ? { durationMs: 2000, levels: [1, 50] } : {});
  result.pipeline = pipeline;
  console.error(`floor (PutItem + Query)  p50 ${pipeline.floor.p50Ms} ms  p99 ${pipeline.floor.p99Ms} ms`);
  for (const l of pipeline.levels) {
    console.error(`${String(l.games).padStart(4)} games  ${String(l.commandsPerSecond).padStart(7)} commands/s  round trip p50 ${l.roundTrip.p50Ms} ms  p99 ${l.roundTrip.p99Ms} ms`);
  }
  console.error(`round trip p50 at 1 game / floor p50: ${pipeline.p50RoundTripAt1GameOverFloor}`);
}
result.durationSeconds = Math.round((Date.now() - started) / 100) / 10;
console.log(JSON.stringify(result, null, 2));
