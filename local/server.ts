/**
 * The local runtime: one process that starts DynamoDB Local, creates the table, and serves the
 * HTTP routes and the WebSocket API on one port by calling the very same handler functions that
 * run on Lambda, with API-Gateway-shaped events. Their frames go straight to its sockets, as API
 * Gateway delivers them without an HTTP call per frame (socket-sender.ts). It also serves the
 * `@connections` endpoint, on a second listener that only loopback can reach, so the real
 * @aws-sdk/client-apigatewaymanagementapi client can send them instead (`connectionsApi`).
 *
 * It plays API Gateway's part at the edge too: whatever a client sends — resets, oversized or
 * malformed frames, floods — ends that client's socket with a close code, never the process.
 * Frames per second and frames waiting are limited per connection (functions/adapters/limits.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { WebSocketServer } from 'ws';
import { type App, createApp } from '../functions/app/app';
import { configFromEnv, type AppConfig } from '../functions/app/config';
import { randomIds } from '../functions/app/deps';
import { passkeyRoutes } from '../functions/api/passkey-routes';
import { connect } from '../functions/handlers/connect';
import { disconnect } from '../functions/handlers/disconnect';
import { http } from '../functions/handlers/http';
import { message } from '../functions/handlers/message';
import { passkey } from '../functions/handlers/passkey';
import { ratings } from '../functions/handlers/ratings';
import { stream } from '../functions/handlers/stream';
import { sweep } from '../functions/handlers/sweep';
import type { SweepResult } from '../functions/host/sweep';
import type { WsEvent } from '../functions/handlers/ws-event';
import { generateVapidKeys } from '../functions/adapters/channels/webpush';
import { limit, rateLimited, TokenBucket } from '../functions/adapters/limits';
import { MAX_CLIENT_FRAME_BYTES } from '../functions/core/protocol/frames';
import { startStreamPoller } from './stream';
import { deliver, SocketSender, type LocalSocket } from './socket-sender';
import { logger } from '../functions/observe/log';
import { WEB_OUT } from '../scripts/build-web';
import { LOCAL_CREDENTIALS, startDynamo, type LocalDynamo } from './dynamodb';
import { ensureTable } from './tables';

export interface LocalServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Folder for the database, keys, the email outbox; null keeps the database in memory. */
  dataDir: string | null;
  /** Interface to listen on (default loopback). */
  host?: string;
  /** An injected clock for every handler (tests). */
  now?: () => Date;
  /** How often the clock sweep runs; 0 never (tests call `sweep()`). Default 30 s. */
  sweepIntervalMs?: number;
  /** Wraps each handler once at start, e.g. to count invocations (cost/measure.ts); default none. */
  instrument?: <A extends unknown[], R>(name: HandlerName, handler: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;
  /**
   * Read who is connected from the table on every move, as the cloud's many Lambda instances
   * must (tests of that path). Default false: this one process serves every socket, so it
   * keeps that in memory.
   */
  tableOnlyRecords?: boolean;
  /**
   * Send frames through the `@connections` endpoint with the management-API client, one HTTP
   * request per frame, as the cloud's functions do (its tests, the cost measurement). Default
   * false: hand them to the sockets in this process.
   */
  connectionsApi?: boolean;
  /** The operator's settings (PUBLIC_URL, CARAVELA_SECRET, VAPID_…, PUSH_ALLOW, WEBHOOK_ALLOW, EMAIL_OUTBOX_DIR, REDRIVE_AFTER_MS…); default process.env. */
  env?: Record<string, string | undefined>;
}

/** The handlers, named as the cloud's functions. */
export type HandlerName = 'http' | 'connect' | 'disconnect' | 'message' | 'stream' | 'sweep' | 'ratings';

export interface LocalServer {
  port: number;
  url: string;
  wsUrl: string;
  dynamo: LocalDynamo;
  /** The application this server runs (its services, stores and clients). */
  app: App;
  /** Where emails are written instead of sent. */
  outboxDir: string;
  /**
   * Resolve once the server is quiet: the handlers in flight have finished (with the bots' moves a
   * request plays after its answer) and the notifier and the ratings reactor have handled every
   * commit stored so far.
   */
  notified(): Promise<void>;
  /** Run the clock sweep now, once the stream's reactions to every stored commit have run. */
  sweep(): Promise<SweepResult>;
  close(): Promise<void>;
}

export const TABLE_NAME = 'caravela';
const STAGE = 'local';
/** The most an HTTP request body may hold (the API's requests are a few hundred bytes). */
const MAX_BODY_BYTES = 64 * 1024;

/** WebSocket close codes (RFC 6455): the client broke a policy (flooding). */
const CLOSE_POLICY = 1008;

class BodyTooLarge extends Error {}

/** A request's body, or BodyTooLarge as soon as it passes `limit` (the rest is not read). */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        // Refuse now, and let the rest drain into nothing: closing on an unread body would
        // reset the connection before the client reads the 413.
        chunks.length = 0;
        reject(new BodyTooLarge());
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The request id of a frame, if it has one, to echo in a refusal (the frame is not handled). */
function requestIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { requestId?: unknown } | null)?.requestId;
    return typeof id === 'string' && id.length <= 64 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A value made once and kept under the data folder (in memory without one). */
function kept(dataDir: string | null, name: string, make: () => string): string {
  if (!dataDir) return make();
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, make(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * The app's configuration: the operator's settings (`env`) over the local defaults — token keys
 * kept in DATA_DIR/secret (read again after a rotation: `npx tsx scripts/rotate-key.ts`; without a
 * data folder, a key made for this server), VAPID keys made once and kept, an email outbox folder.
 */
function localConfig(
  env: Record<string, string | undefined>,
  dataDir: string | null,
  local: { url: string; dynamoEndpoint: string; connectionsEndpoint: string; soleWriter: boolean },
): AppConfig {
  const vapid = JSON.parse(kept(dataDir, 'vapid.json', () => JSON.stringify(generateVapidKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  if (dataDir) kept(dataDir, 'secret', () => randomBytes(32).toString('hex'));
  const secret = env.CARAVELA_SECRET
    ? { value: env.CARAVELA_SECRET }
    : dataDir
      ? { file: path.join(dataDir, 'secret') }
      : { value: randomBytes(32).toString('hex') };
  const outboxDir = env.EMAIL_OUTBOX_DIR ?? path.join(dataDir ?? mkdtempSync(path.join(tmpdir(), 'caravela-')), 'outbox');
  return {
    ...configFromEnv(env),
    tableName: TABLE_NAME,
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: local.dynamoEndpoint,
    connectionsEndpoint: local.connectionsEndpoint,
    publicUrl: (env.PUBLIC_URL ?? local.url).replace(/\/$/, ''),
    secret,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY ?? vapid.publicKey,
      privateKey: env.VAPID_PRIVATE_KEY ?? vapid.privateKey,
      subject: env.VAPID_SUBJECT ?? 'mailto:caravela@localhost',
    },
    email: { outboxDir },
    soleWriter: local.soleWriter,
    onLambda: false,
    credentials: LOCAL_CREDENTIALS,
  };
}

const TYPES = new Map<string, string>([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.map', 'application/json'],
  ['.json', 'application/json'],
  ['.png', 'image/png'],
  ['.svg', 'image/svg+xml'],
]);

/** The web client's files (dist/web, built by `npm run build:web` or `npm start`), at `/`. */
function serveStatic(pathname: string, res: ServerResponse): boolean {
  const name = pathname === '/' ? 'index.html' : pathname.slice(1);
  if (!/^[\w.-]+$/.test(name) || name === 'config.json') return false; // flat folder; config.json is answered by route()
  const file = path.join(WEB_OUT, name);
  if (!existsSync(file)) return false;
  res.writeHead(200, {
    'content-type': TYPES.get(path.extname(name)) ?? 'application/octet-stream',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; base-uri 'none'",
  });
  res.end(readFileSync(file));
  return true;
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const dynamo = await startDynamo(dataDir ? path.join(dataDir, 'dynamodb') : null);
  const instrument = options.instrument ?? ((_name, handler) => handler);
  // One log line per request, with its route, status and duration (LOG_LEVEL=INFO, the default).
  const wrap: typeof instrument = (name, handler) => {
    const inner = instrument(name, handler);
    return async (...args) => {
      const started = performance.now();
      const event = args[0] as
        | { requestContext?: { routeKey?: string; http?: { method: string; path: string } }; Records?: unknown[] }
        | undefined;
      const route = event?.requestContext?.http
        ? `${event.requestContext.http.method} ${event.requestContext.http.path}`
        : (event?.requestContext?.routeKey ?? name);
      try {
        const result = await inner(...args);
        const status = (result as { statusCode?: number } | null)?.statusCode;
        logger.info('request', {
          handler: name,
          route,
          ...(status ? { status } : {}),
          ...(event?.Records ? { records: event.Records.length } : {}),
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
        return result;
      } catch (error) {
        logger.error('request failed', {
          handler: name,
          route,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          error: error as Error,
        });
        throw error;
      }
    };
  };
  const sockets = new Map<string, LocalSocket & { queue: Promise<void> }>();
  // Every socket's stray errors (resets, writes after the peer left) end that socket only.
  const dropOnError = (socket: Duplex) => socket.on('error', () => socket.destroy());
  // The port must be open to learn it, but nothing is served until the table exists.
  let ready = false;
  // Handler calls in flight, so that closing waits for them before the database stops.
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  };
  // A bigger frame closes the socket with 1009, as the protocol's limit says.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  const server = createServer((req, res) => void route(req, res));
  // A client that sends its headers or body slowly cannot hold a socket for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.on('upgrade', (req, socket, head) =>
    upgrade(req, socket, head).catch((error) => {
      console.error('upgrade failed:', error);
      socket.destroy();
    }),
  );
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const domainName = `127.0.0.1:${port}`;
  // The @connections endpoint: loopback only, whatever interface the public port is on.
  const internal = createServer((req, res) =>
    connectionsApi(req, res).catch((error) => {
      console.error('@connections request failed:', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }),
  );
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const connectionsEndpoint = `http://127.0.0.1:${(internal.address() as { port: number }).port}`;

  const env = options.env ?? process.env;
  // Where players reach the client, if the operator said so (invite links use it; else the page's own address).
  const publicUrl = env.PUBLIC_URL;
  const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  await ensureTable(admin, TABLE_NAME);
  admin.destroy();
  const config = localConfig(env, dataDir, {
    url: `http://${domainName}`,
    dynamoEndpoint: dynamo.endpoint,
    connectionsEndpoint,
    soleWriter: !options.tableOnlyRecords,
  });
  const app = createApp({
    config,
    now: options.now ?? (() => new Date()),
    ids: randomIds,
    // Frames go straight to the sockets, as API Gateway delivers them (or through @connections: connectionsApi).
    ...(options.connectionsApi ? {} : { sender: new SocketSender(sockets) }),
  });
  const passkeyPaths = new Set(app.get(passkeyRoutes).keys());
  const h = {
    http: wrap('http', app.get(http)),
    // Its own function in the cloud (for the size of the WebAuthn library); an HTTP route all the same.
    passkey: wrap('http', app.get(passkey)),
    connect: wrap('connect', app.get(connect)),
    disconnect: wrap('disconnect', app.get(disconnect)),
    message: wrap('message', app.get(message)),
    stream: wrap('stream', app.get(stream)),
    sweep: wrap('sweep', app.get(sweep)),
    ratings: wrap('ratings', app.get(ratings)),
  };

  // The notifier reads the table's stream, as its Lambda event source does in the cloud.
  const poller = await startStreamPoller({
    endpoint: dynamo.endpoint,
    tableName: TABLE_NAME,
    checkpointFile: dataDir ? path.join(dataDir, 'stream-checkpoint.json') : null,
    handler: (event) => track(h.stream(event)),
  });
  // The ratings reactor reads the same stream on its own, as its own event source mapping does.
  const ratingsPoller = await startStreamPoller({
    endpoint: dynamo.endpoint,
    tableName: TABLE_NAME,
    checkpointFile: dataDir ? path.join(dataDir, 'ratings-checkpoint.json') : null,
    handler: (event) => track(h.ratings(event)),
  });
  const interval = options.sweepIntervalMs ?? 30_000;
  const sweeper =
    interval > 0 ? setInterval(() => void track(h.sweep({})).catch((e) => console.error('sweep failed:', e)), interval) : null;
  ready = true;

  const wsEvent = (
    connectionId: string,
    routeKey: string,
    eventType: WsEvent['requestContext']['eventType'],
    extra: Partial<WsEvent> = {},
  ): WsEvent => ({
    requestContext: { routeKey, eventType, connectionId, domainName, stage: STAGE },
    isBase64Encoded: false,
    ...extra,
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (!ready) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ code: 'INTERNAL', message: 'The server is starting; try again in a moment.' }));
        return;
      }
      const url = new URL(req.url ?? '/', `http://${domainName}`);
      if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/config.json') {
        // The client asks where the APIs are (here: the page's own origin, its default) and where
        // players reach it, for invite links.
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
        res.end(JSON.stringify(publicUrl ? { publicUrl } : {}));
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && serveStatic(url.pathname, res)) return;
      let body = '';
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        try {
          body = (await readBody(req)).toString('utf8');
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          res.writeHead(413, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 'TOO_LARGE', message: `Request bodies may not exceed ${MAX_BODY_BYTES / 1024} KB.` }));
          return;
        }
      }
      const result = await (passkeyPaths.has(url.pathname) ? h.passkey : h.http)({
        rawPath: url.pathname,
        body,
        isBase64Encoded: false,
        headers: req.headers as Record<string, string>,
        requestContext: { http: { method: req.method ?? 'GET', path: url.pathname } },
      });
      res.writeHead(result.statusCode, result.headers ?? {});
      res.end(result.body);
    } catch (error) {
      console.error('http request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on the server.' }));
    }
  }

  /** The API Gateway management API (`/@connections/{id}`), as the SDK client calls it. */
  async function connectionsApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
    if (!match || !isLoopback(req.socket.remoteAddress)) {
      res.writeHead(404).end();
      return;
    }
    let connectionId: string;
    try {
      connectionId = decodeURIComponent(match[1]!);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const entry = sockets.get(connectionId);
    const gone = () => {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: `connection ${connectionId} is gone` }));
    };
    if (req.method === 'POST') {
      const data = await readBody(req, 1024 * 1024);
      if (deliver(entry, data.toString('utf8')) === 'gone') return gone();
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      if (!entry) return gone();
      entry.ws.close(1000, 'closed by the server');
      res.writeHead(204).end();
    } else if (req.method === 'GET') {
      if (!entry) return gone();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ConnectedAt: entry.connectedAt.toISOString(), LastActiveAt: new Date().toISOString(), Identity: {} }));
    } else res.writeHead(405).end();
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    dropOnError(socket);
    const refuse = (status: number, text: string, body = `${text}\n`) => {
      if (socket.destroyed) return;
      const type = body.startsWith('{') ? 'application/json' : 'text/plain';
      socket.end(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${domainName}`);
    } catch {
      return refuse(400, 'Bad Request');
    }
    if (url.pathname !== '/ws') return refuse(404, 'Not Found');
    if (!ready) return refuse(503, 'Service Unavailable');
    const connectionId = randomBytes(9).toString('base64');
    let result: Awaited<ReturnType<typeof h.connect>>;
    try {
      result = await h.connect(
        wsEvent(connectionId, '$connect', 'CONNECT', { queryStringParameters: Object.fromEntries(url.searchParams) }),
      );
    } catch (error) {
      console.error('$connect failed:', error);
      return refuse(500, 'Internal Server Error');
    }
    if (result.statusCode === 429) return refuse(429, 'Too Many Requests', result.body);
    if (result.statusCode !== 200) return refuse(401, 'Unauthorized');
    if (socket.destroyed) {
      // The client left while $connect ran: forget the connection it would have had.
      void track(h.disconnect(wsEvent(connectionId, '$disconnect', 'DISCONNECT'))).catch((error) =>
        console.error('$disconnect failed:', error),
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const entry = { ws, connectedAt: new Date(), queue: Promise.resolve() };
      sockets.set(connectionId, entry);
      const bucket = new TokenBucket(limit('FRAMES_PER_SECOND'), limit('FRAME_BURST'));
      let waiting = 0; // frames received and not yet handled
      let refused = 0; // frames refused in a row for going too fast
      // Protocol errors (oversized, unmasked, invalid UTF-8 frames…) close the socket with their code.
      ws.on('error', () => undefined);
      ws.on('message', (data) => {
        if (ws.readyState !== ws.OPEN) return;
        const body = data.toString();
        const turn = bucket.take();
        if (!turn.ok) {
          if (++refused > limit('FRAME_BURST')) return ws.close(CLOSE_POLICY, 'too many frames');
          const error = rateLimited(
            `Too many frames: at most ${limit('FRAMES_PER_SECOND')} a second on one connection; this one was not handled.`,
            turn.retryAfterMs,
          );
          ws.send(JSON.stringify(error.frame(requestIdOf(body))));
          return;
        }
        refused = 0;
        if (++waiting > limit('QUEUED_FRAMES')) return ws.close(CLOSE_POLICY, 'too many frames waiting');
        // One connection's messages are handled in order; connections run side by side.
        entry.queue = track(
          entry.queue.then(() =>
            h.message(wsEvent(connectionId, '$default', 'MESSAGE', { body })).then(
              () => void waiting--,
              (error) => {
                waiting--;
                console.error('message handler failed:', error);
              },
            ),
          ),
        );
      });
      ws.on('close', () => {
        sockets.delete(connectionId);
        entry.queue = track(
          entry.queue.then(() =>
            h.disconnect(wsEvent(connectionId, '$disconnect', 'DISCONNECT')).then(
              () => undefined,
              (error) => console.error('$disconnect failed:', error),
            ),
          ),
        );
      });
    });
  }

  return {
    port,
    url: `http://${domainName}`,
    wsUrl: `ws://${domainName}/ws`,
    dynamo,
    app,
    outboxDir: (config.email as { outboxDir: string }).outboxDir,
    notified: async () => {
      // Handlers in flight first (a request's fast path plays bots' moves after its answer), then
      // the stream's reactions to what they stored, until both are quiet at once.
      do {
        await Promise.allSettled([...inflight]);
        await Promise.all([poller.drain(), ratingsPoller.drain()]);
      } while (inflight.size);
    },
    // After the stream's reactions to what was stored so far (they write the due items), as a sweep minutes later would see them.
    sweep: async () => {
      await poller.drain();
      return track(h.sweep({}));
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      for (const entry of sockets.values()) entry.ws.close(1001, 'server shutting down');
      // Let the $disconnect handlers (and anything else in flight) finish before the database goes away.
      const deadline = Date.now() + 5000;
      while ((sockets.size || inflight.size) && Date.now() < deadline) {
        await Promise.allSettled([...inflight]);
        await new Promise((r) => setTimeout(r, 10));
      }
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      const internalClosed = new Promise<void>((resolve) => internal.close(() => resolve()));
      internal.closeAllConnections();
      await internalClosed;
      await poller.stop();
      await ratingsPoller.stop();
      await Promise.allSettled([...inflight]);
      await dynamo.stop();
    },
  };
}
