/**
 * A simulated world: the real application (the composition root's handlers, host services,
 * domain, bots and notifier, with its own DynamoDB stores) on the cloud models — the table
 * (dynamo/), the WebSocket and HTTP APIs (apigw/) — on one virtual clock, played by a population
 * (population.ts) over days. Players register as devices, turn on Web Push, start games by quick
 * play or with bots, and answer "your turn" pushes after a think time or at their next session,
 * refreshing their 15-minute tokens as the web client does. The stream is read and handed to the
 * notifier and the ratings reactor in batches; the sweep runs at its schedule.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { Rng } from '../../domain/engine/rng';
import { createApp, type App } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import type { Ids } from '../../functions/app/deps';
import type { Notification } from '../../functions/core/notification';
import { connect } from '../../functions/handlers/connect';
import { disconnect } from '../../functions/handlers/disconnect';
import { http } from '../../functions/handlers/http';
import { message } from '../../functions/handlers/message';
import { ratings } from '../../functions/handlers/ratings';
import { stream } from '../../functions/handlers/stream';
import { sweep } from '../../functions/handlers/sweep';
import { PRODUCTION } from '../../infra/production';
import { ApiGatewayAccount } from './apigw/account';
import { HttpApiModel } from './apigw/http-api';
import type { SimConnection } from './apigw/sim-connection';
import { WebSocketApiModel } from './apigw/websocket-api';
import { SimClock } from './clock';
import { ModelDocumentClient } from './dynamo/client';
import { TableModel } from './dynamo/table';
import { answerAt, chooseGame, makePopulation, nextSession, type PlayerProfile } from './population';
import { tableReport } from './report';

const TABLE = 'caravela';
const MINUTE = 60_000;
const SWEEP_EVERY_MS = 5 * MINUTE;
/** Lambda polls a stream shard about four times a second ("Using Lambda with DynamoDB"). */
const STREAM_POLL_MS = 250;
const STREAM_BATCH = 25;
/** Games a player keeps going at once. */
const GAMES_EACH = 2;

export interface WorldOptions {
  seed: number;
  players: number;
  /** Virtual days to play. */
  days: number;
  start?: number;
}

interface Session {
  playerId: string;
  token: string;
  refreshToken: string;
  /** When the access token expires (virtual ms). */
  expiresAt: number;
}

type Frame = Record<string, unknown> & { type: string };

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
  readonly table: TableModel;
  readonly client: ModelDocumentClient;
  readonly account: ApiGatewayAccount;
  readonly ws: WebSocketApiModel;
  readonly httpApi: HttpApiModel;
  readonly app: App;
  private readonly rng: Rng;
  private readonly pushes = new Map<string, (n: Notification) => void>();
  private streamAt = 0;
  private wakeStream: () => void = () => undefined;
  private stopped = false;
  readonly counts = { registered: 0, sessions: 0, moves: 0, gamesStarted: 0, pushes: 0, refused: 0, errors: 0, refreshes: 0 };
  /** Virtual ms from a commit's push being sent to the move that answered it. */
  readonly turnLatencies: number[] = [];

  constructor(readonly options: WorldOptions) {
    this.rng = Rng.fromSeed(options.seed);
    this.clock = new SimClock(options.start ?? Date.UTC(2026, 10, 27));
    this.table = new TableModel(TABLE, this.clock, undefined, 16, () => this.wakeStream());
    this.client = new ModelDocumentClient(new Map([[TABLE, this.table]]), this.clock, options.seed);
    this.account = new ApiGatewayAccount(this.clock);
    this.ws = new WebSocketApiModel(this.account, { throttle: PRODUCTION.webSocketThrottle, seed: options.seed });
    const now = () => new Date(this.clock.now());
    this.app = createApp({
      config: configFromEnv({ TABLE_NAME: TABLE, CARAVELA_SECRET: 'the simulated stack: a secret for nothing real', LOG_LEVEL: 'ERROR' }),
      now,
      ids: seededIds(this.rng),
      dynamo: this.client as unknown as DynamoDBDocumentClient,
      sender: this.ws.sender(),
      mailer: null,
      channels: {
        webPush: async (_subscription, n) => {
          this.counts.pushes++;
          this.pushes.get(n.playerId)?.(n);
          return 'sent';
        },
      },
    });
    this.ws.integrate({ connect: this.app.get(connect), disconnect: this.app.get(disconnect), message: this.app.get(message) });
    this.httpApi = new HttpApiModel(this.account, { throttle: PRODUCTION.httpThrottle, handler: this.app.get(http) });
  }

  /** Play for the configured days; the report of what the cloud models saw. */
  async run() {
    const end = this.clock.now() + this.options.days * 24 * 60 * MINUTE;
    const population = makePopulation(this.options.players, this.options.seed);
    void this.readStream();
    void this.sweepLoop();
    for (const p of population) void this.live(p, end).catch(() => this.counts.errors++);
    await this.clock.run(end);
    this.stopped = true;
    this.wakeStream();
    await this.clock.run(end + 10 * MINUTE);
    return this.report();
  }

  report() {
    return {
      virtualDays: this.options.days,
      players: this.options.players,
      ...this.counts,
      turnLatencyMinutes: percentiles(this.turnLatencies.map((ms) => ms / MINUTE)),
      table: tableReport(this.table),
      dynamoRetries: this.client.stats,
      apiGateway: this.account.report(),
    };
  }

  // --- the cloud around the app -------------------------------------------------------------

  /** The stream's new inserts, in batches, to the notifier and the ratings reactor (as their event filters pass them). */
  private async readStream(): Promise<void> {
    const notify = this.app.get(stream);
    const rate = this.app.get(ratings);
    while (!this.stopped) {
      // Idle until a change is written (rather than wake four times a second for days), then poll as Lambda does.
      await new Promise<void>((resolve) => (this.wakeStream = resolve));
      await this.clock.sleep(STREAM_POLL_MS);
      const fresh = this.table.stream.slice(this.streamAt);
      this.streamAt += fresh.length;
      const inserts = fresh.filter((r) => r.eventName === 'INSERT' && r.newImage);
      for (let i = 0; i < inserts.length; i += STREAM_BATCH) {
        const batch = inserts.slice(i, i + STREAM_BATCH);
        const event = (records: typeof batch) =>
          ({
            Records: records.map((r) => ({
              eventName: 'INSERT',
              dynamodb: { SequenceNumber: String(r.sequenceNumber), NewImage: marshall(r.newImage!, { removeUndefinedValues: true }) },
            })),
          }) as unknown as DynamoDBStreamEvent;
        const forNotify = batch.filter((r) => ['commit', 'chatMessage', 'signInAsk'].includes(String(r.newImage!.kind)));
        const finished = batch.filter((r) => r.newImage!.kind === 'commit' && r.newImage!.status === 'finished');
        if (forNotify.length) await notify(event(forNotify)).catch(() => this.counts.errors++);
        if (finished.length) await rate(event(finished)).catch(() => this.counts.errors++);
      }
    }
  }

  private async sweepLoop(): Promise<void> {
    const run = this.app.get(sweep);
    while (!this.stopped) {
      await this.clock.sleep(SWEEP_EVERY_MS);
      await run({}).catch(() => this.counts.errors++);
    }
  }

  // --- a player -----------------------------------------------------------------------------

  private async live(p: PlayerProfile, end: number): Promise<void> {
    const rng = Rng.fromSeed(this.options.seed * 7919 + p.index);
    // Arrive during the first day.
    await this.clock.sleep(rng.int(24 * 60) * MINUTE);
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
    let next = nextSession(p, this.clock.now(), rng);
    while (this.clock.now() < end) {
      await Promise.race([this.clock.sleep(next - this.clock.now()), new Promise<void>((resolve) => (woken = resolve))]);
      if (this.clock.now() >= end) return;
      const answering: { gameId: string; at: number } | null = pushed;
      pushed = null;
      await this.session(p, session, rng, answering).catch(() => this.counts.errors++);
      if (this.clock.now() >= next) next = nextSession(p, this.clock.now(), rng);
    }
  }

  private async register(p: PlayerProfile): Promise<Session | null> {
    const answer = await this.httpApi.request(
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
    const body = JSON.parse(answer.body) as { playerId: string; token: string; refreshToken: string; expiresIn: number };
    return {
      playerId: body.playerId,
      token: body.token,
      refreshToken: body.refreshToken,
      expiresAt: this.clock.now() + body.expiresIn * 1000,
    };
  }

  /** The web client's refresh: a new access token when the old one is close to its end. */
  private async fresh(s: Session): Promise<boolean> {
    if (this.clock.now() < s.expiresAt - MINUTE) return true;
    const answer = await this.httpApi.request('POST', '/api/session/refresh', JSON.stringify({ refreshToken: s.refreshToken }), {
      'content-type': 'application/json',
    });
    if (answer.statusCode !== 200) return false;
    this.counts.refreshes++;
    const body = JSON.parse(answer.body) as { token: string; refreshToken: string; expiresIn: number };
    Object.assign(s, { token: body.token, refreshToken: body.refreshToken, expiresAt: this.clock.now() + body.expiresIn * 1000 });
    return true;
  }

  /** One visit: connect, take the turns that are due, keep enough games going, leave. */
  private async session(p: PlayerProfile, s: Session, rng: Rng, answering: { gameId: string; at: number } | null): Promise<void> {
    if (!(await this.fresh(s))) return;
    const opened = await this.ws.connect({ token: s.token });
    if (!('connection' in opened)) {
      this.counts.refused++;
      return;
    }
    this.counts.sessions++;
    const conn = opened.connection;
    const ask = (frame: Record<string, unknown>) => this.request(conn, frame);
    try {
      if (this.counts.sessions <= this.options.players) {
        // The first visit turns on Web Push, as the web client offers.
        await ask({
          action: 'setNotifications',
          settings: {
            webPush: [
              { endpoint: `https://fcm.googleapis.com/fcm/send/sim-${p.index}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
            ],
            webhook: null,
            email: null,
            quietHours: null,
          },
        });
      }
      const mine = await ask({ action: 'myGames', limit: 50 });
      const games = (mine?.games ?? []) as { gameId: string; status: string; yourTurn: boolean }[];
      for (const g of games.filter((x) => x.yourTurn)) {
        const moved = await this.play(conn, g.gameId, rng);
        if (moved && answering?.gameId === g.gameId) this.turnLatencies.push(this.clock.now() - answering.at);
      }
      const going = games.filter((g) => g.status !== 'finished').length;
      if (going < GAMES_EACH) await this.startGame(conn, rng);
    } finally {
      conn.close();
    }
  }

  private async startGame(conn: SimConnection, rng: Rng): Promise<void> {
    const g = chooseGame(rng);
    const clock = { type: 'perMove', hours: g.clockHours };
    const answer = g.bots.length
      ? await this.request(conn, { action: 'createGame', game: g.game, players: g.players, bots: g.bots, bot: g.bot, clock })
      : await this.request(conn, { action: 'quickPlay', game: g.game, players: g.players, clock });
    if (answer?.type === 'gameCreated' || answer?.type === 'joined') this.counts.gamesStarted++;
  }

  /** Subscribe, and send one legal command if it is this seat's turn. */
  private async play(conn: SimConnection, gameId: string, rng: Rng): Promise<boolean> {
    const state = await this.request(conn, { action: 'subscribe', gameId, logDelta: true, logLines: 0 });
    const legal = (state?.legal ?? []) as Record<string, unknown>[];
    if (state?.type !== 'state' || !legal.length) return false;
    const command = legal[rng.int(legal.length)];
    const ack = await this.request(conn, { action: 'command', gameId, commandId: `c${this.counts.moves}-${rng.int(1e9)}`, command });
    await this.request(conn, { action: 'unsubscribe', gameId });
    if (ack?.type !== 'ack') return false;
    this.counts.moves++;
    return true;
  }

  /** Send a frame and wait for the answer carrying its requestId (or nothing, if the connection closed or the answer never came). */
  private async request(conn: SimConnection, frame: Record<string, unknown>): Promise<Frame | undefined> {
    const requestId = `r${this.rng.int(1e12)}`;
    // The answer comes through @connections a round trip later; a client gives up after 30 s.
    let answered: (f: Frame | undefined) => void = () => undefined;
    const answer = new Promise<Frame | undefined>((resolve) => (answered = resolve));
    conn.onFrame((d) => {
      if (!d.data.includes(requestId)) return;
      const f = JSON.parse(d.data) as Frame;
      if (f.requestId === requestId) answered(f);
    });
    const outcome = await conn.send(JSON.stringify({ ...frame, requestId }));
    if (outcome !== 'handled') return undefined;
    void this.clock.sleep(30_000).then(() => answered(undefined));
    return answer;
  }
}

function percentiles(xs: number[]): { count: number; p50: number | null; p90: number | null; p99: number | null } {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : null;
  return { count: xs.length, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}
