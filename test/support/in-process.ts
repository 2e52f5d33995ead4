/**
 * A server with no sockets and no listeners: the local runtime on the memory stores, reached
 * in-process — the same app, handlers, stream readers and sweep as `npm start`, with what API
 * Gateway does for each connection (local/gateway.ts), but frames passed as strings between
 * objects instead of over loopback. Its `url` and `wsUrl` (`inproc://…`) go to the same test
 * helpers as a real server's — `register`, `Client.connect`, `post`, `get`, `fetchFrom` — so a
 * protocol test runs unchanged on it, in milliseconds and without Java.
 */
import { EventEmitter } from 'node:events';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { MAX_CLIENT_FRAME_BYTES } from '../../functions/core/protocol/frames';
import type { WsEvent } from '../../functions/handlers/ws-event';
import { connectSocket, serveSocket, type GatewaySocket, type OpenSocket, type WsEvents } from '../../local/gateway';
import type { MemoryServer } from '../../local/server';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../local/runtime';
import { SocketSender } from '../../local/socket-sender';

export type InProcessServer = Omit<MemoryServer, 'port'> & {
  /** Answer an HTTP request as the local server would. */
  fetch(url: string, init?: RequestInit): Promise<InProcessResponse>;
  /** Open a WebSocket connection with this query string, or refuse it as the upgrade would (`upgrade refused: 401`). */
  connect(query: Record<string, string>): Promise<ClientSocket>;
};

/** What `fetch` answers, as far as the tests read it. */
export interface InProcessResponse {
  status: number;
  url: string;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** The client's end of an in-process WebSocket: what test/support/client.ts uses of `ws`. */
export interface ClientSocket {
  on(event: 'message', listener: (data: string) => void): void;
  once(event: 'close', listener: (code: number) => void): void;
  send(data: string): void;
  close(): void;
}

const servers = new Map<string, InProcessServer>();
let started = 0;

/**
 * A gate on the notifier's stream handler, for a server's `instrument` option: while `held`, each
 * batch the stream hands it is kept in `kept` instead, reported handled (the stream moves past it:
 * the notifier was down and its batch given up on, or a test hands it over later).
 */
export function streamGate(): {
  held: boolean;
  readonly kept: DynamoDBStreamEvent[];
  instrument: NonNullable<LocalRuntimeOptions['instrument']>;
} {
  const gate = {
    held: false,
    kept: [] as DynamoDBStreamEvent[],
    instrument: (<A extends unknown[], R>(name: string, handler: (...args: A) => Promise<R>) =>
      name === 'stream'
        ? async (...args: A) => {
            if (!gate.held) return handler(...args);
            gate.kept.push(args[0] as DynamoDBStreamEvent);
            return { batchItemFailures: [] } as R;
          }
        : handler) as NonNullable<LocalRuntimeOptions['instrument']>,
  };
  return gate;
}

/** The in-process server a URL names, if it is one. */
export function inProcess(url: string): InProcessServer | undefined {
  const match = /^inproc:\/\/([^/]+)/.exec(url);
  return match ? servers.get(match[1]!) : undefined;
}

/** `fetch`, for a real server or an in-process one. */
export function fetchFrom(url: string, init?: RequestInit): Promise<InProcessResponse | Response> {
  return inProcess(url)?.fetch(url, init) ?? fetch(url, init);
}

const OPEN = 1;
const CLOSED = 3;
/** The local server's limit on an HTTP body. */
const MAX_BODY_BYTES = 64 * 1024;

/** Both ends of one connection; what one end sends reaches the other on a later turn, as over a socket. */
function socketPair(): { server: GatewaySocket; client: ClientSocket } {
  const toServer = new EventEmitter();
  const toClient = new EventEmitter();
  let state = OPEN;
  const closeBoth = (code: number) => {
    if (state === CLOSED) return;
    state = CLOSED;
    setImmediate(() => {
      toServer.emit('close', code);
      toClient.emit('close', code);
    });
  };
  const server: GatewaySocket = {
    get readyState() {
      return state;
    },
    OPEN,
    bufferedAmount: 0,
    send: (data) => void (state === OPEN && setImmediate(() => toClient.emit('message', data))),
    close: (code = 1000) => closeBoth(code),
    terminate: () => closeBoth(1006),
    on: ((event: string, listener: (...args: unknown[]) => void) => toServer.on(event, listener)) as GatewaySocket['on'],
  };
  const client: ClientSocket = {
    on: (event, listener) => void toClient.on(event, listener),
    once: (event, listener) => void toClient.once(event, listener),
    send: (data) => {
      if (state !== OPEN) return;
      // The local server's WebSocket closes the connection on a frame over the limit (1009).
      if (Buffer.byteLength(data) > MAX_CLIENT_FRAME_BYTES) return closeBoth(1009);
      setImmediate(() => toServer.emit('message', data));
    },
    close: () => closeBoth(1000),
  };
  return { server, client };
}

export async function startInProcessServer(
  options: Omit<LocalRuntimeOptions, 'url' | 'sender' | 'connectionsEndpoint' | 'storage'> = { dataDir: null },
): Promise<InProcessServer> {
  const id = `server-${++started}`;
  const url = `inproc://${id}`;
  const sockets = new Map<string, OpenSocket>();
  const runtime: LocalRuntime = await startLocalRuntime({
    sweepIntervalMs: 0,
    ...options,
    storage: 'memory',
    // Links (and passkeys' relying party) name the loopback server this stands in for.
    url: 'http://localhost',
    sender: new SocketSender(sockets),
  });
  const events: WsEvents = (connectionId, routeKey, eventType, extra = {}): WsEvent => ({
    requestContext: { routeKey, eventType, connectionId, domainName: id, stage: 'local' },
    isBase64Encoded: false,
    ...extra,
  });
  let connections = 0;

  const server: InProcessServer = {
    url,
    wsUrl: `${url}/ws`,
    app: runtime.app,
    stores: runtime.stores!,
    outboxDir: runtime.outboxDir,
    notified: () => runtime.notified(),
    sweep: () => runtime.sweep(),

    async fetch(target, init = {}) {
      const path = new URL(target.replace(/^inproc:\/\/[^/]+/, 'http://local')).pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const body = typeof init.body === 'string' ? init.body : '';
      const answered = (status: number, text: string, type = 'application/json'): InProcessResponse => ({
        status,
        url: target,
        headers: new Headers({ 'content-type': type }),
        text: async () => text,
        json: async () => JSON.parse(text) as unknown,
      });
      if (Buffer.byteLength(body) > MAX_BODY_BYTES)
        return answered(413, JSON.stringify({ code: 'TOO_LARGE', message: `Request bodies may not exceed ${MAX_BODY_BYTES / 1024} KB.` }));
      const handler = runtime.passkeyPaths.has(path) ? runtime.handlers.passkey : runtime.handlers.http;
      // API Gateway's part: the client's address (a test names one with this header of the harness).
      const sourceIp = headers['x-inproc-source-ip'] ?? '127.0.0.1';
      const result = await handler({
        rawPath: path,
        body,
        isBase64Encoded: false,
        headers,
        requestContext: { http: { method, path, sourceIp } },
      });
      return answered(result.statusCode, result.body, result.headers?.['content-type']);
    },

    async connect(query) {
      const connectionId = `conn-${++connections}`;
      const result = await connectSocket(runtime, events, connectionId, query);
      if (result.statusCode !== 200)
        throw new Error(`upgrade refused: ${result.statusCode === 429 || result.statusCode === 400 ? result.statusCode : 401}`);
      const pair = socketPair();
      serveSocket(runtime, events, sockets, connectionId, pair.server);
      return pair.client;
    },

    async close() {
      for (const entry of sockets.values()) entry.ws.close(1001, 'server shutting down');
      const deadline = Date.now() + 5000;
      while ((sockets.size || runtime.busy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      servers.delete(id);
      await runtime.close();
    },
  };
  servers.set(id, server);
  return server;
}
