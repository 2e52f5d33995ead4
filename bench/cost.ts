/**
 * The cost suite: `npm run cost`'s measurement of one asynchronous 4-player Vasco da Gama game
 * (scripts/cost.ts), run in a child process of its own (its stdout is the measurement's log
 * count), and reduced to its price, its floor and the ratio, by chart line.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TARGETS } from '../cost/model';

export interface CostSuiteResult {
  perGameDollars: number;
  floorDollars: number;
  overFloor: number;
  /** DynamoDB's write units over the commits' own, Lambda's dollars over its floor's (cost/model.ts CostReport.ratios). */
  ratios: { dynamoWritesOverCommits: number; lambdaOverFloor: number };
  targetDollars: number;
  breakdown: Array<{ line: string; dollars: number; floorDollars?: number }>;
}

export async function costSuite(options: { seed?: number } = {}): Promise<CostSuiteResult> {
  const script = fileURLToPath(new URL('../scripts/cost.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--seed', String(options.seed ?? 1)], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`scripts/cost.ts exited with ${code}:\n${err.slice(-2000)}`);
  const json = JSON.parse(out) as {
    scenarios: {
      usdPerGame: number;
      floorUsdPerGame: number;
      overFloor: number;
      ratios: CostSuiteResult['ratios'];
      breakdown: CostSuiteResult['breakdown'];
    }[];
  };
  const s = json.scenarios[0]!;
  return {
    perGameDollars: s.usdPerGame,
    floorDollars: s.floorUsdPerGame,
    overFloor: s.overFloor,
    ratios: s.ratios,
    targetDollars: TARGETS.usdPerGame,
    breakdown: s.breakdown,
  };
}
