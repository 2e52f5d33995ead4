/**
 * API Gateway's WebSocket API, modelled on the virtual clock around the app's own handlers:
 * `$connect` behind the account's 500 new connections a second and the throttles; messages
 * routed by `$request.body.action`, within the frame and message sizes, throttled per route;
 * idle and 2-hour closes; a best-effort `$disconnect`; and @connections for the app's replies
 * (`sender()`, the app's Sender). Limits: limits.ts; counts and cost: the account's metrics.
 *
 * Modelling choices:
 * - A client message is one frame unless sent `fragmented` (browsers do not fragment), so the
 *   32 KB frame size is the limit a browser meets; a fragmenting client meets the 128 KB message
 *   size. Either way the connection closes with 1009 and the handler never runs.
 * - Messages are handled concurrently, each its own integration call, as API Gateway does (the
 *   local gateway serialises a connection's messages; the cloud does not).
 * - A throttled message is answered with API Gateway's error frame; it was received, so it is
 *   metered (AWS does not say otherwise). Ids, @connections latencies and lost `$disconnect`s
 *   draw on one seeded Rng, so a run repeats.
 * - Every message either way (and the app's replies) resets the idle timeout: AWS does not say
 *   which directions count.
 * - @connections calls (POST, DELETE) take a token from the account's throttle ("WebSocket
 *   callback APIs" share it) and a round trip of `postLatencyMs`; they are judged when they
 *   arrive, after it.
 */
import { Buffer } from 'node:buffer';
import { units32KB } from '../../../cost/model';
import { Rng } from '../../../domain/engine/rng';
import type { Sender, SendResult } from '../../../functions/adapters/sender';
import { ACTIONS } from '../../../functions/core/protocol/frames';
import type { WsEvent, WsResult } from '../../../functions/handlers/ws-event';
import type { VirtualClock } from '../clock';
import type { ApiGatewayAccount } from './account';
import { checkedTimeout, invoke } from './integration';
import { CLOSE, LIMITS } from './limits';
import { SimConnection, type CloseReason, type ConnectionGateway, type MessageOutcome, type SendOptions } from './sim-connection';
import { TokenBucket, takeAll, type Throttle } from './token-bucket';

/** The routes' integrations: the app's handlers (functions/handlers/{connect,disconnect,message}.ts). */
export interface WsHandlers {
  connect(event: WsEvent): Promise<WsResult>;
  disconnect(event: WsEvent): Promise<WsResult>;
  message(event: WsEvent): Promise<WsResult>;
}

export interface WebSocketApiOptions {
  /** The stage's DefaultRouteSettings (ThrottlingRateLimit, ThrottlingBurstLimit): template.ts reads the stack's. */
  throttle: Throttle;
  /**
   * "route" (default): every route has its own bucket of the default settings, as API Gateway
   * applies default route settings to each route; "stage": one bucket for the whole stage.
   */
  throttleScope?: 'route' | 'stage';
  /** The stage's RouteSettings: a route's own throttle, instead of the default. */
  routeThrottles?: Readonly<Record<string, Throttle>>;
  /** Route keys besides `$connect`, `$disconnect` and `$default` (default: the protocol's actions, one route each as the stack has them). */
  routes?: readonly string[];
  stage?: string;
  domainName?: string;
  /** Seeds connection ids, @connections latencies and lost `$disconnect`s. */
  seed?: number;
  /** The chance, 0–1, that a close's `$disconnect` never arrives ("Working with the $disconnect route": best effort). Default 0. */
  disconnectLoss?: number;
  /** Round trip of one @connections call, drawn uniformly in [min, max] ms. Default 10–30. */
  postLatencyMs?: { min: number; max: number };
  /** Default 29 s, the most API Gateway allows. */
  integrationTimeoutMs?: number;
}

export type ConnectOutcome =
  | { connection: SimConnection }
  | {
      refused: {
        statusCode: number;
        /** newConnections: the account's 500 a second; throttle: a stage's or the account's; handler: `$connect` said no (or failed). */
        by: 'newConnections' | 'throttle' | 'handler';
      };
    };

/** API Gateway's own error frames (the handler never answered). */
const ERROR_FRAMES = {
  throttled: 'Too Many Requests',
  timeout: 'Endpoint request timed out',
  error: 'Internal server error',
} as const;

const MINUTE = 60_000;
/** Minutes billed for a connection open from `openedAt` to `at`: every started minute. */
export const startedMinutes = (openedAt: number, at: number): number => Math.max(1, Math.ceil((at - openedAt) / MINUTE));

export class WebSocketApiModel implements ConnectionGateway {
  readonly stage: string;
  readonly domainName: string;
  private handlers: WsHandlers | null = null;
  private readonly open = new Map<string, SimConnection>();
  private readonly routes: ReadonlySet<string>;
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly rng: Rng;
  private readonly loss: number;
  private readonly latency: { min: number; max: number };
  private readonly timeoutMs: number;
  private made = 0;

  constructor(
    private readonly account: ApiGatewayAccount,
    private readonly options: WebSocketApiOptions,
  ) {
    this.stage = options.stage ?? 'prod';
    this.domainName = options.domainName ?? 'sim.execute-api.us-east-1.amazonaws.com';
    this.routes = new Set(options.routes ?? ACTIONS);
    this.rng = Rng.fromSeed(options.seed ?? 1);
    this.loss = options.disconnectLoss ?? 0;
    if (!(this.loss >= 0 && this.loss <= 1)) throw new RangeError(`disconnectLoss is a probability, got ${this.loss}`);
    this.latency = options.postLatencyMs ?? { min: 10, max: 30 };
    this.timeoutMs = checkedTimeout(options.integrationTimeoutMs ?? LIMITS.wsIntegrationTimeoutMs.max, LIMITS.wsIntegrationTimeoutMs);
    account.register({
      count: () => this.open.size,
      minutes: () => [...this.open.values()].reduce((sum, c) => sum + startedMinutes(c.openedAt, this.clock.now()), 0),
    });
  }

  private get clock(): VirtualClock {
    return this.account.clock;
  }

  private get metrics() {
    return this.account.metrics.websocket;
  }

  /** Attach the routes' integrations (the app built with `sender()` comes after the API). */
  integrate(handlers: WsHandlers): this {
    this.handlers = handlers;
    return this;
  }

  /** An open connection by id. */
  connection(connectionId: string): SimConnection | undefined {
    return this.open.get(connectionId);
  }

  get openConnections(): number {
    return this.open.size;
  }

  /** A client opens a connection with this query string (`?token=…`): `$connect` decides, unless a limit refuses first. */
  async connect(query: Record<string, string> = {}): Promise<ConnectOutcome> {
    const handlers = this.integrated();
    const refusing = takeAll([this.account.newConnections, this.account.throttle, this.bucket('$connect')]);
    if (refusing) {
      if (refusing === this.account.newConnections) this.metrics.newConnectionsRefused++;
      else {
        this.metrics.connectsThrottled++;
        this.countThrottle(refusing, '$connect');
      }
      return { refused: { statusCode: 429, by: refusing === this.account.newConnections ? 'newConnections' : 'throttle' } };
    }
    const id = this.newId();
    const called = await invoke(
      this.clock,
      handlers.connect,
      this.event(id, '$connect', 'CONNECT', { queryStringParameters: query }),
      this.timeoutMs,
    );
    if (!called.ok) {
      this.metrics[called.why === 'timeout' ? 'integrationTimeouts' : 'integrationErrors']++;
      this.metrics.connectsRefused++;
      return { refused: { statusCode: called.why === 'timeout' ? 504 : 500, by: 'handler' } };
    }
    if (called.result.statusCode !== 200) {
      this.metrics.connectsRefused++;
      return { refused: { statusCode: called.result.statusCode, by: 'handler' } };
    }
    const connection = new SimConnection(id, this.clock.now(), this);
    this.open.set(id, connection);
    this.metrics.connectsAccepted++;
    void this.watch(connection);
    return { connection };
  }

  /** The app's Sender over @connections: `AppDeps.sender`. */
  sender(): Sender {
    return {
      send: (connectionId, frame) => this.post(connectionId, JSON.stringify(frame)),
      close: (connectionId) => this.deleteConnection(connectionId),
      isOpen: (connectionId) => this.getConnection(connectionId),
    };
  }

  /** @connections GET: whether the connection is open (a throttled call, as ManagementApiSender, says open). */
  async getConnection(connectionId: string): Promise<boolean> {
    await this.clock.sleep(this.roundTrip());
    if (!this.account.throttle.take()) {
      this.metrics.callbacksThrottled++;
      this.account.metrics.throttled.account++;
      return true;
    }
    return this.open.has(connectionId);
  }

  /**
   * @connections POST: 'sent' once delivered; 'gone' (410 GoneException) for a closed or unknown
   * connection; 'failed' for a payload over 128 KB (PayloadTooLargeException) or a throttled call
   * (what ManagementApiSender makes of those errors).
   */
  async post(connectionId: string, data: string): Promise<SendResult> {
    await this.clock.sleep(this.roundTrip());
    if (!this.account.throttle.take()) {
      this.metrics.callbacksThrottled++;
      this.account.metrics.throttled.account++;
      return 'failed';
    }
    const bytes = Buffer.byteLength(data);
    if (bytes > LIMITS.messageBytes) {
      this.metrics.postsTooLarge++;
      return 'failed';
    }
    const connection = this.open.get(connectionId);
    if (!connection) {
      this.metrics.gone++;
      return 'gone';
    }
    this.deliver(connection, data, this.clock.now());
    return 'sent';
  }

  /** @connections DELETE: closes the connection (`$disconnect` follows); one already gone is fine, as the Sender says. */
  async deleteConnection(connectionId: string): Promise<void> {
    await this.clock.sleep(this.roundTrip());
    if (!this.account.throttle.take()) {
      this.metrics.callbacksThrottled++;
      this.account.metrics.throttled.account++;
      throw Object.assign(new Error('Too Many Requests'), { name: 'TooManyRequestsException' });
    }
    const connection = this.open.get(connectionId);
    if (!connection) {
      this.metrics.gone++;
      return;
    }
    this.close(connection, CLOSE.normal, 'deleted');
  }

  /** A client message reaches API Gateway (SimConnection.send). */
  async receive(connection: SimConnection, message: string, options: SendOptions): Promise<MessageOutcome> {
    if (!connection.open) return 'closed';
    const bytes = Buffer.byteLength(message);
    if (bytes > LIMITS.messageBytes || (!options.fragmented && bytes > LIMITS.frameBytes)) {
      this.close(connection, CLOSE.tooBig, 'tooBig');
      return 'tooBig';
    }
    const now = this.clock.now();
    connection.lastActivity = now;
    this.metrics.messagesIn++;
    this.metrics.unitsIn += units32KB(bytes);
    this.metrics.bytesIn += bytes;
    const route = this.routeOf(message);
    const requestId = this.newId();
    const refusing = takeAll([this.account.throttle, this.bucket(route)]);
    if (refusing) {
      this.metrics.messagesThrottled++;
      this.countThrottle(refusing, route);
      this.errorFrame(connection, ERROR_FRAMES.throttled, requestId, now);
      return 'throttled';
    }
    const called = await invoke(
      this.clock,
      this.integrated().message,
      this.event(connection.id, route, 'MESSAGE', { body: message }),
      this.timeoutMs,
    );
    if (called.ok) return 'handled';
    this.metrics[called.why === 'timeout' ? 'integrationTimeouts' : 'integrationErrors']++;
    this.errorFrame(connection, ERROR_FRAMES[called.why], requestId, called.at);
    return called.why;
  }

  /** The client closes (SimConnection.close). */
  hangUp(connection: SimConnection): void {
    this.close(connection, CLOSE.normal, 'client');
  }

  private integrated(): WsHandlers {
    if (!this.handlers) throw new Error('WebSocketApiModel: integrate(handlers) first');
    return this.handlers;
  }

  /** Close a connection once: meter its minutes, then `$disconnect` — unless this one is lost. */
  private close(connection: SimConnection, code: number, reason: CloseReason): void {
    if (!connection.open) return;
    const at = this.clock.now();
    connection.closed = { code, reason, at };
    this.open.delete(connection.id);
    this.metrics.closes[reason]++;
    this.metrics.connectionMinutes += startedMinutes(connection.openedAt, at);
    if (this.rng.next() < this.loss) {
      this.metrics.disconnectsLost++;
      return;
    }
    this.metrics.disconnectsDelivered++;
    const event = this.event(connection.id, '$disconnect', 'DISCONNECT');
    void invoke(this.clock, this.integrated().disconnect, event, this.timeoutMs).then((called) => {
      if (!called.ok) this.metrics[called.why === 'timeout' ? 'integrationTimeouts' : 'integrationErrors']++;
    });
  }

  /** Close the connection at its idle timeout or at 2 hours, whichever comes first; one sleeper per connection. */
  private async watch(connection: SimConnection): Promise<void> {
    const end = connection.openedAt + LIMITS.maxConnectionMs;
    for (;;) {
      await this.clock.sleep(Math.min(end, connection.lastActivity + LIMITS.idleTimeoutMs) - this.clock.now());
      if (!connection.open) return;
      const now = this.clock.now();
      if (now >= end) return this.close(connection, CLOSE.goingAway, 'maxDuration');
      if (now >= connection.lastActivity + LIMITS.idleTimeoutMs) return this.close(connection, CLOSE.goingAway, 'idle');
    }
  }

  private deliver(connection: SimConnection, data: string, at: number): void {
    const bytes = Buffer.byteLength(data);
    this.metrics.messagesOut++;
    this.metrics.unitsOut += units32KB(bytes);
    this.metrics.bytesOut += bytes;
    connection.lastActivity = Math.max(connection.lastActivity, at);
    connection.deliver(data, at);
  }

  private errorFrame(connection: SimConnection, message: string, requestId: string, at: number): void {
    if (connection.open) this.deliver(connection, JSON.stringify({ message, connectionId: connection.id, requestId }), at);
  }

  /** `$request.body.action`: a known route, else `$default` (not JSON, no action, an unknown one). */
  private routeOf(body: string): string {
    try {
      const action = (JSON.parse(body) as { action?: unknown } | null)?.action;
      return typeof action === 'string' && this.routes.has(action) ? action : '$default';
    } catch {
      return '$default';
    }
  }

  private bucket(route: string): TokenBucket {
    const override = this.options.routeThrottles?.[route];
    const key = override || this.options.throttleScope !== 'stage' ? route : '*';
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.clock, override ?? this.options.throttle)));
    return bucket;
  }

  private countThrottle(refusing: TokenBucket, route: string): void {
    if (refusing === this.account.throttle) this.account.metrics.throttled.account++;
    else this.account.throttledBy('ws', this.stage, route);
  }

  private roundTrip(): number {
    return Math.round(this.latency.min + this.rng.next() * (this.latency.max - this.latency.min));
  }

  /** An id shaped like API Gateway's (16 base64 characters): a counter, so unique, and seeded noise. */
  private newId(): string {
    const bytes = Buffer.alloc(12);
    bytes.writeUInt32BE(++this.made);
    bytes.writeUInt32BE(Math.floor(this.rng.next() * 2 ** 32), 4);
    bytes.writeUInt32BE(Math.floor(this.rng.next() * 2 ** 32), 8);
    return bytes.toString('base64');
  }

  private event(
    connectionId: string,
    routeKey: string,
    eventType: WsEvent['requestContext']['eventType'],
    extra: Partial<WsEvent> = {},
  ): WsEvent {
    return {
      requestContext: { routeKey, eventType, connectionId, domainName: this.domainName, stage: this.stage },
      isBase64Encoded: false,
      ...extra,
    };
  }
}
