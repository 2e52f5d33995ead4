/**
 * `npm run bench [-- --suite domain,pipeline,scale,abuse,cache,bundles,browser,cost,bots,cloud-scale] [--quick] [--no-save]`: benchmark suites, JSON on stdout
 * (the bots suite, a tournament of an hour or more, runs only when named; `--game` and `--games`
 * narrow it; so does cloud-scale, the simulated cloud, with `--scales` (games in play at once) or
 * `--players` and `--days`, `--faults` for AWS's faults injected, and `--chart` for its SVG; cloud-tournament,
 * a Swiss of `--players` (default 1,000) on the simulated cloud, with `--bots`, `--entry-seconds`, `--wait-on`, `--limit-hours`)
 * (each figure's unit is in its name), a short table on stderr. All suites run in one process,
 * so ratios compare like with like on the same machine and the same run. boardgame.io (the
 * open-source default for turn-based games in TypeScript) plays the same tic-tac-toe beside
 * Caravela: through its reducer, and through its server with in-memory and flat-file storage.
 * A run with the pipeline suite is kept (bench/results.ts): its JSON in bench/results/, its chart
 * in docs/bench-chart.svg, and a line on stderr comparing it with the run before; `--no-save` skips that.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bgioDomain } from './bgio/domain';
import { bgioPipeline, type BgioPipelineResult } from './bgio/server';
import { abuseSuite } from './abuse';
import { botsSuite } from './bots';
import { browserSuite } from './browser';
import { measureBundles } from '../infra/bundles';
import { cacheSuite } from './scale/cache';
import { cloudScaleSuite, planFor } from './cloud';
import { deployedFunctions } from './cloud/lambda/template';
import { runTournament } from './cloud/tournament';
import { costSuite } from './cost';
import { domainSuite } from './domain';
import { round } from './measure';
import type { LimitName } from '../functions/adapters/limits';
import { pipelineSuite } from './pipeline';
import { saveRun } from './results';
import { targets, type Target } from './targets';
import type { ChartInput } from './chart';
import { scaleSuite } from './scale';

// The suites measure what the pipeline can carry: a few clients drive many games each, as fast
// as the server answers, so the per-player and per-connection limits (functions/adapters/limits.ts) are
// lifted unless the caller set them (the scale suite's server, a child process, inherits these).
for (const name of ['FRAMES_PER_SECOND', 'FRAME_BURST', 'QUEUED_FRAMES', 'GAMES_PER_HOUR', 'OPEN_GAMES'] satisfies LimitName[]) {
  process.env[`LIMIT_${name}`] ??= String(1e9);
}

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'domain,pipeline,scale,abuse,cache,bundles,browser,cost' },
    quick: { type: 'boolean', default: false },
    game: { type: 'string', default: 'vasco-da-gama,navegador,goa' },
    games: { type: 'string' },
    'no-save': { type: 'boolean', default: false },
    players: { type: 'string' },
    days: { type: 'string' },
    scales: { type: 'string' },
    faults: { type: 'boolean' },
    chart: { type: 'string' },
    bots: { type: 'string' },
    'entry-seconds': { type: 'string' },
    'wait-on': { type: 'string' },
    'limit-hours': { type: 'string' },
  },
});
const suites = new Set(values.suite!.split(','));
const quick = values.quick!;
const log = (line: string) => console.error(line);

const started = Date.now();
const result: Record<string, unknown> = {
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: round(os.loadavg()[0]!),
  },
  boardgameIo: '0.50.2',
};

if (suites.has('domain')) {
  const games = domainSuite();
  const bgio = bgioDomain();
  result.domain = {
    games,
    boardgameIo: bgio,
    ticTacToeDecideEvolveSpeedupOverBoardgameIoReducer: round(
      bgio.reducerMicrosPerCommand / bgio.caravelaSameRun.decideEvolveMicrosPerCommand,
    ),
  };
  for (const [game, f] of Object.entries(games)) {
    log(
      `${game.padEnd(14)} ${String(f.decideEvolveMicrosPerCommand).padStart(8)} µs/command  ${String(f.replayMillisPerGame).padStart(7)} ms/replay  games/s: ${Object.entries(
        f.botGamesPerSecond,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  log(
    `boardgame.io reducer ${bgio.reducerMicrosPerCommand} µs/move vs Caravela ${bgio.caravelaSameRun.decideEvolveMicrosPerCommand} µs; games/s ${bgio.gamesPerSecond} vs ${bgio.caravelaSameRun.randomGamesPerSecond}`,
  );
}

if (suites.has('pipeline')) {
  const levels = quick ? [1, 50] : [1, 50, 500];
  const durationMs = quick ? 3000 : 8000;
  const caravela = await pipelineSuite({ durationMs, levels });
  log(
    `floor (PutItem + Query)  p50 ${caravela.floor.p50Ms} ms  p99 ${caravela.floor.p99Ms} ms; the store alone: ${caravela.storeWritesPerSecondAt50Writers} conditional PutItems/s with 50 writers, ${caravela.storeCapacity.itemsPerSecond} items/s grouped (${caravela.storeCapacity.storeCpuMsPerItem} ms of its CPU per item)`,
  );
  for (const l of caravela.levels) {
    log(
      `caravela         ${String(l.games).padStart(4)} games  ${String(l.commandsPerSecond).padStart(7)} commands/s  round trip p50 ${l.roundTrip.p50Ms} ms  p99 ${l.roundTrip.p99Ms} ms; ${l.storeItemsPerSecond} items/s stored (${l.storeItemsPerCommand} per command); CPU per command: server ${l.cpuMsPerCommand.serverProcess} ms, store ${l.cpuMsPerCommand.store} ms`,
    );
  }
  const bgio: BgioPipelineResult[] = [];
  for (const storage of ['memory', 'flatfile'] as const) {
    for (const games of levels) {
      const r = await bgioPipeline({ games, durationMs, storage });
      bgio.push(r);
      log(
        `bgio ${storage.padEnd(8)}    ${String(games).padStart(4)} games  ${String(r.commandsPerSecond).padStart(7)} commands/s  round trip p50 ${r.roundTrip.p50Ms} ms  p99 ${r.roundTrip.p99Ms} ms`,
      );
    }
  }
  const at = (games: number, storage?: 'memory' | 'flatfile') =>
    (storage ? bgio.find((r) => r.games === games && r.storage === storage) : caravela.levels.find((l) => l.games === games))
      ?.commandsPerSecond ?? NaN;
  const ratios = {
    throughputAt50GamesOverBoardgameIoMemory: round(at(50) / at(50, 'memory')),
    throughputAt50GamesOverBoardgameIoFlatFile: round(at(50) / at(50, 'flatfile')),
    throughputAt50GamesOverStoreWritesAt50Writers: round(at(50) / caravela.storeWritesPerSecondAt50Writers),
    storeItemsAt50GamesOverStoreCapacity: round(
      (caravela.levels.find((l) => l.games === 50)?.storeItemsPerSecond ?? NaN) / caravela.storeCapacity.itemsPerSecond,
    ),
    p50RoundTripAt1GameOverFloor: caravela.p50RoundTripAt1GameOverFloor,
  };
  result.pipeline = {
    caravela: {
      description:
        'every command stored under its own condition on DynamoDB Local, its data in files, before its ack (concurrent commands share a request: group commit)',
      ...caravela,
    },
    boardgameIo: {
      description: 'boardgame.io 0.50.2 server, socket.io transport; FlatFile writes after it broadcasts (not durable per move)',
      levels: bgio,
    },
    ratios,
  };
  log(
    `caravela / bgio at 50 games: ${ratios.throughputAt50GamesOverBoardgameIoMemory}× (memory), ${ratios.throughputAt50GamesOverBoardgameIoFlatFile}× (flat file); p50 at 1 game / floor: ${ratios.p50RoundTripAt1GameOverFloor}`,
  );
}

if (suites.has('scale')) {
  const scale = await scaleSuite({ quick });
  result.scale = scale;
  log(`memory: ${scale.memory.heapBytesPerLiveGame} B per live game, ${scale.memory.heapBytesPerConnection} B per connection`);
  log(
    `10,000-event game: load p50 ${scale.longGame.loadWithSnapshots.p50Ms} ms with snapshots, ${scale.longGame.loadFromCommits.p50Ms} ms from the commits alone`,
  );
}

if (suites.has('abuse')) {
  const abuse = await abuseSuite();
  result.abuse = abuse;
  for (const [name, f] of Object.entries(abuse)) {
    const step = f as {
      healthz?: { p99Ms: number; maxMs: number };
      serverEventLoopDelayMaxMs?: number;
      serverRssMiBBefore?: number;
      serverRssMiBAfter?: number;
    };
    if (typeof f !== 'object' || step.serverRssMiBBefore === undefined) continue;
    log(
      `${name.padEnd(20)} /healthz p99 ${step.healthz!.p99Ms} ms, max ${step.healthz!.maxMs} ms (event loop held ≤ ${step.serverEventLoopDelayMaxMs} ms); server RSS ${step.serverRssMiBBefore} → ${step.serverRssMiBAfter} MiB`,
    );
  }
}

if (suites.has('cache')) {
  // Bounded memory: the record cache's heap after touching 20,000 games, capped and not.
  result.cache = await cacheSuite({ games: quick ? 4000 : 20_000 });
  const c = result.cache as { bounded: { cacheHeapMiB: number }; unbounded: { cacheHeapMiB: number } };
  log(`cache: ${c.bounded.cacheHeapMiB} MiB capped, ${c.unbounded.cacheHeapMiB} MiB unbounded`);
}

if (suites.has('bundles')) {
  // Each function's bundle as the stack ships it, and its import time in a fresh process (cold start).
  result.bundles = measureBundles({ importTimes: true });
  for (const [name, b] of Object.entries(result.bundles as Record<string, { bytes: number; gzipBytes: number; importMs?: number }>)) {
    log(`bundle ${name}: ${Math.round(b.bytes / 1024)} KB, ${Math.round(b.gzipBytes / 1024)} KB gzip, import ${b.importMs} ms`);
  }
}

if (suites.has('browser')) {
  // What a player feels: click → the resulting state painted, in Chromium, per game.
  result.browser = await browserSuite({ quick, log });
}

if (suites.has('cost')) {
  // One asynchronous 4-player game priced at list prices, against its floor (cost/model.ts floorOf).
  const cost = await costSuite();
  result.cost = cost;
  log(
    `cost: $${cost.perGameDollars.toPrecision(3)} per game (target $${cost.targetDollars}), floor $${cost.floorDollars.toPrecision(3)}, ${cost.overFloor.toFixed(2)}× the floor`,
  );
}

if (suites.has('cloud-scale')) {
  // The real app on models of AWS's limits, played by a population over virtual days (bench/cloud/).
  // By scale (games in play at once), or one population for a number of days.
  const plans = values.players
    ? values.players.split(',').map((p) => ({ games: 0, players: Number(p), hours: 24 * Number(values.days ?? 2), arrivalHours: 24 }))
    : (values.scales ?? (quick ? '20' : '1000,10000')).split(',').map((g) => planFor(Number(g)));
  result.cloudScale = await cloudScaleSuite({
    plans,
    ...(values.chart ? { chart: values.chart } : {}),
    faults: values.faults === true,
    log,
  });
}

if (suites.has('cloud-tournament')) {
  // A Swiss of 1,000 (bench/cloud/tournament.ts): entry, each round paired and played, the tournament's partition at its busiest.
  result.cloudTournament = await runTournament({
    players: Number(values.players ?? 1000),
    bots: Number(values.bots ?? 0),
    ...(values['entry-seconds'] ? { entrySeconds: Number(values['entry-seconds']) } : {}),
    ...(values['wait-on'] ? { waitOn: values['wait-on'] as 'tournament' | 'myGames' } : {}),
    ...(values['limit-hours'] ? { limitHours: Number(values['limit-hours']) } : {}),
    functions: deployedFunctions(),
    progress: log,
  });
}

if (suites.has('bots')) {
  // The strong bots against the heuristics: 100 two-player games and 50 four-player games per game by default.
  const n = values.games ? Number(values.games) : quick ? 10 : 100;
  result.bots = await botsSuite({ games: values.game!.split(','), twoPlayerGames: n, fourPlayerGames: Math.ceil(n / 2), log });
}

result.targets = targets(result);
for (const [name, t] of Object.entries(result.targets as Record<string, Target>)) {
  log(`target ${name}: ${t.value} ${t.unit} (${t.is === 'atLeast' ? '≥' : '≤'} ${t.bound}) ${t.met ? 'met' : 'NOT met'}`);
}
result.durationSeconds = Math.round((Date.now() - started) / 100) / 10;
console.log(JSON.stringify(result, null, 2));

if (suites.has('pipeline') && !values['no-save']) {
  const saved = saveRun(result as ChartInput);
  log(`saved ${path.relative(process.cwd(), saved.file)}, chart ${path.relative(process.cwd(), saved.chart)}`);
  if (saved.previous) log(`vs ${path.basename(saved.previous)}: ${saved.comparison}`);
}
