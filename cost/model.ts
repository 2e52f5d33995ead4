/**
 * The cost model: a pure function from what one game measurably did (cost/measure.ts), the
 * assumptions below (ASSUMPTIONS, each with why), and the list prices (cost/prices.ts) to a cost
 * breakdown per game and per month at a given volume. No I/O here, so it is unit-tested with
 * hand-computed numbers (test/cost/model.test.ts).
 *
 * Per game, every usage is priced at its first-tier (highest) list price; per month, the month's
 * total usage is priced through the volume tiers. Storage of the events kept is a recurring cost,
 * reported apart from the one-time cost of playing the game.
 */
import { PRICES, type Price, type Prices } from './prices';

// ---------------------------------------------------------------------------------------------
// What a measurement holds (filled by cost/measure.ts)

/** The Lambda functions, as infra/stack.ts names them (stream = the notifier, sweep = the clock sweep, bots = automatic moves and ratings). */
export type FunctionName = 'http' | 'connect' | 'disconnect' | 'message' | 'stream' | 'sweep' | 'bots';
export const FUNCTIONS: readonly FunctionName[] = ['http', 'connect', 'disconnect', 'message', 'stream', 'sweep', 'bots'];

export interface InvocationStats {
  invocations: number;
  /** Wall time of all invocations, ms (local runtime). */
  durationMs: number;
  /** The same, each invocation rounded up to 1 ms as Lambda bills it. */
  billedMs: number;
  maxMs: number;
  /**
   * Of durationMs, the time the handler computed: its wall time less the time it waited on a
   * request (DynamoDB, @connections), which Lambda runs at the function's CPU share
   * (absent in measurements from before it existed: all of it then counts as waiting).
   */
  cpuMs?: number;
}

export interface DynamoStats {
  calls: number;
  /** Read request units (DynamoDB's own count; a read that finds nothing counted as one 4 KB unit). */
  readUnits: number;
  /** Write request units (DynamoDB's own count; a failed conditional write estimated from the item's size). */
  writeUnits: number;
}

export interface FrameStats {
  messages: number;
  bytes: number;
  /** Messages as API Gateway meters them: each started 32 KB is one. */
  units32KB: number;
  maxBytes: number;
}

/** Everything counted during one phase of a measurement. */
export interface PhaseCounts {
  lambda: Record<FunctionName, InvocationStats>;
  /** DynamoDB calls by the function that made them ('outside': none, e.g. the measuring harness; should stay 0). */
  dynamo: Record<FunctionName | 'outside', DynamoStats>;
  /** DynamoDB calls by operation (PutItem, Query, …). */
  dynamoByOperation: Record<string, DynamoStats>;
  /**
   * DynamoDB write units by the items written, named by their keys' first parts ("PLAYER PROFILE",
   * "GAME SUB"…); a transaction's units shared out by its items' (absent in measurements from before it existed).
   */
  dynamoWritesByItem?: Record<string, DynamoStats>;
  /**
   * Records the local stream poller handed to the notifier; commitInserts are those the cloud's
   * event filter lets through. botBatches: the batches handed to the Bots function with a
   * record one of its filters lets through (an automatic seat to act, a finished game to rate),
   * each an invocation in the cloud (absent in measurements from before it existed: none).
   */
  stream: { batches: number; records: number; commitInserts: number; botBatches?: number };
  /** Client → server WebSocket messages (each one a `message` invocation). */
  wsIn: FrameStats;
  /** Server → client frames posted through @connections. */
  wsOut: FrameStats;
  /** Accepted WebSocket connections ($connect 200). */
  connections: number;
  http: { requests: number; requestBytes: number; responseBytes: number; units512KB: number };
  /** Notifications delivered (Web Push to the loopback push service), their encrypted bytes, and kinds claimed. */
  notifications: { sent: number; bytes: number; byKind: Record<string, number> };
  /** Log lines the handlers wrote (what CloudWatch Logs ingests beside Lambda's own lines), and their bytes, by function. */
  logs: Record<FunctionName | 'outside', { lines: number; bytes: number }>;
}

export type Scenario = 'async' | 'live' | 'bots';

export interface Measurement {
  scenario: Scenario;
  /** Seed of the clients' choices (the server draws the game's own seed). */
  seed: number;
  game: string;
  seats: number;
  humans: number;
  bots: number;
  /** Whether every invocation started with empty per-container caches, as on a cold or stale Lambda container. */
  coldCaches: boolean;
  phases: { onboarding: PhaseCounts; game: PhaseCounts };
  play: {
    gameId: string;
    finished: boolean;
    /** Commits stored for the game (create, joins, commands, bot moves). */
    versions: number;
    events: number;
    /** Commands people sent and the server acknowledged. */
    humanCommands: number;
    /** Commands answered CONFLICT (another seat acted first) and sent again. */
    conflicts: number;
    /** WebSocket connections made for the game (async: one per turn and player, plus joins and a last look). */
    sessions: number;
    /** Times a person's seat became active (a turn started). */
    turnsStarted: number;
    scores: number[] | null;
  };
  /** Bytes DynamoDB bills as storage (item bytes + 100 bytes per item) left behind by the game. */
  storage: {
    commits: { items: number; bytes: number };
    snapshots: { items: number; bytes: number };
    /** Per-player index items (PLAYER#…/GAMES#n-status#…). */
    index: { items: number; bytes: number };
    /** Kept for the 30 days of their TTL, then deleted by DynamoDB: delivery markers. */
    transient: { items: number; bytes: number };
    /** Once per player, not per game: profile and notification settings. */
    perPlayer: { items: number; bytes: number };
  };
  /** What the floor (floorOf) is made of, measured. */
  floor: {
    /** Write units of the game's commit items as stored: each item's bytes in started KB. */
    commitWriteUnits: number;
    /** State frames sent that were the first of their game version on their connection. */
    stateFrames: number;
    /** The shortest `message` invocation that stored a person's command, ms (local wall time). */
    commandMinMs: number;
    /** Of it, the time the handler computed (see InvocationStats.cpuMs; absent before it existed). */
    commandMinCpuMs?: number;
  };
  /** What a visit of the web client loads from CloudFront (cost/web.ts); each connection for the game is one visit. */
  web: WebLoad;
  /** One run of the scheduled sweep (what every run costs, whatever the games), measured after the game. */
  sweepRun: { durationMs: number; readUnits: number; writeUnits: number };
  crossCheck: {
    /** EventStore.usage (functions/adapters/store/event-store.ts): commits, snapshots and loads only. */
    eventStore: { reads: number; writes: number; readUnits: number; writeUnits: number };
    /** ManagementApiSender.usage (functions/adapters/sender.ts), every phase. */
    sender: { frames: number; bytes: number };
  };
  /** How long the measurement took, ms. */
  wallMs: number;
}

/** Requests and bytes (headers included) CloudFront serves for one visit of the web client. */
export interface WebVisit {
  requests: number;
  bytes: number;
}

export interface WebLoad {
  /** A browser's first visit (nothing cached), once per player and device: onboarding. */
  firstVisit: WebVisit;
  /** Every later visit: what the browser must ask again. */
  repeatVisit: WebVisit;
  /** What a browser asks again once a day at most, at its first visit of the day (the service worker's update check). */
  dailyVisit: WebVisit;
  /** Each file and how a repeat visit asks for it, for the table. */
  files: { path: string; bytes: number; compressedBytes: number; repeat: 'none' | 'revalidate (304)' | 'daily' | 'full' }[];
}

const zeroInvocations = (): InvocationStats => ({ invocations: 0, durationMs: 0, billedMs: 0, maxMs: 0, cpuMs: 0 });
const zeroDynamo = (): DynamoStats => ({ calls: 0, readUnits: 0, writeUnits: 0 });
const zeroFrames = (): FrameStats => ({ messages: 0, bytes: 0, units32KB: 0, maxBytes: 0 });

export function emptyPhase(): PhaseCounts {
  return {
    lambda: Object.fromEntries(FUNCTIONS.map((f) => [f, zeroInvocations()])) as Record<FunctionName, InvocationStats>,
    dynamo: Object.fromEntries([...FUNCTIONS, 'outside'].map((f) => [f, zeroDynamo()])) as Record<FunctionName | 'outside', DynamoStats>,
    dynamoByOperation: {},
    dynamoWritesByItem: {},
    stream: { batches: 0, records: 0, commitInserts: 0, botBatches: 0 },
    wsIn: zeroFrames(),
    wsOut: zeroFrames(),
    connections: 0,
    http: { requests: 0, requestBytes: 0, responseBytes: 0, units512KB: 0 },
    notifications: { sent: 0, bytes: 0, byKind: {} },
    logs: Object.fromEntries([...FUNCTIONS, 'outside'].map((f) => [f, { lines: 0, bytes: 0 }])) as PhaseCounts['logs'],
  };
}

/** API Gateway meters WebSocket messages in 32 KB increments; a message is at least one. */
export const units32KB = (bytes: number): number => Math.max(1, Math.ceil(bytes / (32 * 1024)));
/** API Gateway meters HTTP API requests in 512 KB increments. */
export const units512KB = (bytes: number): number => Math.max(1, Math.ceil(bytes / (512 * 1024)));

// ---------------------------------------------------------------------------------------------
// Assumptions: everything the local measurement cannot show about the cloud

export interface Assumption {
  value: number;
  unit: string;
  why: string;
}

export const ASSUMPTIONS = {
  memoryMb: { value: 512, unit: 'MB per function', why: 'infra/stack.ts gives every function 512 MB (arm64), but the Bots function.' },
  botsMemoryMb: {
    value: 1769,
    unit: 'MB',
    why: "infra/production.ts botsMemoryMB: the Bots function has a whole vCPU, as the local core the bots' searches are timed on.",
  },
  durationScale: {
    value: 1,
    unit: '× local waiting time',
    why:
      'Lambda duration = the time the handler waited on its requests, measured locally, × this, plus the time it computed at the ' +
      "function's CPU share (fullVcpuMb). Locally every DynamoDB call goes to DynamoDB Local (about 5–20 ms, slower than " +
      'in-region DynamoDB at about 3–8 ms) and frames go over loopback (faster than PostToConnection, about 10–30 ms). These ' +
      'pull opposite ways: 1 is the central guess, 2 a pessimistic one.',
  },
  fullVcpuMb: {
    value: 1769,
    unit: 'MB',
    why:
      'Lambda gives a function CPU in proportion to its memory, a whole vCPU at 1,769 MB ("Lambda quotas"); a function of M MB ' +
      'computes 1,769 / M times slower than the local core the handlers were timed on (taken as fast as a Lambda vCPU).',
  },
  coldCaches: {
    value: 1,
    unit: '1 = yes, 0 = no',
    why:
      "Measure as if every invocation ran on a container that had not seen the game's latest version nor the connection " +
      "(the Host's game cache and the connection cache are emptied before each handler call): with players days apart and " +
      'many containers, a warm, current cache is the exception. Costs the reads of a load (latest snapshot + commits after ' +
      'it) and a connection GetItem per message.',
  },
  coldStartShare: {
    value: 0.01,
    unit: 'share of invocations',
    why: 'AWS reports cold starts in under 1 % of production invocations; at a million games a month (hundreds of invocations a second) containers stay warm.',
  },
  initMs: {
    value: 400,
    unit: 'ms per cold start',
    why: 'INIT of a Node.js 22 function with the AWS SDK bundled (about 1–2 MB of ESM); billed as duration since August 2025.',
  },
  secretFetchesPerColdStart: {
    value: 1,
    unit: 'GetSecretValue calls',
    why: 'The token secret (connect, http) or the VAPID keys (message, notify) are fetched once per container.',
  },
  notifyRecordsPerInvocation: {
    value: 1,
    unit: 'commit records per notify invocation',
    why:
      'Commits of an asynchronous game are minutes to days apart, so the stream trigger (batch size 25, no batching window) ' +
      'gets one commit per invocation; its event filter keeps every other record (connections, snapshots, markers) from ' +
      'invoking it. (Locally the poller hands over whole batches, unfiltered; the local invocation count is not used, except in ' +
      "the bots scenario, where bots' commits come in bursts that the trigger batches as the poller did.)",
  },
  asyncSessionMinutes: {
    value: 5,
    unit: 'connection minutes per connection (scenario async)',
    why: 'A player opens the game from the push, looks at the board, moves and leaves; API Gateway closes an idle socket after 10 minutes anyway.',
  },
  liveSittingMinutes: {
    value: 90,
    unit: 'connection minutes per connection (scenario live)',
    why: 'All four at the table at once: a 4-player Vasco da Gama lasts about 60–120 minutes.',
  },
  botsSittingMinutes: {
    value: 45,
    unit: 'connection minutes per connection (scenario bots)',
    why: 'One person against three bots, who answer at once: about half a table game.',
  },
  onboardingSessionMinutes: {
    value: 2,
    unit: 'connection minutes per onboarding connection',
    why: 'Register, allow notifications, leave.',
  },
  gamesPerPlayerAccount: {
    value: 10,
    unit: 'games per registered player',
    why: "Registration and notification set-up happen once per player, not per game: each game carries 1/10 of its players' onboarding.",
  },
  emailPlayerShare: {
    value: 0.1,
    unit: 'share of players',
    why:
      'Players with a confirmed email address. Email is a digest (functions/host/digest.ts): at most one a day per player, ' +
      'listing every game waiting for them, so its cost follows days and players, not turns. The measured game sends ' +
      'Web Push (what the web client offers first; free to send, only Lambda time and bytes); webhooks likewise.',
  },
  gameDays: {
    value: 14,
    unit: 'days per asynchronous game',
    why: 'A 4-player Vasco da Gama played by turns over days, a few turns a day each: about two weeks, on each of which a player may have a digest.',
  },
  gamesInPlayPerPlayer: {
    value: 3,
    unit: 'games in play per player',
    why: "One digest a day covers all of a player's games: each game carries its share of the day's email.",
  },
  digestWriteUnits: {
    value: 8,
    unit: 'WRU per digest',
    why: 'Making it due (due item, pointer), claiming and marking the send, clearing the pointer, deleting the due item, and a little for turns that find it due already.',
  },
  digestReadUnits: {
    value: 10,
    unit: 'RRU per digest',
    why: "The pointer (at every turn that leads to it and at the send), settings, presence and name, the player's game index and the heads of the games in play.",
  },
  logBytesPerInvocation: {
    value: 0,
    unit: 'bytes of CloudWatch Logs per invocation',
    why:
      "Lambda's own START, END and REPORT lines (about 350 bytes) are INFO system logs, and infra/stack.ts keeps only " +
      'WARN and above of those (systemLogLevelV2). What the handlers log themselves is measured (PhaseCounts.logs), ' +
      "each line with CloudWatch's 26 bytes of per-event overhead.",
  },
  accessLogBytesPerEvent: {
    value: 240,
    unit: 'bytes of CloudWatch Logs per API Gateway event',
    why:
      "The APIs' access logs (infra/stack.ts accessFormat): one JSON line of about 210 bytes (ids, IP, route, status, " +
      'latency) per WebSocket connect, disconnect and message in and per HTTP request, plus 26 bytes of per-event overhead.',
  },
  chargeDataTransferOut: {
    value: 1,
    unit: '1 = count, 0 = leave out',
    why: 'Whether frames and pushes are billed as data transfer out ($0.09/GB); unsure for WebSocket APIs, so counted.',
  },
  sweepMinutes: {
    value: 1,
    unit: 'minutes between sweeps',
    why:
      'infra/stack.ts SWEEP_RATE: the clock sweep runs on a schedule whether or not anything is due. Its runs are shared by ' +
      'the games in play: a month of runs divided by the games completed that month (at gamesPerMonth games of gameDays ' +
      'days, about gamesPerMonth × gameDays / 30 games are in play at any time).',
  },
  sweepParts: {
    value: 4,
    unit: 'invocations per sweep',
    why:
      'infra/stack.ts SWEEP_PARTS: each minute the schedule invokes the sweep once per part of the shards, side by side. The ' +
      "parts split one run's shard queries between them, so a run reads what one whole run reads; it is invoked, and billed " +
      'its minimum duration, once per part.',
  },
  gamesPerMonth: { value: 1_000_000, unit: 'complete games a month', why: 'The volume asked about.' },
  storageMonthsShown: {
    value: 12,
    unit: 'months',
    why: 'Events are kept forever: the monthly figure also shows the storage bill after this many months at this volume.',
  },
} satisfies Record<string, Assumption>;

export type Assumptions = { [K in keyof typeof ASSUMPTIONS]: Assumption };

/** ASSUMPTIONS with some values replaced (same explanations). */
export function withAssumptions(values: Partial<Record<keyof Assumptions, number>>, base: Assumptions = ASSUMPTIONS): Assumptions {
  const out = { ...base };
  for (const [k, v] of Object.entries(values) as [keyof Assumptions, number][]) out[k] = { ...base[k], value: v };
  return out;
}

// ---------------------------------------------------------------------------------------------
// The model

export type Service =
  | 'Lambda'
  | 'API Gateway WebSocket'
  | 'API Gateway HTTP API'
  | 'DynamoDB'
  | 'SES'
  | 'CloudWatch Logs'
  | 'CloudFront'
  | 'Data transfer out'
  | 'Secrets Manager';

/** The name a chart shows for each service (bench/index.ts result.cost.breakdown). */
export const SERVICE_LINES: Record<Service, string> = {
  DynamoDB: 'DynamoDB',
  'API Gateway WebSocket': 'API Gateway WebSocket',
  Lambda: 'Lambda',
  CloudFront: 'CloudFront',
  'Data transfer out': 'Data transfer',
  SES: 'SES',
  'CloudWatch Logs': 'CloudWatch Logs',
  'Secrets Manager': 'Secrets Manager',
  'API Gateway HTTP API': 'API Gateway HTTP API',
};

/** What one game uses in the cloud, as the model reckons it (quantities named with their units). */
export interface UsagePerGame {
  lambda: Record<FunctionName, { invocations: number; billedMs: number }>;
  lambdaInvocations: number;
  lambdaBilledMs: number;
  coldStarts: number;
  lambdaGbSeconds: number;
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
  wsMessagesIn32KB: number;
  wsMessagesOut32KB: number;
  wsConnectionMinutes: number;
  httpRequests512KB: number;
  notifications: number;
  emails: number;
  logBytes: number;
  transferOutBytes: number;
  secretFetches: number;
  /** The web client's visits: CloudFront requests (revalidations included) and bytes. */
  cloudfrontRequests: number;
  cloudfrontBytes: number;
  /** This game's share of the month's scheduled sweeps. */
  sweepRuns: number;
  /** Kept forever: commits, snapshots, per-player index items. */
  storedBytesKept: number;
  /** Kept about a month (TTL): delivery markers. */
  storedBytesTransient: number;
}

export interface CostLine {
  service: Service;
  item: string;
  quantityPerGame: number;
  unit: string;
  /** USD per unit at the first tier. */
  unitUsd: number;
  usdPerGame: number;
  quantityPerMonth: number;
  /** At `gamesPerMonth`, through the volume tiers. */
  usdPerMonth: number;
}

export interface CostReport {
  usage: UsagePerGame;
  lines: CostLine[];
  perGame: { usd: number; byService: Partial<Record<Service, number>> };
  monthly: { games: number; usd: number; byService: Partial<Record<Service, number>> };
  storage: {
    bytesKeptPerGame: number;
    /** Recurring: one game's events (and index) kept for one month, storage + PITR. */
    usdPerGameMonth: number;
    gbAddedPerMonth: number;
    /** Storage bill for the first month of this volume (the month's games kept the whole month, a bound). */
    usdFirstMonth: number;
    /** Storage bill in month N (`storageMonthsShown`) of this volume, every game kept. */
    usdInMonthN: number;
    months: number;
  };
  /** The least the same game can cost on the same services (floorOf), and how far above it the game is. */
  floor: Floor;
  overFloor: number;
  /**
   * The lines the targets bound, each against its own floor: the write units per game over the
   * commits' own (every other write is the excess), and Lambda's dollars over its floor's.
   */
  ratios: { dynamoWritesOverCommits: number; lambdaOverFloor: number };
  /** Lines by their share of the per-game cost, largest first. */
  dominant: { service: Service; item: string; usdPerGame: number; share: number }[];
}

const perUnit = (p: Price) => p.usd / p.per;

/** The monthly bill for `quantity` units of a tiered (or flat) price. */
export function tieredUsd(quantity: number, price: Price): number {
  if (!price.tiers) return quantity * perUnit(price);
  let usd = 0;
  let from = 0;
  for (const tier of price.tiers) {
    const to = tier.upTo ?? Infinity;
    const inTier = Math.max(0, Math.min(quantity, to) - from);
    usd += (inTier * tier.usd) / price.per;
    from = to;
    if (quantity <= to) break;
  }
  return usd;
}

function add<T extends object>(a: T, b: T, f: number): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(a) as (keyof T & string)[]) {
    const x = a[key] as unknown;
    const y = b[key] as unknown;
    if (typeof x === 'number' && typeof y === 'number') out[key] = key.startsWith('max') ? Math.max(x, y) : x + f * y;
    else if (x && typeof x === 'object') out[key] = add(x as Record<string, unknown>, (y ?? {}) as Record<string, unknown>, f);
    else out[key] = x;
  }
  // Keys only in b (e.g. an operation or notification kind only seen in one phase).
  for (const key of Object.keys(b) as (keyof T & string)[]) {
    if (key in out) continue;
    const y = b[key] as unknown;
    out[key] =
      typeof y === 'number' ? f * y : y && typeof y === 'object' ? add({} as Record<string, unknown>, y as Record<string, unknown>, f) : y;
  }
  return out as T;
}

/** `a + f·b`, field by field (phase counts). */
export function combinePhases(a: PhaseCounts, b: PhaseCounts, f: number): PhaseCounts {
  return add(a, b, f);
}

/** A function's memory, MB, as infra/stack.ts deploys it. */
const memoryMbOf = (fn: FunctionName, a: Assumptions = ASSUMPTIONS) => (fn === 'bots' ? a.botsMemoryMb.value : a.memoryMb.value);

/**
 * The Lambda duration of invocations measured locally, at `memoryMb`: the time they waited on
 * requests (× durationScale) plus the time they computed at the function's CPU share. Of a
 * measurement without the split, all of it is taken as waiting (× durationScale), as before.
 */
export function durationAt(s: Pick<InvocationStats, 'durationMs' | 'cpuMs'>, memoryMb: number, a: Assumptions = ASSUMPTIONS): number {
  const cpu = Math.min(s.cpuMs ?? 0, s.durationMs);
  return (s.durationMs - cpu) * a.durationScale.value + cpu * Math.max(1, a.fullVcpuMb.value / memoryMb);
}

/** The memory sizes right-sizing weighs, MB (128 MB is Lambda's least; 1,769 MB a whole vCPU). */
export const MEMORY_SIZES = [128, 256, 512, 1024, 1769] as const;

/** One function's Lambda duration dollars per game at one memory size, and its mean duration per invocation. */
export interface SizingRow {
  memoryMb: number;
  msPerInvocation: number;
  usdPerGame: number;
}

/**
 * How much slower than on a whole vCPU a right-sized function may answer: below a vCPU the
 * computing costs the same GB-seconds at every size and the waiting less at a smaller one, so the
 * least dollars alone would always pick 128 MB — and a move 13 times slower.
 */
export const SIZING_SLOWDOWN = 2;

/**
 * Right-sizing: each function's duration per game at every size of MEMORY_SIZES, from the time
 * its handlers waited and computed (durationAt), and the size that costs least among those
 * answering within SIZING_SLOWDOWN × a whole vCPU's time. Requests cost the same at every size.
 */
export function lambdaSizing(
  m: Measurement,
  a: Assumptions = ASSUMPTIONS,
  prices: Prices = PRICES,
): Partial<Record<FunctionName, { deployedMb: number; cheapestMb: number; sizes: SizingRow[] }>> {
  const c = perGamePhase(m, a);
  const out: Partial<Record<FunctionName, { deployedMb: number; cheapestMb: number; sizes: SizingRow[] }>> = {};
  for (const fn of FUNCTIONS) {
    const local = c.lambda[fn];
    if (!local?.invocations || fn === 'sweep') continue;
    const sizes = MEMORY_SIZES.map((memoryMb) => {
      const ms = durationAt(local, memoryMb, a) + local.invocations * 0.5;
      return {
        memoryMb,
        msPerInvocation: ms / local.invocations,
        usdPerGame: (ms / 1000) * (memoryMb / 1024) * perUnit(prices.lambdaArmGbSecond),
      };
    });
    const bound = SIZING_SLOWDOWN * sizes.at(-1)!.msPerInvocation;
    const cheapestMb = sizes
      .filter((row) => row.msPerInvocation <= bound)
      .reduce((best, row) => (row.usdPerGame < best.usdPerGame ? row : best)).memoryMb;
    out[fn] = { deployedMb: memoryMbOf(fn, a), cheapestMb, sizes };
  }
  return out;
}

/** One game's counts: its game phase plus its share of its players' onboarding. */
const perGamePhase = (m: Measurement, a: Assumptions): PhaseCounts =>
  combinePhases(m.phases.game, m.phases.onboarding, 1 / a.gamesPerPlayerAccount.value);

/** What one game uses in the cloud: the game phase plus its share of its players' onboarding. */
export function usagePerGame(m: Measurement, a: Assumptions = ASSUMPTIONS): UsagePerGame {
  const f = 1 / a.gamesPerPlayerAccount.value;
  const c = perGamePhase(m, a);
  const scale = a.durationScale.value;
  // The sweep runs every sweepMinutes for every game at once: a month of runs over a month of games.
  const sweepRuns = (30 * 24 * 60) / a.sweepMinutes.value / a.gamesPerMonth.value;
  const lambda = {} as UsagePerGame['lambda'];
  for (const fn of FUNCTIONS) {
    const local = c.lambda[fn] ?? zeroInvocations();
    // The notifier: one invocation per commit the filter lets through (people's commits are apart in
    // time); bots' commits come in bursts, which the trigger batches as the local poller did.
    // The Bots function: once per batch its filters let a record of (automatic moves; the commit that finished the game).
    if (fn === 'sweep') {
      lambda[fn] = {
        invocations: local.invocations + sweepRuns * a.sweepParts.value,
        billedMs:
          local.durationMs * scale + local.invocations * 0.5 + sweepRuns * (m.sweepRun.durationMs * scale + 0.5 * a.sweepParts.value),
      };
      continue;
    }
    const invocations =
      fn === 'bots'
        ? (c.stream.botBatches ?? 0)
        : fn !== 'stream'
          ? local.invocations
          : m.scenario === 'bots'
            ? Math.min(c.stream.batches, c.stream.commitInserts)
            : c.stream.commitInserts / a.notifyRecordsPerInvocation.value;
    // Lambda rounds each invocation up to the next ms: half a ms each on average.
    const billedMs = durationAt(local, memoryMbOf(fn), a) + invocations * 0.5;
    lambda[fn] = { invocations, billedMs };
  }
  const lambdaInvocations = FUNCTIONS.reduce((s, fn) => s + lambda[fn].invocations, 0);
  // What the handlers log, per invocation of each function as measured, times the cloud's invocations
  // (locally the notifier and the Bots function run per poller batch, unfiltered); 26 bytes of overhead per line.
  const handlerLogBytes = FUNCTIONS.reduce((s, fn) => {
    const l = c.logs[fn] ?? { lines: 0, bytes: 0 };
    const local = c.lambda[fn]?.invocations ?? 0;
    return s + (local ? ((l.bytes + 26 * l.lines) / local) * lambda[fn].invocations : 0);
  }, 0);
  const lambdaBilledMs = FUNCTIONS.reduce((s, fn) => s + lambda[fn].billedMs, 0);
  const coldStarts = lambdaInvocations * a.coldStartShare.value;
  // The Bots function's duration at its own memory; cold starts counted at the others' (nearly all of them).
  const lambdaGbSeconds =
    FUNCTIONS.reduce((s, fn) => s + (lambda[fn].billedMs / 1000) * (memoryMbOf(fn, a) / 1024), 0) +
    ((coldStarts * a.initMs.value) / 1000) * (a.memoryMb.value / 1024);
  const dynamo = Object.values(c.dynamo).reduce((s, d) => ({ r: s.r + d.readUnits, w: s.w + d.writeUnits }), { r: 0, w: 0 });
  const minutesPerConnection = { async: a.asyncSessionMinutes, live: a.liveSittingMinutes, bots: a.botsSittingMinutes }[m.scenario].value;
  const notifications = c.notifications.sent;
  // Days on which a player's browser opens this game (async: every day of the game, shared with their other games in play; else one), at most one a visit.
  const browserDays = Math.min(
    m.phases.game.connections,
    m.scenario === 'async' ? (m.humans * a.gameDays.value) / a.gamesInPlayPerPlayer.value : m.humans,
  );
  // Digests go to players away for days: the asynchronous scenario only (live and bot games end within the evening).
  const emails = m.scenario === 'async' ? (m.humans * a.emailPlayerShare.value * a.gameDays.value) / a.gamesInPlayPerPlayer.value : 0;
  return {
    lambda,
    lambdaInvocations,
    lambdaBilledMs,
    coldStarts,
    lambdaGbSeconds,
    dynamoReadUnits: dynamo.r + emails * a.digestReadUnits.value + sweepRuns * m.sweepRun.readUnits,
    dynamoWriteUnits: dynamo.w + emails * a.digestWriteUnits.value + sweepRuns * m.sweepRun.writeUnits,
    wsMessagesIn32KB: c.wsIn.units32KB,
    wsMessagesOut32KB: c.wsOut.units32KB,
    wsConnectionMinutes:
      m.phases.game.connections * minutesPerConnection + f * m.phases.onboarding.connections * a.onboardingSessionMinutes.value,
    httpRequests512KB: c.http.units512KB,
    notifications,
    emails,
    logBytes:
      lambdaInvocations * a.logBytesPerInvocation.value +
      handlerLogBytes +
      a.accessLogBytesPerEvent.value *
        (2 * (m.phases.game.connections + f * m.phases.onboarding.connections) + c.wsIn.messages + c.http.requests),
    transferOutBytes: a.chargeDataTransferOut.value ? c.wsOut.bytes + c.http.responseBytes + c.notifications.bytes : 0,
    secretFetches: coldStarts * a.secretFetchesPerColdStart.value,
    // Each connection for the game is a visit (async: the push opens the game); each player's first visit is onboarding;
    // what a browser asks once a day, on the days the game is played (a player's day shared by their games in play).
    cloudfrontRequests:
      m.phases.game.connections * m.web.repeatVisit.requests +
      f * m.phases.onboarding.connections * m.web.firstVisit.requests +
      browserDays * m.web.dailyVisit.requests,
    cloudfrontBytes:
      m.phases.game.connections * m.web.repeatVisit.bytes +
      f * m.phases.onboarding.connections * m.web.firstVisit.bytes +
      browserDays * m.web.dailyVisit.bytes,
    sweepRuns,
    storedBytesKept: m.storage.commits.bytes + m.storage.snapshots.bytes + m.storage.index.bytes + f * m.storage.perPlayer.bytes,
    storedBytesTransient: m.storage.transient.bytes,
  };
}

const GB = 1024 ** 3;

/** Cost per game and per month (at `gamesPerMonth`) of one measured game. */
export function costModel(m: Measurement, a: Assumptions = ASSUMPTIONS, prices: Prices = PRICES): CostReport {
  const u = usagePerGame(m, a);
  const games = a.gamesPerMonth.value;
  const lines: CostLine[] = [];
  /** A line priced per unit of `price` (quantity in the price's own units). */
  const line = (service: Service, item: string, quantity: number, unit: string, price: Price) =>
    lines.push({
      service,
      item,
      quantityPerGame: quantity,
      unit,
      unitUsd: perUnit(price),
      usdPerGame: quantity * perUnit(price),
      quantityPerMonth: quantity * games,
      usdPerMonth: tieredUsd(quantity * games, price),
    });

  line('Lambda', 'requests (invocations)', u.lambdaInvocations, 'requests', prices.lambdaRequests);
  line('Lambda', 'duration (arm64, incl. cold-start INIT)', u.lambdaGbSeconds, 'GB-seconds', prices.lambdaArmGbSecond);
  line('API Gateway WebSocket', 'messages in (client → server)', u.wsMessagesIn32KB, 'messages (32 KB units)', prices.websocketMessages);
  line('API Gateway WebSocket', 'messages out (frames → clients)', u.wsMessagesOut32KB, 'messages (32 KB units)', prices.websocketMessages);
  line('API Gateway WebSocket', 'connection minutes', u.wsConnectionMinutes, 'connection minutes', prices.websocketConnectionMinutes);
  line('API Gateway HTTP API', 'requests', u.httpRequests512KB, 'requests (512 KB units)', prices.httpApiRequests);
  line('DynamoDB', 'write request units', u.dynamoWriteUnits, 'WRU', prices.dynamoWriteRequestUnits);
  line('DynamoDB', 'read request units', u.dynamoReadUnits, 'RRU', prices.dynamoReadRequestUnits);
  line('DynamoDB', 'Streams reads by the Lambda trigger', 0, 'GetRecords calls (free)', prices.dynamoStreamsReads);
  line('DynamoDB', 'delivery markers kept ~1 month (TTL 30 days)', u.storedBytesTransient / GB, 'GB-months', {
    ...prices.dynamoStorage,
    usd: prices.dynamoStorage.usd + prices.dynamoPitrStorage.usd,
  });
  line('SES', 'emails (daily digests)', u.emails, 'emails', prices.sesEmails);
  line('CloudWatch Logs', "ingestion (handlers' lines, API access logs)", u.logBytes / GB, 'GB', prices.cloudwatchLogsIngestion);
  line('Data transfer out', 'frames, HTTP responses, pushes', u.transferOutBytes / GB, 'GB', prices.dataTransferOut);
  line('Secrets Manager', 'GetSecretValue at cold starts', u.secretFetches, 'API calls', prices.secretsManagerApiCalls);
  line(
    'CloudFront',
    'web client requests (revalidations included)',
    u.cloudfrontRequests,
    'HTTPS requests',
    prices.cloudfrontHttpsRequests,
  );
  line('CloudFront', 'web client data transfer out', u.cloudfrontBytes / GB, 'GB', prices.cloudfrontDataTransferOut);

  const byService = (pick: (l: CostLine) => number) =>
    lines.reduce<Partial<Record<Service, number>>>((acc, l) => {
      acc[l.service] = (acc[l.service] ?? 0) + pick(l);
      return acc;
    }, {});
  const perGameUsd = lines.reduce((s, l) => s + l.usdPerGame, 0);
  const storageGbMonthUsd = perUnit(prices.dynamoStorage) + perUnit(prices.dynamoPitrStorage);
  const gbAddedPerMonth = (u.storedBytesKept * games) / GB;
  const months = a.storageMonthsShown.value;
  const floor = floorOf(m, a, prices);
  const perGameByService = byService((l) => l.usdPerGame);
  return {
    usage: u,
    lines,
    floor,
    overFloor: floor.usd ? perGameUsd / floor.usd : Infinity,
    ratios: {
      dynamoWritesOverCommits: m.floor.commitWriteUnits ? u.dynamoWriteUnits / m.floor.commitWriteUnits : Infinity,
      lambdaOverFloor: floor.byService.Lambda ? (perGameByService.Lambda ?? 0) / floor.byService.Lambda : Infinity,
    },
    perGame: { usd: perGameUsd, byService: perGameByService },
    monthly: { games, usd: lines.reduce((s, l) => s + l.usdPerMonth, 0), byService: byService((l) => l.usdPerMonth) },
    storage: {
      bytesKeptPerGame: u.storedBytesKept,
      usdPerGameMonth: (u.storedBytesKept / GB) * storageGbMonthUsd,
      gbAddedPerMonth,
      usdFirstMonth: gbAddedPerMonth * storageGbMonthUsd,
      usdInMonthN: gbAddedPerMonth * months * storageGbMonthUsd,
      months,
    },
    dominant: lines
      .filter((l) => l.usdPerGame > 0)
      .map((l) => ({ service: l.service, item: l.item, usdPerGame: l.usdPerGame, share: perGameUsd ? l.usdPerGame / perGameUsd : 0 }))
      .sort((x, y) => y.usdPerGame - x.usdPerGame),
  };
}

// ---------------------------------------------------------------------------------------------
// The floor

/**
 * What a 4-player asynchronous game may cost: dollars; DynamoDB's write units at most 2.5× the
 * commits' own; Lambda at most twice its floor. (The whole game's ratio to its floor is no
 * target: its floor leaves out lines no design removes — SES, CloudFront, the HTTP API, logs.)
 */
export const TARGETS = { usdPerGame: 0.002, dynamoWritesOverCommits: 2.5, lambdaOverFloor: 2 } as const;

export interface FloorLine {
  service: Service;
  item: string;
  quantityPerGame: number;
  unit: string;
  usdPerGame: number;
}

export interface Floor {
  lines: FloorLine[];
  usd: number;
  byService: Partial<Record<Service, number>>;
}

/**
 * The least the measured game can cost on the same services, at the same prices: the write units
 * of its commits as stored (nothing else written), one `message` invocation per person's command
 * at the shortest measured duration (no other function), one message in and one ack per command,
 * one state frame per online subscriber per version (the first frame of each version each
 * connection got), and the measured connection minutes. No reads, no notifications, no email, no
 * web client, no logs. Lines the measured game has and the floor has not (SES, CloudFront, …)
 * have no floor.
 */
export function floorOf(m: Measurement, a: Assumptions = ASSUMPTIONS, prices: Prices = PRICES): Floor {
  const commands = m.play.humanCommands;
  const u = usagePerGame(m, a);
  const billedMsPerCommand = Math.max(
    1,
    Math.ceil(durationAt({ durationMs: m.floor.commandMinMs, cpuMs: m.floor.commandMinCpuMs }, a.memoryMb.value, a)),
  );
  const lines: FloorLine[] = [];
  const line = (service: Service, item: string, quantity: number, unit: string, price: Price) =>
    lines.push({ service, item, quantityPerGame: quantity, unit, usdPerGame: quantity * perUnit(price) });
  line('DynamoDB', 'write units of the commits as stored', m.floor.commitWriteUnits, 'WRU', prices.dynamoWriteRequestUnits);
  line('Lambda', 'one invocation per command', commands, 'requests', prices.lambdaRequests);
  line(
    'Lambda',
    'each at the shortest measured duration',
    (commands * billedMsPerCommand * a.memoryMb.value) / 1024 / 1000,
    'GB-seconds',
    prices.lambdaArmGbSecond,
  );
  line('API Gateway WebSocket', 'one message in and one ack per command', 2 * commands, 'messages', prices.websocketMessages);
  line(
    'API Gateway WebSocket',
    'one state frame per online subscriber per version',
    m.floor.stateFrames,
    'messages',
    prices.websocketMessages,
  );
  line(
    'API Gateway WebSocket',
    'the measured connection minutes',
    u.wsConnectionMinutes,
    'connection minutes',
    prices.websocketConnectionMinutes,
  );
  const byService = lines.reduce<Partial<Record<Service, number>>>((acc, l) => {
    acc[l.service] = (acc[l.service] ?? 0) + l.usdPerGame;
    return acc;
  }, {});
  return { lines, usd: lines.reduce((s, l) => s + l.usdPerGame, 0), byService };
}

/** The per-game cost by chart line (SERVICE_LINES), largest first, each with its floor where the floor has one. */
export function breakdown(r: CostReport): { line: string; dollars: number; floorDollars?: number }[] {
  return (Object.entries(r.perGame.byService) as [Service, number][])
    .filter(([, usd]) => usd > 0)
    .sort((x, y) => y[1] - x[1])
    .map(([service, usd]) => ({
      line: SERVICE_LINES[service],
      dollars: usd,
      ...(r.floor.byService[service] !== undefined ? { floorDollars: r.floor.byService[service] } : {}),
    }));
}
