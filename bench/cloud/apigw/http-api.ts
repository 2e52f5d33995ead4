/**
 * API Gateway's HTTP API, modelled on the virtual clock around the app's http handler: routes
 * matched as the stack declares them, the payload limit, the stage's route throttle and the
 * account's throttle before the handler, and an event in payload format 2.0 (functions/api/
 * http-io.ts). What API Gateway answers itself (413, 404, 429, 500, 504) never reaches the
 * handler. Every request received is metered in 512 KB units, refused ones too (AWS does not say
 * that it bills them less).
 */
import { Buffer } from 'node:buffer';
import { units512KB } from '../../../cost/model';
import type { HttpEvent, HttpResult } from '../../../functions/api/http-io';
import type { VirtualClock } from '../clock';
import type { ApiGatewayAccount } from './account';
import { checkedTimeout, invoke } from './integration';
import { LIMITS } from './limits';
import { TokenBucket, takeAll, type Throttle } from './token-bucket';

export interface HttpApiOptions {
  /** The routes' integration (functions/handlers/http.ts; the passkey function's routes may share it in a simulation). */
  handler: (event: HttpEvent) => Promise<HttpResult>;
  /** The stage's DefaultRouteSettings: template.ts reads the stack's. */
  throttle: Throttle;
  /** As WebSocketApiOptions.throttleScope: a bucket per route (default), or one for the stage. */
  throttleScope?: 'route' | 'stage';
  /** The stage's RouteSettings: a route's own throttle, instead of the default. */
  routeThrottles?: Readonly<Record<string, Throttle>>;
  /**
   * Route keys as the template has them ("POST /api/players", "GET /api/games/{gameId}/replay",
   * "ANY /{proxy+}", "$default"). Default: `$default` alone, taking every request.
   */
  routes?: readonly string[];
  stage?: string;
  /** Default 30 s, the most an HTTP API allows. */
  integrationTimeoutMs?: number;
}

interface CompiledRoute {
  key: string;
  method: string;
  pattern: RegExp;
  /** Lower matches first: literal paths, then with parameters, then greedy, then $default. */
  rank: number;
}

/** A route key as a matcher: `{name}` is one path segment, `{name+}` the rest of the path. */
function compile(key: string): CompiledRoute {
  if (key === '$default') return { key, method: 'ANY', pattern: /^/, rank: 3 };
  const [method = '', path = ''] = key.split(' ');
  const greedy = /\{[^}]+\+\}/.test(path);
  const source = path
    .split('/')
    .map((segment) =>
      /^\{[^}]+\+\}$/.test(segment) ? '.+' : /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { key, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), rank: greedy ? 2 : path.includes('{') ? 1 : 0 };
}

/** API Gateway's own answers. */
const own = (statusCode: number, message: string): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message }),
});

export class HttpApiModel {
  readonly stage: string;
  private readonly routes: CompiledRoute[];
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly timeoutMs: number;

  constructor(
    private readonly account: ApiGatewayAccount,
    private readonly options: HttpApiOptions,
  ) {
    this.stage = options.stage ?? '$default';
    this.routes = (options.routes ?? ['$default']).map(compile).sort((a, b) => a.rank - b.rank);
    this.timeoutMs = checkedTimeout(options.integrationTimeoutMs ?? LIMITS.httpIntegrationTimeoutMs.max, LIMITS.httpIntegrationTimeoutMs);
  }

  private get clock(): VirtualClock {
    return this.account.clock;
  }

  /** One request, as a client sends it; resolves with what the client gets. */
  async request(
    method: string,
    path: string,
    body = '',
    headers: Record<string, string> = {},
    sourceIp = '203.0.113.7',
  ): Promise<HttpResult> {
    const metrics = this.account.metrics.http;
    const bytes = Buffer.byteLength(body);
    metrics.requests++;
    metrics.units += units512KB(bytes);
    metrics.bytesIn += bytes;
    if (bytes > LIMITS.httpPayloadBytes) {
      metrics.tooLarge++;
      return own(413, 'Request Entity Too Large');
    }
    const upper = method.toUpperCase();
    const rawPath = path.split('?')[0] ?? path;
    const route = this.routes.find((r) => (r.method === 'ANY' || r.method === upper) && r.pattern.test(rawPath));
    if (!route) {
      metrics.notFound++;
      return own(404, 'Not Found');
    }
    const refusing = takeAll([this.account.throttle, this.bucket(route.key)]);
    if (refusing) {
      metrics.throttled++;
      if (refusing === this.account.throttle) this.account.metrics.throttled.account++;
      else this.account.throttledBy('http', this.stage, route.key);
      return own(429, 'Too Many Requests');
    }
    const event: HttpEvent = {
      routeKey: route.key,
      rawPath,
      body,
      isBase64Encoded: false,
      // Payload format 2.0 gives header names in lower case.
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
      requestContext: { http: { method: upper, path: rawPath, sourceIp } },
    };
    const called = await invoke(this.clock, this.options.handler, event, this.timeoutMs);
    if (called.ok) return called.result;
    if (called.why === 'timeout') {
      metrics.integrationTimeouts++;
      // AWS's knowledge center ("How do I troubleshoot HTTP 504 errors…") names 504 for HTTP APIs too.
      return own(504, 'Gateway Timeout');
    }
    metrics.integrationErrors++;
    return own(500, 'Internal Server Error');
  }

  private bucket(route: string): TokenBucket {
    const override = this.options.routeThrottles?.[route];
    const key = override || this.options.throttleScope !== 'stage' ? route : '*';
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.clock, override ?? this.options.throttle)));
    return bucket;
  }
}
