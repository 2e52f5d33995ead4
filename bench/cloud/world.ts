/**
 * A simulated world: the real application (the composition root's handlers, host services,
 * domain, bots and notifier, with its own DynamoDB stores) on the cloud models — the table
 * (dynamo/), the WebSocket and HTTP APIs (apigw/) — on one virtual clock, played by a population
 * (population.ts) over days. Players register as devices, turn on Web Push, start games by quick
 * play or with bots, and answer "your turn" pushes after a think time or at their next session,
 * refreshing their 15-minute tokens as the web client does. The stream is read and handed to the
 * notifier and the Bots function (automatic moves and ratings) in batches, by the two readers a
 * stream's shard allows; the sweep runs at its schedule; the batches a
 * reader gives up on go to its on-failure destination, and the operator's `npm run redrive`
 * plays a bucket's back when told to (`redriveAtHours`).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Rng } from '../../domain/engine/rng';
import { createApp, type App, type Part } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import type { Ids } from '../../functions/app/deps';
import type { Mail } from '../../functions/adapters/channels/email';
import type { Notification } from '../../functions/core/notification';
import { connect } from '../../functions/handlers/connect';
import { disconnect } from '../../functions/handlers/disconnect';
import { http } from '../../functions/handlers/http';
import { message } from '../../functions/handlers/message';
import { bots } from '../../functions/handlers/bots';
import { rater } from '../../functions/app/rater';
import { stream } from '../../functions/handlers/stream';
import { sweep } from '../../functions/handlers/sweep';
import { PRODUCTION } from '../../infra/production';
import { tieredUsd } from '../../cost/model';
import { keys } from '../../functions/adapters/store/keys';
import { METRICS } from '../../functions/observe/metric-names';
import { ratedTable } from '../../functions/core/ratings';
import type { CommitItem } from '../../functions/adapters/store/items';
import { createObserver, type Observer } from '../../functions/observe/observer';
import { PRICES } from '../../cost/prices';
import { ApiGatewayAccount } from './apigw/account';
import { HttpApiModel } from './apigw/http-api';
import { stackApis } from './apigw/template';
import type { SimConnection } from './apigw/sim-connection';
import { WebSocketApiModel } from './apigw/websocket-api';
import { SimClock } from './clock';
import { ModelDocumentClient } from './dynamo/client';
import { type ItemChange, TableModel } from './dynamo/table';
import { LambdaAccount } from './lambda/account';
import { LambdaFunctionModel } from './lambda/function-model';
import { currentInvocation, lambdaIo, outsideInvocation } from './lambda/invocation';
import { OnFailureBucket, type OnFailureDestination, OnFailureQueue } from './lambda/on-failure';
import { redriveReaders, type ReaderName, type RedriveSummary } from '../../functions/api/redrive';
import { functionOptions, streamMappingOptions, type FunctionName, type FunctionSettings } from './lambda/settings';
import { StreamEventSourceMapping } from './lambda/stream-mapping';
import { MemoryStream } from './lambda/stream-source';
import { answerAt, chooseGame, makePopulation, nextSession, type PlayerProfile } from './population';
import { ratingWasDue, tableReport } from './report';

const TABLE = 'caravela';
const MINUTE = 60_000;
/** Games a player keeps going at once. */
const GAMES_EACH = 2;

export interface WorldOptions {
  seed: number;
  players: number;
  /** Virtual days to play. */
  days: number;
  /** Players arrive spread over this many first hours (default 24: a day of sign-ups). */
  arrivalHours?: number;
  start?: number;
  /** The deployed functions' settings (lambda/template.ts reads them from the synthesized stack). */
  functions: Record<FunctionName, FunctionSettings>;
  /**
   * How much of the handlers' measured CPU time the virtual clock charges (1: all of it, scaled
   * to the functions' memory). 0 makes a run depend on its seed alone, not on this machine's speed.
   */
  cpuScale?: number;
  /**
   * When the operator runs `npm run redrive` (hours into the run): the batches the readers gave
   * up on, kept in their buckets, played back through the same code as scripts/redrive.ts.
   */
  redriveAtHours?: number[];
  /** Told every simulated quarter hour how far the run is (the simulated time, the wall time spent, moves so far). */
  progress?: (line: string) => void;
  /** Stop before `days` are over once this says so (asked every simulated minute): a scenario's own end (tournament.ts). */
  stopWhen?: () => boolean;
  /** Faults, as AWS has them: instances killed at I/O points, `$disconnect`s lost, stream batches delivered twice. */
  faults?: {
    killRate?: number;
    disconnectLoss?: number;
    duplicateRate?: number;
    /** The notifier down (every invocation fails) for `minutes` from `fromHour` hours into the run. */
    notifyOutage?: { fromHour: number; minutes: number };
    /**
     * The ratings down (every rating the Bots function's ratings part tries fails; its automatic
     * moves go on) for `minutes` from `fromHour` hours into the run.
     */
    ratingsOutage?: { fromHour: number; minutes: number };
    /**
     * A poison record, `atHour` hours into the run: a finished game's commit whose events no
     * version of the rules can read (an item a bug wrote), as the stream hands it to both readers.
     */
    poisonAtHour?: number;
    /** Every table request throttled for `minutes` from `fromHour` hours into the run (the SDK's retries then give up). */
    throttleBurst?: { fromHour: number; minutes: number };
  };
}

/** A finished game found unrated past its sweep's look (report.games.unratedGames: why it was lost). */
interface UnratedGame {
  gameId: string;
  endedAt: string;
  /** The sweep's asks to rate it (RATEASK items, kept a day). */
  asks: string[];
  /** Its clock item's due key: when the sweep looks again (null: never). */
  dueKey: string | null;
  /** The ratings part's tries: when, and rated, already or failed. */
  tries: string[];
}

interface Session {
  playerId: string;
  /** The socket token (opens a WebSocket), and when it expires (virtual ms). */
  socketToken: string;
  socketExpiresAt: number;
  refreshToken: string;
}

type Frame = Record<string, unknown> & { type: string };

/** A connection subscribed to a game: the highest version its frames brought, and who waits for one. */
interface Watcher {
  conn: SimConnection;
  gameId: string;
  seen: number;
  state: Frame | null;
  waits: { version: number; done: (at: number | null) => void }[];
  stop: () => void;
}

/** Whether a finishing commit rates someone (a poison record, which no reader can read, does not). */
function rates(item: Record<string, unknown>): boolean {
  try {
    return ratedTable(item as unknown as CommitItem) !== null;
  } catch {
    return false;
  }
}

/** How long a player stays on a game's screen after their moves (median; drawn e^±1 around it). */
const LINGER_MEDIAN_MS = 2 * 60_000;

/** Seeded ids, so a run repeats. */
function seededIds(rng: Rng): Ids {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(16).toString(16)).join('');
  return {
    gameId: () => hex(16),
    playerId: () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    seed: () => rng.int(2 ** 31),
  };
}

export class World {
  readonly clock: SimClock;
  readonly stream: MemoryStream;
  readonly table: TableModel;
  readonly client: ModelDocumentClient;
  readonly account: ApiGatewayAccount;
  readonly ws: WebSocketApiModel;
  readonly httpApi: HttpApiModel;
  readonly lambda: LambdaAccount;
  readonly functions: Record<
    'http' | 'connect' | 'disconnect' | 'message' | 'notify' | 'bots' | 'sweep',
    LambdaFunctionModel<never, unknown>
  >;
  /** Each reader's on-failure destination, as its mapping in the template names it (a bucket, or a queue). */
  readonly failedBatches: Record<ReaderName, OnFailureDestination>;
  /** Each `npm run redrive`: when (hours into the run) and what it reported per reader. */
  readonly redrives: ({ atHour: number } & Record<ReaderName, RedriveSummary>)[] = [];
  /** Pushes sent by the redrives (outside any Lambda invocation). */
  redrivenPushes = 0;
  private readonly mappings: StreamEventSourceMapping[];
  private readonly rng: Rng;
  private readonly ids: Ids;
  private readonly pushes = new Map<string, (n: Notification) => void>();
  /** Whether the ratings are down now (faults.ratingsOutage). */
  private readonly ratingsDown: () => boolean;
  /** When the sweep ran for the last time: set when the run stops. */
  private sweptUntil = Number.POSITIVE_INFINITY;
  /** Each game's tries at rating it, when and how they ended (a lost rating's story in the report). */
  private readonly ratingTries = new Map<string, string[]>();
  private stopped = false;
  readonly counts = {
    registered: 0,
    sessions: 0,
    moves: 0,
    gamesStarted: 0,
    pushes: 0,
    refused: 0,
    errors: 0,
    refreshes: 0,
    lobbyVisits: 0,
    lobbyJoins: 0,
    /** `openGameChanged` frames the players' lobby watches brought. */
    lobbyFrames: 0,
    quickPlayJoins: 0,
    retriedAfter429: 0,
    emails: 0,
    emailsConfirmed: 0,
    digests: 0,
    chats: 0,
    resignations: 0,
  };
  /** Virtual ms from a turn's push to the move that answered it. */
  readonly turnLatencies: number[] = [];
  /** Virtual ms from the commit that made it a player's turn to their push. */
  readonly pushLatencies: number[] = [];
  /** The same, of the commits made while the notifier was up (outside `faults.notifyOutage`). */
  readonly pushLatenciesOutsideOutages: number[] = [];
  /** Whether the notifier was down at a virtual time (faults.notifyOutage). */
  private notifierDownAt: (at?: number) => boolean = () => false;
  /** Virtual ms from a move's request to the last seat watching the game having its state frame. */
  readonly moveLatencies: number[] = [];
  /**
   * Virtual ms from a commit that leaves an automatic seat to act (a bot, or an absent seat's
   * safe bot) to the game's next commit (that move), by the function that stored it.
   */
  readonly botReplies = new Map<string, number[]>();
  /** Seats watching a game that never got a move's frame while they stayed (must be 0). */
  movesMissed = 0;
  /** Virtual ms from a digest falling due to its mail. */
  readonly digestLags: number[] = [];
  /** What the sweep reported as its lag (the app's SweepLagSeconds), each run. */
  readonly sweepLags: number[] = [];
  /** Pushes delivered a second time for one turn (player, game, version, kind): must be 0. */
  duplicatePushes = 0;
  private readonly pushed = new Set<string>();
  /** A game's rating applied to one player twice (a second rating-log item): must be 0. */
  duplicateRatings = 0;
  private readonly ratingLogs = new Set<string>();
  /** Connections subscribed to each game now, with the highest version each has seen. */
  private readonly watchers = new Map<string, Set<Watcher>>();

  constructor(readonly options: WorldOptions) {
    this.rng = Rng.fromSeed(options.seed);
    this.ids = seededIds(this.rng);
    this.clock = new SimClock(options.start ?? Date.UTC(2026, 10, 27));
    this.stream = new MemoryStream({ clock: this.clock, shardCount: 16 });
    this.table = new TableModel(TABLE, this.clock, (change) => {
      this.noteCommit(change);
      this.stream.append(change);
    });
    this.table.chargedTo = () => currentInvocation()?.functionName;
    this.client = new ModelDocumentClient(new Map([[TABLE, this.table]]), this.clock, options.seed);
    this.account = new ApiGatewayAccount(this.clock);
    this.ws = new WebSocketApiModel(this.account, {
      throttle: PRODUCTION.webSocketThrottle,
      seed: options.seed,
      disconnectLoss: options.faults?.disconnectLoss ?? 0,
    });
    this.lambda = new LambdaAccount({ clock: this.clock, cpuScale: options.cpuScale ?? 1 });
    const { killRate, duplicateRate, notifyOutage, ratingsOutage, throttleBurst } = options.faults ?? {};
    this.ratingsDown = ratingsOutage ? this.window(ratingsOutage) : () => false;
    const fn = <E, R>(name: FunctionName, part: (app: App) => (event: E) => Promise<R>) =>
      new LambdaFunctionModel<E, R>({
        ...functionOptions(options.functions[name]),
        account: this.lambda,
        seed: options.seed,
        // Each instance builds its own app, as each container does: nothing in memory is shared between them.
        init: () => {
          const handler = this.newApp().get(part);
          return (event: E) => handler(event);
        },
      }) as unknown as LambdaFunctionModel<never, unknown>;
    this.functions = {
      http: fn('Http', http),
      connect: fn('Connect', connect),
      disconnect: fn('Disconnect', disconnect),
      message: fn('Message', message),
      notify: fn('Notify', stream),
      bots: fn('Bots', bots),
      sweep: fn('Sweep', sweep),
    };
    const call =
      <E, R>(f: LambdaFunctionModel<never, unknown>) =>
      (event: E) =>
        (f as unknown as LambdaFunctionModel<E, R>).invoke(event);
    this.ws.integrate({
      connect: call(this.functions.connect),
      disconnect: call(this.functions.disconnect),
      message: call(this.functions.message),
    });
    // The HTTP API as the stack declares it: its routes, the stage's throttle and the routes' own.
    const httpStage = stackApis().http;
    this.httpApi = new HttpApiModel(this.account, {
      throttle: httpStage.throttle,
      routeThrottles: httpStage.routeThrottles,
      routes: httpStage.routes,
      stage: httpStage.stageName,
      handler: call(this.functions.http),
    });
    const destination = (name: FunctionName): OnFailureDestination => {
      const mapping = options.functions[name].streamMappings[0]!;
      return mapping.onFailure?.kind === 's3' ? new OnFailureBucket(mapping.logicalId) : new OnFailureQueue();
    };
    this.failedBatches = { notify: destination('Notify'), bots: destination('Bots') };
    // One per mapping on the table's stream (the stream refuses a third reader, as a shard would throttle one).
    this.mappings = (
      [
        ['Notify', this.functions.notify, this.failedBatches.notify],
        ['Bots', this.functions.bots, this.failedBatches.bots],
      ] as const
    ).map(
      ([name, target, onFailure]) =>
        new StreamEventSourceMapping({
          ...streamMappingOptions(options.functions[name].streamMappings[0]!),
          source: this.stream,
          target: target as never,
          onFailure,
          seed: options.seed,
        }),
    );
    if (throttleBurst) {
      const from = this.clock.now() + throttleBurst.fromHour * 60 * MINUTE;
      this.table.throttleWindow = { from, to: from + throttleBurst.minutes * MINUTE };
    }
    if (killRate) for (const f of Object.values(this.functions)) f.kill(killRate);
    if (notifyOutage) {
      this.notifierDownAt = this.window(notifyOutage);
      this.functions.notify.kill(() => this.notifierDownAt(this.clock.now()));
    }
    if (duplicateRate) for (const m of this.mappings) m.duplicate(duplicateRate);
  }

  /** Whether a virtual time (now, when not given) is within `fromHour` hours into the run and `minutes` after. */
  private window(outage: { fromHour: number; minutes: number }): (at?: number) => boolean {
    const from = this.clock.now() + outage.fromHour * 60 * MINUTE;
    const to = from + outage.minutes * MINUTE;
    return (at = this.clock.now()) => at >= from && at < to;
  }

  /**
   * The ratings as an app rates with them, failing while they are down (faults.ratingsOutage):
   * the ratings part of the Bots function throws on each record it is for, the function itself
   * runs (its automatic moves go on), and its mapping retries the record, as it would a rating
   * library's failure or the rating transactions' throttling.
   */
  private readonly raterWithOutage: Part<ReturnType<typeof rater>> = (app) => {
    const ratings = rater(app);
    const onCommit = ratings.onCommit.bind(ratings);
    ratings.onCommit = async (head, at) => {
      const tries = this.ratingTries.get(head.gameId) ?? [];
      this.ratingTries.set(head.gameId, tries);
      const now = new Date(this.clock.now()).toISOString();
      try {
        if (this.ratingsDown()) throw new Error('the ratings are down (faults.ratingsOutage)');
        const outcome = await onCommit(head, at);
        tries.push(`${now} ${outcome}`);
        return outcome;
      } catch (error) {
        tries.push(`${now} failed: ${(error as Error).message}`);
        throw error;
      }
    };
    return ratings;
  };

  /** One container's app: the real composition root on the cloud models. */
  private newApp(): App {
    const raw = this.ws.sender();
    return createApp({
      config: configFromEnv({ TABLE_NAME: TABLE, CARAVELA_SECRET: 'the simulated stack: a secret for nothing real', LOG_LEVEL: 'SILENT' }),
      now: () => new Date(this.clock.now()),
      sleep: (ms: number) => this.clock.sleep(ms),
      ids: this.ids,
      replacing: new Map([[rater, this.raterWithOutage]]) as ReadonlyMap<Part<unknown>, Part<unknown>>,
      dynamo: this.client as unknown as DynamoDBDocumentClient,
      // @connections calls are the invocation's requests, as the DynamoDB ones are.
      sender: {
        send: (id, frame) => lambdaIo(() => raw.send(id, frame)),
        close: (id) => lambdaIo(() => raw.close!(id)),
        isOpen: (id) => lambdaIo(() => raw.isOpen!(id)),
      },
      // SES as far as the app can tell: every mail accepted.
      mailer: { send: (to, mail) => lambdaIo(async () => this.mailed(to, mail)) },
      observer: this.observer(),
      channels: {
        webPush: (_subscription, n) =>
          lambdaIo(async () => {
            this.counts.pushes++;
            if (!currentInvocation()) this.redrivenPushes++;
            const turn = `${n.playerId}|${n.gameId}|${n.version}|${n.kind}`;
            if (this.pushed.has(turn)) this.duplicatePushes++;
            else this.pushed.add(turn);
            const commit = this.table.get(keys.game(n.gameId), keys.commit(n.version));
            if (n.kind === 'yourTurn' && typeof commit?.at === 'string') {
              const at = Date.parse(commit.at);
              this.pushLatencies.push(this.clock.now() - at);
              if (!this.notifierDownAt(at)) this.pushLatenciesOutsideOutages.push(this.clock.now() - at);
            }
            outsideInvocation(() => this.pushes.get(n.playerId)?.(n));
            return 'sent' as const;
          }),
      },
    });
  }

  /**
   * A mail reaches its player: a confirmation link is opened a few minutes later; a digest's
   * lag is the time since it fell due (the digest item's due time, as the sweep read it).
   */
  private mailed(_to: string, mail: Mail): 'sent' {
    this.counts.emails++;
    if (mail.label[0] === 'digest' && mail.playerId) {
      this.counts.digests++;
      const state = this.table.get(keys.player(mail.playerId), keys.digest);
      const due = state?.dueShard && state.dueKey ? this.table.get(String(state.dueShard), String(state.dueKey))?.due : undefined;
      if (typeof due === 'string') this.digestLags.push(this.clock.now() - Date.parse(due));
    }
    const token = /#\/confirm-email\/(\S+)/.exec(mail.text)?.[1];
    if (mail.label[0] === 'confirm-email' && token)
      outsideInvocation(() => {
        void this.clock.sleep(5 * MINUTE).then(async () => {
          const answer = await this.http('POST', '/api/email/confirm', JSON.stringify({ token: decodeURIComponent(token) }), {
            'content-type': 'application/json',
          });
          if (answer.statusCode === 200) this.counts.emailsConfirmed++;
        });
      });
    return 'sent';
  }

  /** The app's own observer, silent, with its sweep-lag gauge kept for the report. */
  private observer(): Observer {
    const inner = createObserver({ level: 'SILENT', onLambda: false });
    return {
      ...inner,
      gauge: (name, value, unit) => {
        if (name === METRICS.sweepLagSeconds) this.sweepLags.push(value);
        inner.gauge(name, value, unit);
      },
    };
  }

  /** Play for the configured days; the report of what the cloud models saw. */
  async run() {
    const end = this.clock.now() + this.options.days * 24 * 60 * MINUTE;
    const population = makePopulation(this.options.players, this.options.seed);
    for (const m of this.mappings) m.start();
    void this.sweepLoop();
    const poison = this.options.faults?.poisonAtHour;
    if (poison !== undefined) void this.clock.sleep(poison * 60 * MINUTE).then(() => this.writePoison());
    for (const hour of this.options.redriveAtHours ?? [])
      void this.clock
        .sleep(hour * 60 * MINUTE)
        .then(() => this.redrive(hour))
        .catch(() => this.counts.errors++);
    for (const p of population) void this.live(p, end).catch(() => this.counts.errors++);
    if (this.options.progress) void this.reportProgress(end, this.options.progress);
    await this.playUntil(end);
    // The players and the sweep stop here (its run then is its last); the stream's readers read
    // on for a minute, as on a stack that stays up, so what the last seconds wrote (a move's
    // commit, the last sweep's asks) reaches them.
    const stop = this.clock.now();
    this.stopped = true;
    this.sweptUntil = stop;
    await this.clock.run(stop + MINUTE);
    // A batch in flight finishes on the virtual clock: keep it moving until every reader has stopped.
    let stopped = false;
    const stopping = Promise.all(this.mappings.map((m) => m.stop())).then(() => (stopped = true));
    await this.clock.run(stop + 10 * MINUTE);
    while (!stopped) await this.clock.run(this.clock.now() + MINUTE);
    await stopping;
    return this.report();
  }

  /** The clock on to `end`, or to the first simulated minute at which `options.stopWhen` says the run is done. */
  private async playUntil(end: number): Promise<void> {
    const done = this.options.stopWhen;
    if (!done) return this.clock.run(end);
    while (this.clock.now() < end && !done()) await this.clock.run(Math.min(end, this.clock.now() + MINUTE));
  }

  /**
   * The operator's `npm run redrive`: its own process (outside Lambda, an app of its own) running
   * the same code as scripts/redrive.ts on the modelled buckets and the readers' handlers.
   */
  async redrive(atHour: number): Promise<Record<ReaderName, RedriveSummary>> {
    const app = this.newApp();
    const bucket = (name: ReaderName) => {
      const destination = this.failedBatches[name];
      if (!(destination instanceof OnFailureBucket)) throw new Error(`the ${name} mapping keeps no records (its destination is a queue)`);
      return destination.objects;
    };
    const summary = await outsideInvocation(() =>
      redriveReaders({
        notify: { store: bucket('notify'), handler: app.get(stream) },
        bots: { store: bucket('bots'), handler: app.get(bots) },
      }),
    );
    this.redrives.push({ atHour, ...summary });
    return summary;
  }

  /** A line every simulated quarter hour: where a run's wall time goes (sign-ups, play, the end). */
  private async reportProgress(end: number, progress: (line: string) => void): Promise<void> {
    const started = performance.now();
    const from = this.clock.now();
    while (this.clock.now() < end) {
      await this.clock.sleep(Math.min(15 * MINUTE, end - this.clock.now()));
      const minutes = Math.round((this.clock.now() - from) / MINUTE);
      const wall = Math.round((performance.now() - started) / 1000);
      progress(
        `  ${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} simulated, ${wall} s: ${this.counts.registered} signed up, ${this.counts.moves} moves`,
      );
    }
  }

  report() {
    return {
      virtualDays: this.options.days,
      players: this.options.players,
      ...this.counts,
      games: this.gamesNow(),
      turnLatencyMinutes: percentiles(this.turnLatencies.map((ms) => ms / MINUTE)),
      commitToPushSeconds: percentiles(this.pushLatencies.map((ms) => ms / 1000)),
      commitToPushOutsideOutagesSeconds: percentiles(this.pushLatenciesOutsideOutages.map((ms) => ms / 1000)),
      moveLatencyMs: { ...percentiles(this.moveLatencies), missed: this.movesMissed },
      botReplyMs: {
        ...percentiles([...this.botReplies.values()].flat()),
        byFunction: Object.fromEntries([...this.botReplies].map(([name, ms]) => [name, percentiles(ms)])),
      },
      sweepLagSeconds: { ...percentiles(this.sweepLags), max: this.sweepLags.length ? Math.max(...this.sweepLags) : null },
      digestLagMinutes: percentiles(this.digestLags.map((ms) => ms / MINUTE)),
      duplicates: { pushes: this.duplicatePushes, ratings: this.duplicateRatings },
      cost: this.cost(),
      table: tableReport(this.table, this.duplicateCommitInserts),
      dynamoRetries: this.client.stats,
      apiGateway: this.account.report(),
      lambda: {
        peakConcurrency: this.lambda.peakConcurrency,
        functions: Object.fromEntries(Object.entries(this.functions).map(([name, f]) => [name, f.metrics])),
      },
      streams: {
        notify: this.mappings[0]!.metrics,
        bots: this.mappings[1]!.metrics,
        failedBatches: {
          notify: this.failedBatches.notify.sent,
          bots: this.failedBatches.bots.sent,
        },
        /** Objects still in each bucket (none for a queue). */
        inBuckets: {
          notify: this.failedBatches.notify instanceof OnFailureBucket ? this.failedBatches.notify.objects.size : 0,
          bots: this.failedBatches.bots instanceof OnFailureBucket ? this.failedBatches.bots.objects.size : 0,
        },
      },
      redrives: this.redrives,
      redrivenPushes: this.redrivenPushes,
      /** Records the stream trimmed before any reader took them (more than 24 h behind): lost. */
      lostStreamRecords: this.mappings.reduce((n, m) => n + m.metrics.trimmedRecords, 0),
      digestsOverdue: this.digestsOverdue(),
    };
  }

  /** The sweep's last run so far (now, while the run goes on): what was due before it was looked at (lost ratings, late digests). */
  private lastSweep(): number {
    return Math.min(this.sweptUntil, this.clock.now());
  }

  /** Digests still waiting an hour after they fell due (the sweep sends a due one within minutes). */
  private digestsOverdue(): number {
    const late = new Date(this.lastSweep() - 60 * MINUTE).toISOString();
    let overdue = 0;
    for (const pk of this.table.partitionKeys()) {
      if (!pk.startsWith('DIGEST#')) continue;
      for (const sk of this.table.sortKeys(pk)) if (String(this.table.get(pk, sk)?.due) < late) overdue++;
    }
    return overdue;
  }

  /**
   * Games by their head's status now (from the table: each game's latest commit), how many were
   * rated, and how many finished games that rate someone were not: `unrated` when the sweep's
   * look at them came before its last run (report.ts ratingWasDue: lost ratings, must be 0),
   * `unratedNotYetDue` when it did not (a game that ended in the run's last hour, its rating
   * failed or not yet read from the stream).
   */
  private gamesNow() {
    const by = { inPlay: 0, open: 0, finished: 0, rated: 0, unrated: 0, unratedNotYetDue: 0, unratedGames: [] as UnratedGame[] };
    const swept = this.lastSweep();
    for (const pk of this.table.partitionKeys()) {
      if (!pk.startsWith('GAME#')) continue;
      const last = this.table
        .sortKeys(pk)
        .filter((sk) => sk.startsWith('V#'))
        .at(-1);
      const status = last && this.table.get(pk, last)?.status;
      if (status === 'finished') by.finished++;
      else if (status === 'open') by.open++;
      else if (status) by.inPlay++;
      if (this.table.get(pk, keys.rated)) by.rated++;
      else if (status === 'finished' && rates(this.table.get(pk, last!)!)) {
        const endedAt = String(this.table.get(pk, last!)!.at);
        if (ratingWasDue(Date.parse(endedAt), swept)) {
          by.unrated++;
          if (by.unratedGames.length < 10) by.unratedGames.push(this.unratedGame(pk, endedAt));
        } else by.unratedNotYetDue++;
      }
    }
    return by;
  }

  /** What the table holds of a finished game left unrated: when it ended, when the sweep asked, when it is due next. */
  private unratedGame(pk: string, endedAt: string): UnratedGame {
    const gameId = pk.slice(keys.game('').length);
    const asks = this.table.sortKeys(pk).filter((sk) => sk.startsWith(keys.rateAsk('')));
    const clock = this.table.get(pk, keys.gameClock);
    return {
      gameId,
      endedAt,
      asks: asks.map((sk) => sk.slice(keys.rateAsk('').length)),
      dueKey: clock?.dueKey === undefined ? null : String(clock.dueKey),
      tries: this.ratingTries.get(gameId) ?? [],
    };
  }

  /** What the metered usage costs at list prices (cost/prices.ts), by line and per game started. */
  private cost() {
    const fns = Object.values(this.functions).map((f) => f.metrics);
    const lines = {
      dynamoWrites: tieredUsd(this.table.usage.writeUnits, PRICES.dynamoWriteRequestUnits),
      dynamoReads: tieredUsd(this.table.usage.readUnits, PRICES.dynamoReadRequestUnits),
      lambdaDuration: tieredUsd(
        fns.reduce((n, m) => n + m.gbSeconds, 0),
        PRICES.lambdaArmGbSecond,
      ),
      lambdaRequests: tieredUsd(
        fns.reduce((n, m) => n + m.invocations, 0),
        PRICES.lambdaRequests,
      ),
      ...this.account.report().cost,
    };
    const { total: _apiTotal, ...byLine } = lines as typeof lines & { total?: number };
    const total = Object.values(byLine).reduce((n, usd) => n + usd, 0);
    const round = (usd: number) => Math.round(usd * 1e6) / 1e6;
    const moves = this.counts.moves || Number.NaN;
    const api = this.account.report();
    return {
      byLineUsd: Object.fromEntries(Object.entries(byLine).map(([k, v]) => [k, round(v)])),
      totalUsd: round(total),
      perGameStartedUsd: this.counts.gamesStarted ? round(total / this.counts.gamesStarted) : null,
      // Per person's move, to set beside `npm run cost`'s per-command figures (a game there is 182 commands).
      perMove: {
        usd: Math.round((total / moves) * 1e8) / 1e8,
        writeUnits: Math.round((this.table.usage.writeUnits / moves) * 10) / 10,
        readUnits: Math.round((this.table.usage.readUnits / moves) * 10) / 10,
        invocations: Math.round((fns.reduce((n, m) => n + m.invocations, 0) / moves) * 10) / 10,
        webSocketMessages: Math.round(((api.websocket.messagesIn + api.websocket.messagesOut) / moves) * 10) / 10,
        httpRequests: Math.round((api.http.requests / moves) * 10) / 10,
      },
    };
  }

  // --- the cloud around the app -------------------------------------------------------------

  /** Each game's highest commit version inserted: versions are stored one after another, so an insert at or below it is a version stored twice. */
  private readonly commitsSeen = new Map<string, number>();
  /** Each game's last commit that left an automatic seat to act: its version and when it was stored. */
  private readonly automaticLeft = new Map<string, { version: number; at: number }>();
  private duplicateCommitInserts = 0;

  private noteCommit(change: ItemChange): void {
    const sk = String(change.keys.sk);
    if (change.eventName === 'INSERT' && sk.startsWith('RATINGLOG#')) {
      // RATINGLOG#game#at#gameId: one per player and rated game.
      const once = `${change.partitionKey}|${sk.slice(sk.lastIndexOf('#') + 1)}`;
      if (this.ratingLogs.has(once)) this.duplicateRatings++;
      else this.ratingLogs.add(once);
    }
    if (change.eventName !== 'INSERT' || !sk.startsWith('V#')) return;
    const version = Number(sk.slice(2));
    if (version <= (this.commitsSeen.get(change.partitionKey) ?? 0)) this.duplicateCommitInserts++;
    else this.commitsSeen.set(change.partitionKey, version);
    this.noteBotReply(change.partitionKey, version, change.newImage);
  }

  /** The time from a commit that leaves an automatic seat to act to the next commit, by the function that stored it. */
  private noteBotReply(pk: string, version: number, image: Record<string, unknown> | undefined): void {
    const left = this.automaticLeft.get(pk);
    if (left?.version === version - 1) {
      const by = currentInvocation()?.functionName ?? 'none';
      let list = this.botReplies.get(by);
      if (!list) this.botReplies.set(by, (list = []));
      list.push(this.clock.now() - left.at);
    }
    const seats = (image?.seats ?? []) as ({ bot?: unknown } | null)[];
    const absent = (image?.absent ?? []) as boolean[];
    const active = (image?.activeSeats ?? []) as number[];
    const automatic = image?.status === 'active' && active.some((s) => Boolean(seats[s]?.bot) || absent[s] === true);
    if (automatic) this.automaticLeft.set(pk, { version, at: this.clock.now() });
    else this.automaticLeft.delete(pk);
  }

  /** An item no reader can read, written straight into the table (as a bug in some writer would). */
  private writePoison(): void {
    const gameId = 'poisoned0000000';
    this.table.write(keys.game(gameId), keys.commit(1), {
      pk: keys.game(gameId),
      sk: keys.commit(1),
      kind: 'commit',
      gameId,
      version: 1,
      game: 'vasco-da-gama',
      status: 'finished',
      events: '{not json',
      seats: 'not a list',
      at: new Date(this.clock.now()).toISOString(),
    });
  }

  /** EventBridge invokes the sweep asynchronously at its rate, once per target (a part of the shards each), as the stack schedules it. */
  private async sweepLoop(): Promise<void> {
    const { everyMs, events } = stackApis().sweep;
    while (!this.stopped) {
      await this.clock.sleep(everyMs);
      for (const event of events) void this.functions.sweep.invokeAsync(event as never).catch(() => this.counts.errors++);
    }
  }

  // --- a player -----------------------------------------------------------------------------

  private async live(p: PlayerProfile, end: number): Promise<void> {
    const rng = Rng.fromSeed(this.options.seed * 7919 + p.index);
    // Arrive during the first day (or the arrival window).
    await this.clock.sleep(rng.int((this.options.arrivalHours ?? 24) * 60 * 60) * 1000);
    const session = await this.register(p);
    if (!session) return;
    let pushed: { gameId: string; at: number } | null = null;
    let woken: () => void = () => undefined;
    this.pushes.set(session.playerId, (n) => {
      if (n.kind !== 'yourTurn' || pushed) return;
      pushed = { gameId: n.gameId, at: this.clock.now() };
      const at = answerAt(p, this.clock.now(), rng);
      void this.clock.sleep(at - this.clock.now()).then(() => woken());
    });
    // Signing up is a visit: the first session starts at once.
    let next = this.clock.now();
    let first = true;
    while (this.clock.now() < end) {
      await Promise.race([this.clock.sleep(next - this.clock.now()), new Promise<void>((resolve) => (woken = resolve))]);
      if (this.clock.now() >= end) return;
      const answering: { gameId: string; at: number } | null = pushed;
      pushed = null;
      await this.session(p, session, rng, answering, first).catch(() => this.counts.errors++);
      first = false;
      if (this.clock.now() >= next) next = nextSession(p, this.clock.now(), rng);
    }
  }

  private async register(p: PlayerProfile): Promise<Session | null> {
    const answer = await this.http(
      'POST',
      '/api/players',
      JSON.stringify({ name: `Player ${p.index}`, device: { label: 'Simulated browser' } }),
      { 'content-type': 'application/json' },
      `10.${p.index >> 16}.${(p.index >> 8) & 255}.${p.index & 255}`,
    );
    if (answer.statusCode !== 201) {
      this.counts.refused++;
      return null;
    }
    this.counts.registered++;
    const body = JSON.parse(answer.body) as { playerId: string; socketToken: string; socketExpiresIn: number; refreshToken: string };
    return {
      playerId: body.playerId,
      socketToken: body.socketToken,
      socketExpiresAt: this.clock.now() + body.socketExpiresIn * 1000,
      refreshToken: body.refreshToken,
    };
  }

  /** An HTTP request as the web client makes it: a 429 is tried again after a back-off. */
  private http(...args: Parameters<HttpApiModel['request']>) {
    return this.withRetries(
      () => this.httpApi.request(...args),
      (answer) => answer.statusCode === 429,
    );
  }

  /** Try again after 1, 2, 4, 8 s (with jitter) while `again` says so, as the web client does after a 429. */
  private async withRetries<T>(attempt: () => Promise<T>, again: (outcome: T) => boolean): Promise<T> {
    let outcome = await attempt();
    for (let n = 0; n < 4 && again(outcome); n++) {
      this.counts.retriedAfter429++;
      await this.clock.sleep((1000 << n) * (0.5 + this.rng.next()));
      outcome = await attempt();
    }
    return outcome;
  }

  /** The web client's refresh before connecting: only when its socket token is within a day of its end. */
  private async fresh(s: Session): Promise<boolean> {
    if (this.clock.now() < s.socketExpiresAt - 24 * 60 * MINUTE) return true;
    const answer = await this.http('POST', '/api/session/refresh', JSON.stringify({ refreshToken: s.refreshToken }), {
      'content-type': 'application/json',
    });
    if (answer.statusCode !== 200) return false;
    this.counts.refreshes++;
    const body = JSON.parse(answer.body) as { socketToken: string; socketExpiresIn: number; refreshToken: string };
    Object.assign(s, {
      socketToken: body.socketToken,
      refreshToken: body.refreshToken,
      socketExpiresAt: this.clock.now() + body.socketExpiresIn * 1000,
    });
    return true;
  }

  /** One visit: connect, take the turns that are due, keep enough games going, leave. */
  private async session(
    p: PlayerProfile,
    s: Session,
    rng: Rng,
    answering: { gameId: string; at: number } | null,
    first: boolean,
  ): Promise<void> {
    if (!(await this.fresh(s))) return;
    // Come by a push, the web client opens that game's page: its socket watches the game from the start.
    const watch: Record<string, string> = answering ? { game: answering.gameId, logDelta: 'true', lean: 'true' } : {};
    const opened = await this.withRetries(
      () => this.ws.connect({ token: s.socketToken, ...watch }),
      (o) => 'refused' in o && o.refused.statusCode === 429,
    );
    if (!('connection' in opened)) {
      this.counts.refused++;
      return;
    }
    this.counts.sessions++;
    const conn = opened.connection;
    const ask = (frame: Record<string, unknown>) => this.request(conn, frame);
    // The one game on screen (the client leaves one before opening the next).
    let watching: Watcher | null = null;
    try {
      if (first) {
        // The first visit turns on Web Push, as the web client offers.
        await ask({
          action: 'setNotifications',
          settings: {
            webPush: [
              { endpoint: `https://fcm.googleapis.com/fcm/send/sim-${p.index}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
            ],
            webhook: null,
            email: p.email ? `player${p.index}@players.example` : null,
            quietHours: null,
          },
        });
      }
      const mine = await ask({ action: 'myGames', limit: 50 });
      const games = (mine?.games ?? []) as { gameId: string; status: string; yourTurn: boolean }[];
      const due = games.filter((x) => x.yourTurn);
      for (const g of [...due.filter((x) => x.gameId === answering?.gameId), ...due.filter((x) => x.gameId !== answering?.gameId)]) {
        if (rng.next() < p.resigns) {
          if ((await ask({ action: 'resign', gameId: g.gameId }))?.type === 'done') this.counts.resignations++;
          continue;
        }
        // The web client shows one game at a time: leave the last before opening the next.
        if (watching) await this.leave(conn, watching);
        watching = await this.watch(conn, g.gameId);
        if (!watching) continue;
        const moved = await this.play(conn, watching, rng);
        if (moved && answering?.gameId === g.gameId) this.turnLatencies.push(this.clock.now() - answering.at);
        if (moved && rng.next() < p.chats && (await ask({ action: 'chat', gameId: g.gameId, text: 'Good move!' }))?.type === 'chatSent')
          this.counts.chats++;
      }
      let going = games.filter((g) => g.status !== 'finished').length;
      if (going < GAMES_EACH && rng.next() < p.browsesLobby && (await this.browseLobby(conn, rng))) going++;
      if (going < GAMES_EACH) await this.startGame(conn, rng);
      // The player stays on the last game's screen a while (seeing the replies of bots and of
      // other players online) before closing the tab.
      if (watching) await this.clock.sleep(Math.min(LINGER_MEDIAN_MS * Math.exp(rng.next() * 2 - 1), 9 * MINUTE));
    } finally {
      if (watching) this.unwatch(watching);
      conn.close();
    }
  }

  /**
   * A look at the public lobby, watched while on screen as the web client does; a seat taken in a
   * game there, now and then. The web client stops the watch at the first change it hears once
   * the lobby is off screen (web/src/screens/open-games.ts): here, once this look is over.
   */
  private async browseLobby(conn: SimConnection, rng: Rng): Promise<boolean> {
    let onScreen = true;
    const stop = conn.onFrame((d) => {
      if (!d.data.includes('"openGameChanged"')) return;
      this.counts.lobbyFrames++;
      if (onScreen) return;
      stop();
      void this.request(conn, { action: 'openGames', limit: 1, watch: false });
    });
    try {
      const page = await this.request(conn, { action: 'openGames', limit: 20, watch: true });
      this.counts.lobbyVisits++;
      const open = (page?.games ?? []) as { gameId: string }[];
      if (!open.length || rng.next() < 0.5) return false;
      const joined = await this.request(conn, { action: 'joinGame', gameId: open[rng.int(open.length)]!.gameId, listed: true });
      if (joined?.type !== 'joined') return false;
      this.counts.lobbyJoins++;
      return true;
    } finally {
      onScreen = false;
    }
  }

  private async startGame(conn: SimConnection, rng: Rng): Promise<void> {
    const g = chooseGame(rng);
    const clock = { type: 'perMove', hours: g.clockHours };
    const answer = g.bots.length
      ? await this.request(conn, { action: 'createGame', game: g.game, players: g.players, bots: g.bots, bot: g.bot, clock })
      : await this.request(conn, { action: 'quickPlay', game: g.game, players: g.players, clock });
    if (answer?.type === 'gameCreated') this.counts.gamesStarted++;
    else if (answer?.type === 'joined') this.counts.quickPlayJoins++;
  }

  /** Subscribe to a game, and keep track of the versions its state frames bring. */
  private async watch(conn: SimConnection, gameId: string): Promise<Watcher | null> {
    const w: Watcher = { conn, gameId, seen: 0, waits: [], state: null, stop: () => undefined };
    w.stop = conn.onFrame((d) => {
      if (!d.data.includes(gameId) || !d.data.includes('"type":"state"')) return;
      const f = JSON.parse(d.data) as Frame & { gameId: string; version: number };
      if (f.gameId !== gameId || f.version <= w.seen) return;
      w.seen = f.version;
      w.state = f;
      for (const wait of w.waits.filter((x) => x.version <= f.version)) wait.done(d.at);
      w.waits = w.waits.filter((x) => x.version > f.version);
    });
    const state = await this.request(conn, { action: 'subscribe', gameId, logDelta: true, logLines: 0, lean: true });
    if (state?.type !== 'state') {
      w.stop();
      return null;
    }
    let set = this.watchers.get(gameId);
    if (!set) this.watchers.set(gameId, (set = new Set()));
    set.add(w);
    return w;
  }

  private async leave(conn: SimConnection, w: Watcher): Promise<void> {
    this.unwatch(w);
    await this.request(conn, { action: 'unsubscribe', gameId: w.gameId });
  }

  private unwatch(w: Watcher): void {
    w.stop();
    for (const wait of w.waits) wait.done(null);
    w.waits = [];
    const set = this.watchers.get(w.gameId);
    set?.delete(w);
    if (set && !set.size) this.watchers.delete(w.gameId);
  }

  /** When `w` has version `version` (virtual ms), or null if it stopped watching first. */
  private seen(w: Watcher, version: number): Promise<number | null> {
    if (w.seen >= version) return Promise.resolve(this.clock.now());
    return new Promise((done) => w.waits.push({ version, done }));
  }

  /**
   * Send one legal command if it is this seat's turn, and time it: from the request to the last
   * seat watching the game having the new version's frame.
   */
  private async play(conn: SimConnection, w: Watcher, rng: Rng): Promise<boolean> {
    const state = w.state;
    const legal = (state?.legal ?? []) as Record<string, unknown>[];
    if (!legal.length) return false;
    const command = legal[rng.int(legal.length)];
    const sentAt = this.clock.now();
    const ack = await this.request(conn, {
      action: 'command',
      gameId: w.gameId,
      commandId: `c${this.counts.moves}-${rng.int(1e9)}`,
      command,
    });
    if (ack?.type !== 'ack') return false;
    this.counts.moves++;
    const version = ack.version as number;
    const online = [...(this.watchers.get(w.gameId) ?? [])];
    void Promise.all(online.map((o) => this.seen(o, version))).then((arrivals) => {
      const at = arrivals.filter((t): t is number => t !== null);
      if (at.length) this.moveLatencies.push(Math.max(...at) - sentAt);
    });
    return true;
  }

  /** Send a frame and wait for the answer carrying its requestId (or nothing, if the connection closed or the answer never came). */
  private async request(conn: SimConnection, frame: Record<string, unknown>): Promise<Frame | undefined> {
    const requestId = `r${this.rng.int(1e12)}`;
    // The answer comes through @connections a round trip later; a client gives up after 30 s.
    let answered: (f: Frame | undefined) => void = () => undefined;
    const answer = new Promise<Frame | undefined>((resolve) => (answered = resolve));
    const stop = conn.onFrame((d) => {
      if (!d.data.includes(requestId)) return;
      const f = JSON.parse(d.data) as Frame;
      if (f.requestId === requestId) answered(f);
    });
    const outcome = await conn.send(JSON.stringify({ ...frame, requestId }));
    if (outcome !== 'handled') {
      stop();
      return undefined;
    }
    void this.clock.sleep(30_000).then(() => answered(undefined));
    return answer.finally(stop);
  }
}

function percentiles(xs: number[]): { count: number; p50: number | null; p90: number | null; p99: number | null } {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : null;
  return { count: xs.length, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}
