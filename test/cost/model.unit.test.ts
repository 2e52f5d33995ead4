/**
 * The cost model against numbers worked out by hand (a calculator, not the model) for a small
 * made-up measurement, so a change of price, unit or formula shows here.
 */
import { describe, expect, it } from 'vitest';
import {
  ASSUMPTIONS,
  breakdown,
  combinePhases,
  costModel,
  emptyPhase,
  durationAt,
  floorOf,
  lambdaSizing,
  tieredUsd,
  units32KB,
  units512KB,
  usagePerGame,
  withAssumptions,
  type Measurement,
} from '../../cost/model';
import { PRICES } from '../../cost/prices';

function fixture(): Measurement {
  const game = emptyPhase();
  game.lambda.message = { invocations: 100, durationMs: 4000, billedMs: 4050, maxMs: 90 };
  game.lambda.connect = { invocations: 10, durationMs: 100, billedMs: 105, maxMs: 20 };
  game.lambda.disconnect = { invocations: 10, durationMs: 500, billedMs: 505, maxMs: 80 };
  game.lambda.stream = { invocations: 30, durationMs: 600, billedMs: 615, maxMs: 40 };
  // One batch for the Bots function: the commit that finished the game, for its ratings.
  game.stream = { batches: 30, records: 200, commitInserts: 50, botBatches: 1 };
  game.dynamo.message = { calls: 300, readUnits: 300, writeUnits: 100 };
  game.dynamo.connect = { calls: 20, readUnits: 0, writeUnits: 20 };
  game.dynamo.stream = { calls: 160, readUnits: 50, writeUnits: 100 };
  game.wsIn = { messages: 100, bytes: 10_000, units32KB: 100, maxBytes: 200 };
  game.wsOut = { messages: 200, bytes: 10 * 1024 * 1024, units32KB: 250, maxBytes: 40_000 };
  game.connections = 10;
  game.notifications = { sent: 40, bytes: 0, byKind: { yourTurn: 40 } };
  const onboarding = emptyPhase();
  onboarding.lambda.http = { invocations: 4, durationMs: 40, billedMs: 40, maxMs: 12 };
  onboarding.lambda.connect = { invocations: 4, durationMs: 40, billedMs: 40, maxMs: 12 };
  onboarding.dynamo.http = { calls: 4, readUnits: 0, writeUnits: 4 };
  onboarding.http = { requests: 4, requestBytes: 100, responseBytes: 0, units512KB: 4 };
  onboarding.connections = 4;
  return {
    scenario: 'async',
    seed: 1,
    game: 'vasco-da-gama',
    seats: 4,
    humans: 4,
    bots: 0,
    coldCaches: true,
    phases: { onboarding, game },
    play: {
      gameId: 'g',
      finished: true,
      versions: 50,
      events: 120,
      humanCommands: 46,
      conflicts: 0,
      sessions: 10,
      turnsStarted: 40,
      scores: [1, 2, 3, 4],
    },
    storage: {
      commits: { items: 50, bytes: 100_000 },
      snapshots: { items: 2, bytes: 50_000 },
      index: { items: 4, bytes: 400 },
      transient: { items: 0, bytes: 0 },
      perPlayer: { items: 8, bytes: 1_000 },
    },
    floor: { commitWriteUnits: 60, stateFrames: 150, commandMinMs: 7.2 },
    web: {
      firstVisit: { requests: 5, bytes: 100_000 },
      repeatVisit: { requests: 3, bytes: 2_000 },
      dailyVisit: { requests: 0, bytes: 0 },
      files: [],
    },
    sweepRun: { durationMs: 50, readUnits: 16, writeUnits: 0 },
    crossCheck: { eventStore: { reads: 0, writes: 0, readUnits: 0, writeUnits: 0 }, sender: { frames: 200, bytes: 10 * 1024 * 1024 } },
    wallMs: 1,
  };
}

// Onboarding shared by 10 games (f = 0.1), cold starts left out here; half the players get a daily
// digest over a 15-day game, sharing it with 2 other games: 4 × 0.5 × 15 / 3 = 10 emails.
const simple = withAssumptions({
  // The sweep as it ran before its parts: one run every 5 minutes (the figures below are worked out for it).
  sweepMinutes: 5,
  sweepParts: 1,
  gamesPerPlayerAccount: 10,
  durationScale: 1,
  coldStartShare: 0,
  emailPlayerShare: 0.5,
  gameDays: 15,
  gamesInPlayPerPlayer: 3,
  digestWriteUnits: 8,
  digestReadUnits: 10,
  logBytesPerInvocation: 350,
  accessLogBytesPerEvent: 240,
  asyncSessionMinutes: 5,
  onboardingSessionMinutes: 2,
});

const lineUsd = (r: ReturnType<typeof costModel>, item: string) => r.lines.find((l) => l.item === item)!.usdPerGame;

describe('the cost model', () => {
  it('meters WebSocket messages in 32 KB and HTTP requests in 512 KB increments', () => {
    expect(units32KB(0)).toBe(1);
    expect(units32KB(32 * 1024)).toBe(1);
    expect(units32KB(32 * 1024 + 1)).toBe(2);
    expect(units32KB(100_000)).toBe(4);
    expect(units512KB(512 * 1024)).toBe(1);
    expect(units512KB(512 * 1024 + 1)).toBe(2);
  });

  it('derives the cloud usage of one game: onboarding divided among games, one notify invocation per commit, one Bots invocation per batch its filters let through', () => {
    const u = usagePerGame(fixture(), simple);
    // 100 message + 10.4 connect + 10 disconnect + 0.4 http + 50 notify (commits, not the 30 local batches) + 1 bots (the game finished: its ratings)
    // + the game's share of the sweeps: 8,640 runs a month (every 5 minutes) over 1,000,000 games = 0.00864
    expect(u.lambda.stream.invocations).toBe(50);
    expect(u.lambda.bots.invocations).toBe(1);
    expect(u.sweepRuns).toBeCloseTo(0.00864, 12);
    expect(u.lambdaInvocations).toBeCloseTo(171.80864, 9);
    // each invocation's wall time + half a ms of rounding: 4050 + 109.2 + 505 + 4.2 + 625 + 0.5 + 0.00864 × (50 + 0.5)
    expect(u.lambdaBilledMs).toBeCloseTo(5294.33632, 9);
    // At 0.5 GB but the Bots function's 0.5 ms at 1,769 MB: 5293.83632 ms × 0.5 GB + 0.5 ms × 1769 / 1024 GB
    expect(u.lambdaGbSeconds).toBeCloseTo(2.64778192953125, 9);
    // measured 350 RRU and 220.4 WRU, 10 digests × (10 RRU, 8 WRU), 0.00864 sweeps × 16 RRU
    expect(u.dynamoReadUnits).toBeCloseTo(450.13824, 9);
    expect(u.dynamoWriteUnits).toBeCloseTo(300.4, 9);
    expect(u.wsMessagesIn32KB + u.wsMessagesOut32KB).toBe(350);
    expect(u.wsConnectionMinutes).toBeCloseTo(50.8, 9); // 10 × 5 + 0.1 × 4 × 2
    expect(u.emails).toBe(10);
    // 10 connections for the game × 3 requests of a repeat visit + 0.1 × 4 first visits × 5; bytes likewise
    expect(u.cloudfrontRequests).toBeCloseTo(32, 9);
    expect(u.cloudfrontBytes).toBeCloseTo(60_000, 9);
    expect(u.storedBytesKept).toBe(150_500); // 100,000 + 50,000 + 400 + 1,000 / 10
  });

  it("counts each of a sweep's parts as an invocation, the run's shard queries once", () => {
    const u = usagePerGame(fixture(), withAssumptions({ sweepMinutes: 1, sweepParts: 4 }, simple));
    // 43,200 runs a month (every minute) over 1,000,000 games = 0.0432, each 4 invocations and 16 RRU
    expect(u.sweepRuns).toBeCloseTo(0.0432, 12);
    expect(u.lambdaInvocations).toBeCloseTo(171.8 + 0.0432 * 4, 9);
    expect(u.lambdaBilledMs).toBeCloseTo(5293.9 + 0.0432 * (50 + 4 * 0.5), 9);
    expect(u.dynamoReadUnits).toBeCloseTo(450 + 0.0432 * 16, 9);
  });

  it('prices one game with the list prices, line by line and in total', () => {
    const r = costModel(fixture(), simple);
    expect(lineUsd(r, 'requests (invocations)')).toBeCloseTo(3.4361728e-5, 12);
    expect(lineUsd(r, 'duration (arm64, incl. cold-start INIT)')).toBeCloseTo(3.5303935579e-5, 12);
    expect(lineUsd(r, 'read request units')).toBeCloseTo(5.626728e-5, 12);
    expect(lineUsd(r, 'write request units')).toBeCloseTo(1.8775e-4, 12);
    expect(lineUsd(r, 'messages in (client → server)') + lineUsd(r, 'messages out (frames → clients)')).toBeCloseTo(3.5e-4, 12);
    expect(lineUsd(r, 'connection minutes')).toBeCloseTo(1.27e-5, 12);
    expect(lineUsd(r, 'emails (daily digests)')).toBeCloseTo(1e-3, 12);
    // 171.80864 invocations × 350 bytes + 121.2 access log lines (2 × 10.4 connections, 100 messages, 0.4 HTTP requests) × 240 bytes
    expect(lineUsd(r, "ingestion (handlers' lines, API access logs)")).toBeCloseTo(4.154677689e-5, 12);
    expect(lineUsd(r, 'frames, HTTP responses, pushes')).toBeCloseTo(8.7890625e-4, 12);
    // CloudFront: 32 requests at $0.01 per 10,000; 60,000 bytes at $0.085/GB
    expect(lineUsd(r, 'web client requests (revalidations included)')).toBeCloseTo(3.2e-5, 12);
    expect(lineUsd(r, 'web client data transfer out')).toBeCloseTo(4.7497451305e-6, 12);
    expect(r.perGame.usd).toBeCloseTo(0.002633985716, 12);
    expect(r.perGame.byService.SES).toBeCloseTo(1e-3, 12);
    expect(r.dominant[0]).toMatchObject({ service: 'SES' });
    // A million such games stay in every first tier: a million times one game.
    expect(r.monthly.games).toBe(1_000_000);
    expect(r.monthly.usd).toBeCloseTo(2633.985716, 5);
    // Storage + PITR ($0.45/GB-month) of 150,500 bytes, recurring.
    expect(r.storage.usdPerGameMonth).toBeCloseTo(6.307382137e-5, 12);
    expect(r.storage.gbAddedPerMonth).toBeCloseTo(140.16404748, 6);
    expect(r.storage.usdInMonthN).toBeCloseTo(756.88585639, 5);
  });

  it('bills cold starts as INIT duration and a secret fetch each', () => {
    const r = costModel(fixture(), withAssumptions({ coldStartShare: 0.01, initMs: 400 }, simple));
    expect(r.usage.coldStarts).toBeCloseTo(1.7180864, 9);
    // (5293.83632 + 1.7180864 × 400) ms × 0.5 GB + the Bots function's 0.5 ms × 1769 / 1024 GB
    expect(r.usage.lambdaGbSeconds).toBeCloseTo(2.99139920953125, 9);
    expect(lineUsd(r, 'GetSecretValue at cold starts')).toBeCloseTo(8.590432e-6, 12);
  });

  it("computes the floor: commits' write units, one invocation, one message in, one ack per command, the state frames, the connection minutes", () => {
    const f = floorOf(fixture(), simple);
    const usd = (item: string) => f.lines.find((l) => l.item === item)!.usdPerGame;
    expect(usd('write units of the commits as stored')).toBeCloseTo(3.75e-5, 12); // 60 WRU × $0.625/M
    expect(usd('one invocation per command')).toBeCloseTo(9.2e-6, 12); // 46 × $0.2/M
    // 46 × 8 ms (7.2 rounded up as billed) × 0.5 GB = 0.184 GB-s × $0.0000133334
    expect(usd('each at the shortest measured duration')).toBeCloseTo(2.4533456e-6, 12);
    expect(usd('one message in and one ack per command')).toBeCloseTo(9.2e-5, 12); // 92 × $1/M
    expect(usd('one state frame per online subscriber per version')).toBeCloseTo(1.5e-4, 12);
    expect(usd('the measured connection minutes')).toBeCloseTo(1.27e-5, 12); // 50.8 × $0.25/M
    expect(f.usd).toBeCloseTo(3.038533456e-4, 12);
    expect(f.byService.DynamoDB).toBeCloseTo(3.75e-5, 12);
    const r = costModel(fixture(), simple);
    expect(r.overFloor).toBeCloseTo(0.002633985716 / 3.038533456e-4, 6);
    // The targets' lines, each over its own floor: every write unit of the game over the commits' 60.
    expect(r.ratios.dynamoWritesOverCommits).toBeCloseTo(r.usage.dynamoWriteUnits / 60, 9);
    expect(r.ratios.dynamoWritesOverCommits).toBeGreaterThan(1);
    const lambdaUsd = r.lines.filter((l) => l.service === 'Lambda').reduce((n, l) => n + l.usdPerGame, 0);
    expect(r.ratios.lambdaOverFloor).toBeCloseTo(lambdaUsd / (9.2e-6 + 2.4533456e-6), 6);
    const lines = breakdown(r);
    expect(lines[0]).toMatchObject({ line: 'SES', dollars: 1e-3 });
    expect(lines.find((l) => l.line === 'Data transfer')).toEqual({ line: 'Data transfer', dollars: expect.closeTo(8.7890625e-4, 12) });
    expect(lines.find((l) => l.line === 'API Gateway WebSocket')!.floorDollars).toBeCloseTo(2.547e-4, 12);
    expect(lines.reduce((s, l) => s + l.dollars, 0)).toBeCloseTo(r.perGame.usd, 12);
  });

  it("runs a handler's computing at its function's CPU share and its waiting as measured; sizes each function for the least dollars", () => {
    // 1,000 ms of which 100 computed: at 512 MB the 100 take 100 × 1769 / 512 = 345.5078125 ms.
    expect(durationAt({ durationMs: 1000, cpuMs: 100 }, 512, simple)).toBeCloseTo(900 + 345.5078125, 9);
    // A whole vCPU and more compute as fast as the local core; a measurement without the split all waits.
    expect(durationAt({ durationMs: 1000, cpuMs: 100 }, 3008, simple)).toBeCloseTo(1000, 9);
    expect(durationAt({ durationMs: 1000 }, 128, simple)).toBeCloseTo(1000, 9);
    expect(durationAt({ durationMs: 1000, cpuMs: 100 }, 512, withAssumptions({ durationScale: 2 }, simple))).toBeCloseTo(
      1800 + 345.5078125,
      9,
    );

    const m = fixture();
    // The connections wait (1 ms computed of 100); the messages compute (3,600 of 4,000 ms).
    m.phases.game.lambda.connect.cpuMs = 1;
    m.phases.game.lambda.message.cpuMs = 3600;
    const sizing = lambdaSizing(m, simple);
    // connect, its onboarding's tenth in (10.4 invocations, 104 ms): (104 - 1 + 1 × 1769 / 128) ms + 10.4 × 0.5 ms at 128 MB
    // = 122.0203125 ms, 11.73272235577 a call; × 0.125 GB × $0.0000133334/GB-s.
    expect(sizing.connect!.sizes[0]).toEqual({
      memoryMb: 128,
      msPerInvocation: expect.closeTo(11.73272235577, 9),
      usdPerGame: expect.closeTo(2.0337e-7, 10),
    });
    // 128 MB answers within twice a whole vCPU's 10.5 ms a call, and costs least.
    expect(sizing.connect).toMatchObject({ deployedMb: 512, cheapestMb: 128 });
    // message: (400 + 3,600 × 1769 / M + 50) ms: 40.5 a call at 1,769 MB, 66.7 at 1,024 (within twice that), 128.9 at 512.
    // Of 1,024 and 1,769 MB, 1,024 costs less: 6,669.3 ms × 1 GB against 4,050 ms × 1.7275 GB.
    expect(sizing.message!.sizes.map((r) => r.memoryMb)).toEqual([128, 256, 512, 1024, 1769]);
    expect(sizing.message!.sizes[4]!.msPerInvocation).toBeCloseTo((450 + 3600) / 100, 9);
    expect(sizing.message!.sizes[3]!.msPerInvocation).toBeCloseTo((450 + 3600 * (1769 / 1024)) / 100, 9);
    expect(sizing.message!.cheapestMb).toBe(1024);
    // The model prices Lambda's duration the same way: message at 512 MB is (400 + 3,600 × 1769 / 512 + 50) billed ms.
    expect(usagePerGame(m, simple).lambda.message.billedMs).toBeCloseTo(450 + 3600 * (1769 / 512), 6);
  });

  it("counts the handlers' own log lines per cloud invocation, not per local one, and not the local runtime's lines", () => {
    const m = fixture();
    m.phases.game.logs.stream = { lines: 30, bytes: 3000 }; // 30 local notifier batches
    m.phases.game.logs.outside = { lines: 500, bytes: 100_000 };
    const base = usagePerGame(fixture(), simple).logBytes;
    // (3,000 bytes + 26 × 30 lines) / 30 local invocations × 50 cloud invocations
    expect(usagePerGame(m, simple).logBytes - base).toBeCloseTo(6300, 9);
  });

  it('asks CloudFront for the daily files once a day a player opens the game, at most once a visit', () => {
    const m = fixture();
    m.web.dailyVisit = { requests: 1, bytes: 1_000 };
    const base = usagePerGame(fixture(), simple);
    // async: 4 players × 15 days / 3 games in play = 20 browser-days, but only 10 visits
    expect(usagePerGame(m, simple).cloudfrontRequests - base.cloudfrontRequests).toBeCloseTo(10, 9);
    // over 30 visits (5 days of a 15-day game each, per player): the 20 browser-days
    m.phases.game.connections = 30;
    const more = { ...fixture(), phases: { ...fixture().phases, game: { ...fixture().phases.game, connections: 30 } } };
    expect(usagePerGame(m, simple).cloudfrontRequests - usagePerGame(more, simple).cloudfrontRequests).toBeCloseTo(20, 9);
    expect(usagePerGame(m, simple).cloudfrontBytes - usagePerGame(more, simple).cloudfrontBytes).toBeCloseTo(20_000, 9);
  });

  it('goes through the volume tiers for a month', () => {
    // 1.5 billion WebSocket messages: 1 billion at $1.00/M, 0.5 billion at $0.80/M.
    expect(tieredUsd(1_500_000_000, PRICES.websocketMessages)).toBeCloseTo(1400, 6);
    // 10 billion arm GB-s: 7.5 billion at the first rate, 2.5 billion at the second.
    expect(tieredUsd(10_000_000_000, PRICES.lambdaArmGbSecond)).toBeCloseTo(130000.75, 4);
    expect(tieredUsd(2_000_000, PRICES.dynamoWriteRequestUnits)).toBeCloseTo(1.25, 9);
  });

  it('takes the local stream batches as notify invocations when bots play in bursts; no digests when nobody is away for days', () => {
    const m = { ...fixture(), scenario: 'bots' as const };
    expect(usagePerGame(m, simple).lambda.stream.invocations).toBe(30);
    expect(usagePerGame(m, simple).emails).toBe(0);
    expect(usagePerGame(m, simple).wsConnectionMinutes).toBeCloseTo(10 * ASSUMPTIONS.botsSittingMinutes.value + 0.8, 9);
  });

  it('adds phases field by field, kinds seen in only one of them included', () => {
    const a = emptyPhase();
    const b = emptyPhase();
    a.notifications.byKind = { yourTurn: 3 };
    b.notifications.byKind = { seated: 2 };
    b.dynamoByOperation = { PutItem: { calls: 2, readUnits: 0, writeUnits: 4 } };
    a.wsOut.maxBytes = 10;
    b.wsOut.maxBytes = 30;
    const c = combinePhases(a, b, 0.5);
    expect(c.notifications.byKind).toEqual({ yourTurn: 3, seated: 1 });
    expect(c.dynamoByOperation.PutItem).toEqual({ calls: 1, readUnits: 0, writeUnits: 2 });
    expect(c.wsOut.maxBytes).toBe(30);
  });
});
