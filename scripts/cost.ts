/**
 * What a complete 4-player game of Vasco da Gama costs on AWS at list prices: plays one game
 * through the local runtime with real protocol clients (cost/measure.ts), prices what it used
 * (cost/model.ts, cost/prices.ts) beside its floor (the least the same game can cost on the same
 * services, cost/model.ts floorOf), and prints a table on stderr and JSON on stdout (every figure
 * named with its unit; `breakdown` by line with each line's floor, `overFloor` the ratio, `ratios` the
 * lines the targets bound, each over its own floor). Nothing
 * leaves the machine.
 *
 *   npx tsx scripts/cost.ts                       # the asynchronous game (players connect for their turns)
 *   npx tsx scripts/cost.ts --scenario all        # async, live (all four online), bots (one person + 3 bots)
 *   npx tsx scripts/cost.ts --seed 7 --clock      # other client choices; with a 72 h per-move clock
 *   npx tsx scripts/cost.ts --warm                # keep the per-container caches (best case)
 *   npx tsx scripts/cost.ts --set emailPlayerShare=0.5  # any assumption of cost/model.ts ASSUMPTIONS
 */
import { performance } from 'node:perf_hooks';
import { measureGame, startMeasuredServer } from '../cost/measure';
import {
  ASSUMPTIONS,
  breakdown,
  costModel,
  lambdaSizing,
  TARGETS,
  FUNCTIONS,
  withAssumptions,
  type Assumptions,
  type CostReport,
  type Measurement,
  type Scenario,
} from '../cost/model';
import { PRICES } from '../cost/prices';

const TARGET_USD_PER_GAME = TARGETS.usdPerGame;
/** Whether a game's line is within its target's bound (TARGETS: each ratio at most its bound). */
const meets = (r: CostReport, ratio: keyof CostReport['ratios']) => r.ratios[ratio] <= TARGETS[ratio];

function parseArgs(argv: string[]) {
  const out = { scenarios: ['async'] as Scenario[], seed: 1, clock: false, warm: false, set: {} as Record<string, number> };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--scenario') {
      const v = value();
      out.scenarios = v === 'all' ? ['async', 'live', 'bots'] : (v.split(',') as Scenario[]);
      for (const s of out.scenarios) if (!['async', 'live', 'bots'].includes(s)) throw new Error(`unknown scenario ${s}`);
    } else if (a === '--seed') out.seed = Number(value());
    else if (a === '--clock') out.clock = true;
    else if (a === '--warm') out.warm = true;
    else if (a === '--set') {
      const [k, v] = value().split('=');
      if (!k || !(k in ASSUMPTIONS) || v === undefined || !Number.isFinite(Number(v)))
        throw new Error(`--set NAME=NUMBER with NAME one of ${Object.keys(ASSUMPTIONS).join(', ')}`);
      out.set[k] = Number(v);
    } else throw new Error(`unknown argument ${a} (see the comment at the top of scripts/cost.ts)`);
  }
  return out;
}

const usd = (x: number) => (x === 0 ? '0' : x < 0.01 ? `$${x.toPrecision(3)}` : `$${x.toFixed(2)}`);
const num = (x: number, digits = 1) =>
  Number.isInteger(x) ? x.toLocaleString('en-US') : x.toLocaleString('en-US', { maximumFractionDigits: digits });
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const err = (s = '') => process.stderr.write(`${s}\n`);

function printMeasurement(m: Measurement): void {
  const g = m.phases.game;
  const o = m.phases.onboarding;
  err(
    `\n=== ${m.scenario}: ${m.humans} player(s)${m.bots ? ` + ${m.bots} bots` : ''}, game ${m.play.gameId}, ${m.play.finished ? 'finished' : 'NOT FINISHED'} at version ${m.play.versions} (${m.play.events} events), scores ${JSON.stringify(m.play.scores)}`,
  );
  err(
    `    ${m.play.humanCommands} commands by people (${m.play.conflicts} conflicts), ${m.play.turnsStarted} turns started, ${m.play.sessions} connections for the game; caches ${m.coldCaches ? 'cold (every invocation)' : 'warm'}; measured in ${(m.wallMs / 1000).toFixed(1)} s`,
  );
  err('\n  measured, game phase (onboarding of its players in brackets, not yet divided)');
  err(
    `  ${pad('function', 12)}${lpad('invocations', 13)}${lpad('wall ms', 11)}${lpad('ms/inv', 9)}${lpad('max ms', 9)}${lpad('DDB calls', 11)}${lpad('RRU', 9)}${lpad('WRU', 9)}`,
  );
  for (const fn of FUNCTIONS) {
    const l = g.lambda[fn];
    const d = g.dynamo[fn];
    if (!l.invocations && !o.lambda[fn].invocations) continue;
    err(
      `  ${pad(fn === 'stream' ? 'stream(notify)' : fn, 12)}${lpad(`${l.invocations} [${o.lambda[fn].invocations}]`, 13)}${lpad(num(l.durationMs, 0), 11)}${lpad(num(l.invocations ? l.durationMs / l.invocations : 0), 9)}${lpad(num(l.maxMs, 0), 9)}${lpad(String(d.calls), 11)}${lpad(num(d.readUnits), 9)}${lpad(num(d.writeUnits), 9)}`,
    );
  }
  err(
    `  stream: ${g.stream.records} records in ${g.stream.batches} local batches, ${g.stream.commitInserts} commit inserts pass the cloud's filter`,
  );
  err(
    `  DynamoDB by operation: ${Object.entries(g.dynamoByOperation)
      .map(([op, d]) => `${op} ${d.calls}× (${num(d.readUnits)} RRU, ${num(d.writeUnits)} WRU)`)
      .join('; ')}`,
  );
  err(
    `  DynamoDB writes by item: ${Object.entries(g.dynamoWritesByItem ?? {})
      .sort((a, b) => b[1].writeUnits - a[1].writeUnits)
      .map(([kind, d]) => `${kind} ${num(d.writeUnits)} WRU (${d.calls}×)`)
      .join('; ')}`,
  );
  err(`  WebSocket in: ${g.wsIn.messages} messages, ${num(g.wsIn.bytes / 1024)} KB, ${g.wsIn.units32KB} units [${o.wsIn.messages}]`);
  err(
    `  WebSocket out: ${g.wsOut.messages} frames, ${num(g.wsOut.bytes / 1024)} KB (largest ${num(g.wsOut.maxBytes / 1024)} KB), ${g.wsOut.units32KB} units of 32 KB [${o.wsOut.messages}]`,
  );
  err(
    `  connections ${g.connections} [${o.connections}], HTTP requests ${g.http.requests} [${o.http.requests}], notifications pushed ${g.notifications.sent} (${JSON.stringify(g.notifications.byKind)})`,
  );
  const s = m.storage;
  const logged = Object.entries(g.logs).filter(([fn, l]) => l.lines && fn !== 'outside');
  err(
    `  handlers' log lines: ${logged.length ? logged.map(([fn, l]) => `${fn} ${l.lines} (${num(l.bytes / 1024)} KB)`).join(', ') : 'none'} (and ${g.logs.outside.lines} of the local runtime's own, not in the cloud)`,
  );
  err(
    `  web client per visit: ${m.web.repeatVisit.requests} requests, ${num(m.web.repeatVisit.bytes / 1024)} KB (first visit ${m.web.firstVisit.requests}, ${num(m.web.firstVisit.bytes / 1024)} KB; once a day ${m.web.dailyVisit.requests} more): ${m.web.files.map((f) => `${f.path} ${f.repeat}`).join(', ')}`,
  );
  err(
    `  floor inputs: commits ${m.floor.commitWriteUnits} WRU, ${m.floor.stateFrames} state frames (first of their version per connection), shortest command ${num(m.floor.commandMinMs)} ms; one sweep run ${num(m.sweepRun.durationMs)} ms, ${num(m.sweepRun.readUnits)} RRU, ${num(m.sweepRun.writeUnits)} WRU`,
  );
  err(
    `  stored: ${s.commits.items} commits ${num(s.commits.bytes / 1024)} KB, ${s.snapshots.items} snapshots ${num(s.snapshots.bytes / 1024)} KB, ${s.index.items} index items, ${s.transient.items} delivery markers ${num(s.transient.bytes / 1024)} KB (30-day TTL)`,
  );
  const es = m.crossCheck.eventStore;
  err(
    `  cross-check: EventStore.usage ${es.reads} reads (${num(es.readUnits)} RRU), ${es.writes} writes (${num(es.writeUnits)} WRU); ManagementApiSender.usage ${m.crossCheck.sender.frames} frames ${num(m.crossCheck.sender.bytes / 1024)} KB`,
  );
}

function printCost(r: CostReport, a: Assumptions, m: Measurement): void {
  const W = 66;
  err(
    `\n  ${pad('cost at list prices (us-east-1)', W)}${lpad('quantity/game', 14)}  ${pad('unit', 26)}${lpad('USD/game', 11)}${lpad(`USD/${num(r.monthly.games)} games`, 22)}`,
  );
  for (const l of r.lines) {
    err(
      `  ${pad(`${l.service}: ${l.item}`, W)}${lpad(num(l.quantityPerGame, l.quantityPerGame < 1 ? 6 : 1), 14)}  ${pad(l.unit, 26)}${lpad(usd(l.usdPerGame), 11)}${lpad(usd(l.usdPerMonth), 22)}`,
    );
  }
  err(`  ${pad('TOTAL per complete game (storage apart, below)', W + 42)}${lpad(usd(r.perGame.usd), 11)}${lpad(usd(r.monthly.usd), 22)}`);
  err(
    `  by service: ${Object.entries(r.perGame.byService)
      .filter(([, v]) => v! > 0)
      .sort((x, y) => y[1]! - x[1]!)
      .map(([k, v]) => `${k} ${usd(v!)} (${((100 * v!) / r.perGame.usd).toFixed(0)} %)`)
      .join(', ')}`,
  );
  err(
    `\n  ${pad('floor: the least this game can cost on the same services', W)}${lpad('quantity/game', 14)}  ${pad('unit', 26)}${lpad('USD/game', 11)}`,
  );
  for (const l of r.floor.lines)
    err(
      `  ${pad(`${l.service}: ${l.item}`, W)}${lpad(num(l.quantityPerGame, l.quantityPerGame < 1 ? 6 : 1), 14)}  ${pad(l.unit, 26)}${lpad(usd(l.usdPerGame), 11)}`,
    );
  err(`  ${pad('FLOOR per complete game', W + 42)}${lpad(usd(r.floor.usd), 11)}`);
  err(`\n  ${pad('by line', 24)}${lpad('USD/game', 11)}${lpad('floor', 11)}${lpad('× floor', 9)}`);
  for (const b of breakdown(r))
    err(
      `  ${pad(b.line, 24)}${lpad(usd(b.dollars), 11)}${lpad(b.floorDollars === undefined ? '-' : usd(b.floorDollars), 11)}${lpad(b.floorDollars ? (b.dollars / b.floorDollars).toFixed(2) : '-', 9)}`,
    );
  err(`  ${pad('total', 24)}${lpad(usd(r.perGame.usd), 11)}${lpad(usd(r.floor.usd), 11)}${lpad(r.overFloor.toFixed(2), 9)}`);
  err(
    `  target ${usd(TARGET_USD_PER_GAME)}/game: ${r.perGame.usd <= TARGET_USD_PER_GAME ? 'MET' : 'MISSED'} (${((100 * r.perGame.usd) / TARGET_USD_PER_GAME).toFixed(0)} % of it); ` +
      `DynamoDB writes ≤ ${TARGETS.dynamoWritesOverCommits}× the commits': ${meets(r, 'dynamoWritesOverCommits') ? 'MET' : 'MISSED'} (${r.ratios.dynamoWritesOverCommits.toFixed(2)}×); ` +
      `Lambda ≤ ${TARGETS.lambdaOverFloor}× its floor: ${meets(r, 'lambdaOverFloor') ? 'MET' : 'MISSED'} (${r.ratios.lambdaOverFloor.toFixed(2)}×)`,
  );
  const st = r.storage;
  err(
    `  storage (recurring, not in the total): ${num(st.bytesKeptPerGame / 1024)} KB kept per game = ${usd(st.usdPerGameMonth)} per game-month (storage + PITR); ` +
      `${num(st.gbAddedPerMonth)} GB added a month at ${num(r.monthly.games)} games: ${usd(st.usdFirstMonth)} the first month, ${usd(st.usdInMonthN)}/month after ${st.months} months`,
  );
  err(
    `  Lambda modelled: ${num(r.usage.lambdaInvocations)} invocations, ${num(r.usage.lambdaBilledMs, 0)} billed ms, ${num(r.usage.lambdaGbSeconds, 2)} GB-s (waiting × ${a.durationScale.value}, computing at each function's CPU share; ${num(r.usage.coldStarts, 2)} cold starts)`,
  );
  err('  right-sizing, duration USD/game (ms per invocation) by memory; * deployed, < cheapest:');
  for (const [fn, sizing] of Object.entries(lambdaSizing(m, a)))
    err(
      `    ${pad(fn, 12)}${sizing.sizes
        .map((row) => {
          const mark = `${row.memoryMb === sizing.deployedMb ? '*' : ''}${row.memoryMb === sizing.cheapestMb ? '<' : ''}`;
          return lpad(`${row.memoryMb} MB ${usd(row.usdPerGame)} (${num(row.msPerInvocation)})${mark}`, 30);
        })
        .join('')}`,
    );
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const args = parseArgs(process.argv.slice(2));
  const assumptions = withAssumptions({ ...(args.warm ? { coldCaches: 0 } : {}), ...args.set });
  err(`Measuring ${args.scenarios.join(', ')} (seed ${args.seed}); starting DynamoDB Local and the local server…`);
  const server = await startMeasuredServer();
  const results: { measurement: Measurement; cost: CostReport; sensitivity: Record<string, number> }[] = [];
  try {
    for (const scenario of args.scenarios) {
      const measurement = await measureGame({
        scenario,
        seed: args.seed,
        server,
        clock: args.clock,
        coldCaches: assumptions.coldCaches.value === 1,
        log: (s) => err(s),
      });
      const cost = costModel(measurement, assumptions);
      const alt = (values: Partial<Record<keyof Assumptions, number>>) =>
        costModel(measurement, withAssumptions(values, assumptions)).perGame.usd;
      const sensitivity = {
        usdPerGameDurationScale2: alt({ durationScale: 2 }),
        usdPerGameNoEmail: alt({ emailPlayerShare: 0 }),
        usdPerGameEmailPlayers50pct: alt({ emailPlayerShare: 0.5 }),
        usdPerGameNoDataTransferOut: alt({ chargeDataTransferOut: 0 }),
        usdPerGameAsyncSession10min: alt({ asyncSessionMinutes: 10 }),
      };
      results.push({ measurement, cost, sensitivity });
      printMeasurement(measurement);
      printCost(cost, assumptions, measurement);
      err(
        `  sensitivity, USD/game: ${Object.entries(sensitivity)
          .map(([k, v]) => `${k.replace('usdPerGame', '')} ${usd(v)}`)
          .join(', ')}`,
      );
      err(
        `  dominant: ${cost.dominant
          .slice(0, 4)
          .map((d) => `${d.service} ${d.item} ${(100 * d.share).toFixed(0)} %`)
          .join('; ')}`,
      );
    }
  } finally {
    await server.close();
  }
  const scriptMs = performance.now() - t0;
  err(`\nDone in ${(scriptMs / 1000).toFixed(1)} s. Assumptions: cost/model.ts ASSUMPTIONS; prices: cost/prices.ts.`);
  const json = {
    what: 'Cost of one complete 4-player game of Vasco da Gama on AWS (us-east-1 list prices, USD), measured through the local runtime',
    targetUsdPerGame: TARGET_USD_PER_GAME,
    targets: TARGETS,
    scriptSeconds: scriptMs / 1000,
    scenarios: results.map(({ measurement, cost, sensitivity }) => ({
      scenario: measurement.scenario,
      usdPerGame: cost.perGame.usd,
      meetsTarget: cost.perGame.usd <= TARGET_USD_PER_GAME && meets(cost, 'dynamoWritesOverCommits') && meets(cost, 'lambdaOverFloor'),
      floorUsdPerGame: cost.floor.usd,
      overFloor: cost.overFloor,
      ratios: cost.ratios,
      lambdaSizing: lambdaSizing(measurement, assumptions),
      breakdown: breakdown(cost),
      floor: cost.floor.lines,
      gamesPerMonth: cost.monthly.games,
      usdPerMonth: cost.monthly.usd,
      usdPerGameByService: cost.perGame.byService,
      usdPerMonthByService: cost.monthly.byService,
      lines: cost.lines.map((l) => ({
        service: l.service,
        item: l.item,
        unit: l.unit,
        quantityPerGame: l.quantityPerGame,
        usdPerUnit: l.unitUsd,
        usdPerGame: l.usdPerGame,
        quantityPerMonth: l.quantityPerMonth,
        usdPerMonth: l.usdPerMonth,
      })),
      storage: {
        bytesKeptPerGame: cost.storage.bytesKeptPerGame,
        usdPerGameMonth: cost.storage.usdPerGameMonth,
        gbAddedPerMonth: cost.storage.gbAddedPerMonth,
        usdFirstMonth: cost.storage.usdFirstMonth,
        [`usdPerMonthAfter${cost.storage.months}Months`]: cost.storage.usdInMonthN,
      },
      dominant: cost.dominant,
      sensitivity,
      usagePerGame: cost.usage,
      measured: measurement,
    })),
    assumptions,
    prices: PRICES,
  };
  process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
