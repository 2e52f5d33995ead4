/**
 * `npm run bench`: every benchmark suite, JSON on stdout (each figure's unit is in its name),
 * a short table on stderr. Figures come from one process so ratios compare like with like.
 */
import os from 'node:os';
import { domainSuite } from './domain';

const started = Date.now();
const result = {
  machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  domain: domainSuite(),
  durationSeconds: Math.round((Date.now() - started) / 100) / 10,
};

console.log(JSON.stringify(result, null, 2));
for (const [game, f] of Object.entries(result.domain)) {
  console.error(
    `${game.padEnd(14)} ${String(f.decideEvolveMicrosPerCommand).padStart(8)} µs/command  ${String(f.replayMillisPerGame).padStart(7)} ms/replay  games/s: ${Object.entries(f.botGamesPerSecond).map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
}
