/**
 * Production settings, sized from the cost model's volume (1,000,000 complete games a month,
 * `npm run cost`) and its measured game; docs/production.md shows the arithmetic. Change
 * GAMES_PER_MONTH (or the per-game figures after a new measurement) and the rest follows.
 */
export const GAMES_PER_MONTH = 1_000_000;

/** From one measured asynchronous 4-player game (docs/performance.md). */
export const PER_GAME = {
  /** WebSocket messages from clients (commands, subscribes, pings, …). */
  inboundMessages: 320,
  /** Lambda invocations, all functions. */
  invocations: 781,
  /** Lambda compute, GB-seconds at 512 MB. */
  gbSeconds: 8.2,
  /** Commits stored (each one a stream record). */
  commits: 190,
  /**
   * HTTP API requests: ≈ 145 token refreshes (a visit hours after the last refreshes its
   * 15-minute access token) and a few registrations, settings and replays.
   */
  httpRequests: 150,
} as const;

const SECONDS_PER_MONTH = 30 * 24 * 3600;
/** The evening's busiest hour carries this many times the month's average rate. */
export const PEAK_FACTOR = 3;
/** Throttles leave this much room above the peak, so a good evening is never refused. */
export const HEADROOM = 2.5;

const perSecond = (perGame: number) => (GAMES_PER_MONTH * perGame) / SECONDS_PER_MONTH;
const roundUp = (n: number, to: number) => Math.ceil(n / to) * to;

export const SIZING = {
  inboundPerSecondAverage: perSecond(PER_GAME.inboundMessages),
  inboundPerSecondPeak: perSecond(PER_GAME.inboundMessages) * PEAK_FACTOR,
  invocationsPerSecondPeak: perSecond(PER_GAME.invocations) * PEAK_FACTOR,
  /** Average seconds per invocation (512 MB = 0.5 GB). */
  secondsPerInvocation: PER_GAME.gbSeconds / 0.5 / PER_GAME.invocations,
  commitsPerSecondPeak: perSecond(PER_GAME.commits) * PEAK_FACTOR,
  httpPerSecondPeak: perSecond(PER_GAME.httpRequests) * PEAK_FACTOR,
};

/** Lambda functions running at once at the peak (Little's law: rate × duration). */
export const PEAK_CONCURRENCY = SIZING.invocationsPerSecondPeak * SIZING.secondsPerInvocation;

export const PRODUCTION = {
  /** Every WebSocket route: steady rate and burst, requests a second. */
  webSocketThrottle: {
    rateLimit: roundUp(SIZING.inboundPerSecondPeak * HEADROOM, 100),
    burstLimit: 2 * roundUp(SIZING.inboundPerSecondPeak * HEADROOM, 100),
  },
  /** The HTTP API's stage (token refreshes most of all): steady rate and burst, requests a second. */
  httpThrottle: {
    rateLimit: roundUp(SIZING.httpPerSecondPeak * HEADROOM, 100),
    burstLimit: 2 * roundUp(SIZING.httpPerSecondPeak * HEADROOM, 100),
  },
  /**
   * The unauthenticated writes — a registration, an email sign-in link asked for — each route
   * on its own, below the stage: a flood of them stays cheap and leaves the refreshes alone.
   * 140,000 players signing up within an hour (the simulator's 100,000-game run) ask ≈ 40 a second.
   */
  openRouteThrottle: { rateLimit: 100, burstLimit: 200 },
  /**
   * Concurrency kept for the message function (every player's request): a stream catch-up or a
   * sweep backlog cannot take the account's pool from it. ≈ 5× the whole peak (PEAK_CONCURRENCY);
   * the account keeps the rest. Deploy setting `messageConcurrency` (0: none reserved).
   */
  messageReservedConcurrency: 100,
  /**
   * Batches of one stream shard processed at once. A batch of 25 commits with its notifications
   * takes ≈ 0.3 s: one at a time a shard carries ≈ 80 commits a second, below the peak.
   */
  streamParallelization: Math.min(10, Math.ceil((SIZING.commitsPerSecondPeak * HEADROOM) / 80)),
  /**
   * The Bots function's memory: a whole vCPU ("Lambda quotas": one at 1,769 MB), so a Strong
   * bot's search (0.1–0.3 s on a full core) is not 3.5× longer, as it was at 512 MB.
   */
  botsMemoryMB: 1769,
  /**
   * The Bots function's batches: at most 10 moves (≈ 3 s of Strong searches), the most lanes a
   * shard may have, so a move waits behind few others of its shard.
   */
  botsBatchSize: 10,
  botsParallelization: 10,
};
