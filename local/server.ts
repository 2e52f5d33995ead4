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
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import type { App } from '../functions/app/app';
import type { MemoryStores } from '../functions/adapters/memory';
import type { WsEvent } from '../functions/handlers/ws-event';
import type { SweepResult } from '../functions/host/sweep';
import { MAX_CLIENT_FRAME_BYTES } from '../functions/core/protocol/frames';
import { WEB_OUT } from '../scripts/build-web';
import type { LocalDynamo } from './dynamodb';
import { connectSocket, forgetSocket, serveSocket, type OpenSocket, type WsEvents } from './gateway';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from './runtime';
import { deliver, SocketSender } from './socket-sender';

export { TABLE_NAME, type HandlerName } from './runtime';

export interface LocalServerOptions extends Omit<LocalRuntimeOptions, 'url' | 'sender' | 'connectionsEndpoint'> {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on (default loopback). */
  host?: string;
  /**
   * Send frames through the `@connections` endpoint with the management-API client, one HTTP
   * request per frame, as the cloud's functions do (its tests, the cost measurement). Default
   * false: hand them to the sockets in this process.
   */
  connectionsApi?: boolean;
}

export interface LocalServer {
  port: number;
  url: string;
  wsUrl: string;
  /** DynamoDB Local (a server with `storage: 'memory'` has none: see MemoryServer). */
  dynamo: LocalDynamo;
  /** The application this server runs (its services, stores and clients). */
  app: App;
  /** Where emails are written instead of sent. */
  outboxDir: string;
  /**
   * Resolve once the server is quiet: the handlers in flight have finished (with the bots' moves a
   * request plays after its answer) and the notifier and the Bots function (its ratings among
   * them) have handled every commit stored so far.
   */
  notified(): Promise<void>;
  /** Run the clock sweep now, once the stream's reactions to every stored commit have run. */
  sweep(): Promise<SweepResult>;
  close(): Promise<void>;
}

/** A server whose data is in the memory stores: no Java, nothing kept after it stops. */
export interface MemoryServer extends Omit<LocalServer, 'dynamo'> {
  stores: MemoryStores;
}

const STAGE = 'local';
/** The most an HTTP request body may hold (the API's requests are a few hundred bytes). */
const MAX_BODY_BYTES = 64 * 1024;

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

const TYPES = new Map<string, string>([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.map', 'application/json'],
  ['.json', 'application/json'],
  ['.png', 'image/png'],
  ['.svg', 'image/svg+xml'],
]);

/**
 * What the web client's files are served with, as CloudFront serves them in the cloud: its own
 * files and sockets only, and never inside another site's frame (a framed page could be clicked
 * through — Resign, Remove passkey — by a page that covers it).
 */
const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The web client's files (dist/web, built by `npm run build:web` or `npm start`), at `/`. */
function serveStatic(pathname: string, res: ServerResponse): boolean {
  const name = pathname === '/' ? 'index.html' : pathname.slice(1);
  if (!/^[\w.-]+$/.test(name) || name === 'config.json') return false; // flat folder; config.json is answered by route()
  const file = path.join(WEB_OUT, name);
  if (!existsSync(file)) return false;
  res.writeHead(200, {
    'content-type': TYPES.get(path.extname(name)) ?? 'application/octet-stream',
    'cache-control': 'no-cache',
    ...PAGE_HEADERS,
  });
  res.end(readFileSync(file));
  return true;
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export function startLocalServer(options: LocalServerOptions & { storage: 'memory' }): Promise<MemoryServer>;
export function startLocalServer(options: LocalServerOptions & { storage?: 'dynamodb' }): Promise<LocalServer>;
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer | MemoryServer> {
  const sockets = new Map<string, OpenSocket>();
  // Every socket's stray errors (resets, writes after the peer left) end that socket only.
  const dropOnError = (socket: Duplex) => socket.on('error', () => socket.destroy());
  // The port must be open to learn it (links name it), but nothing is served until the runtime is up.
  let runtime: LocalRuntime | null = null;
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
  // Where players reach the client, if the operator said so (invite links use it; else the page's own address).
  const publicUrl = (options.env ?? process.env).PUBLIC_URL;
  const started = await startLocalRuntime({
    ...options,
    url: `http://${domainName}`,
    connectionsEndpoint,
    // Frames go straight to the sockets, as API Gateway delivers them (or through @connections: connectionsApi).
    sender: options.connectionsApi ? null : new SocketSender(sockets),
  });
  runtime = started;

  const wsEvent: WsEvents = (connectionId, routeKey, eventType, extra = {}): WsEvent => ({
    requestContext: { routeKey, eventType, connectionId, domainName, stage: STAGE },
    isBase64Encoded: false,
    ...extra,
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (!runtime) {
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
      const result = await (runtime.passkeyPaths.has(url.pathname) ? runtime.handlers.passkey : runtime.handlers.http)({
        rawPath: url.pathname,
        body,
        isBase64Encoded: false,
        headers: req.headers as Record<string, string>,
        requestContext: { http: { method: req.method ?? 'GET', path: url.pathname, sourceIp: req.socket.remoteAddress } },
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
    if (!runtime) return refuse(503, 'Service Unavailable');
    const open = runtime;
    const connectionId = randomBytes(9).toString('base64');
    let result: Awaited<ReturnType<typeof connectSocket>>;
    try {
      result = await connectSocket(open, wsEvent, connectionId, Object.fromEntries(url.searchParams));
    } catch (error) {
      console.error('$connect failed:', error);
      return refuse(500, 'Internal Server Error');
    }
    if (result.statusCode === 429) return refuse(429, 'Too Many Requests', result.body);
    if (result.statusCode === 400) return refuse(400, 'Bad Request', result.body);
    if (result.statusCode !== 200) return refuse(401, 'Unauthorized');
    // The client left while $connect ran: forget the connection it would have had. It may also
    // go while the upgrade completes (ws then destroys the socket without calling back): the
    // socket's close forgets it unless it was served, whose own close sends $disconnect.
    if (socket.destroyed || !socket.readable || !socket.writable) {
      socket.destroy(); // as ws would: a half-closed socket left open would hold the server's close
      return forgetSocket(open, wsEvent, connectionId);
    }
    let served = false;
    socket.once('close', () => {
      if (!served) forgetSocket(open, wsEvent, connectionId);
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      served = true;
      serveSocket(open, wsEvent, sockets, connectionId, ws);
    });
  }

  return {
    port,
    url: `http://${domainName}`,
    wsUrl: `ws://${domainName}/ws`,
    ...(started.dynamo ? { dynamo: started.dynamo } : { stores: started.stores! }),
    app: started.app,
    outboxDir: started.outboxDir,
    notified: () => started.notified(),
    sweep: () => started.sweep(),
    async close() {
      for (const entry of sockets.values()) entry.ws.close(1001, 'server shutting down');
      // Let the $disconnect handlers (and anything else in flight) finish before the database goes away.
      const deadline = Date.now() + 5000;
      while ((sockets.size || started.busy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      const internalClosed = new Promise<void>((resolve) => internal.close(() => resolve()));
      internal.closeAllConnections();
      await internalClosed;
      await started.close();
    },
  } as LocalServer | MemoryServer;
}
