/**
 * API Gateway on loopback, as the template configures it: the WebSocket API (route selection
 * by the API's expression over the template's route keys, $connect / $disconnect, the
 * `@connections` management API of its stage) and the HTTP API's routes. Each route invokes
 * its integrated function's pool. As API Gateway does, a message whose integration fails is
 * answered with an "Internal server error" frame and not retried.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FunctionPool } from './lambda';

export interface Routes {
  ws: Map<string, FunctionPool>;
  /** The WebSocket API's route selection expression, `$request.body.<field>`. */
  routeSelection: string;
  http: Map<string, FunctionPool>;
}

export interface Gateway {
  port: number;
  url: string;
  wsUrl: string;
  stage: string;
  attach(routes: Routes): void;
  /** Frames API Gateway could not deliver because the connection was gone (410s). */
  gone: number;
  failedMessages: number;
  close(): Promise<void>;
}

const newConnectionId = () => randomBytes(9).toString('base64').replace(/[+/]/g, 'x');

export async function startGateway(stage: string): Promise<Gateway> {
  let routes: Routes | null = null;
  const sockets = new Map<string, WebSocket>();
  const server: Server = createServer();
  const wss = new WebSocketServer({ noServer: true });
  const gateway: Gateway = {
    port: 0,
    url: '',
    wsUrl: '',
    stage,
    attach: (r) => void (routes = r),
    gone: 0,
    failedMessages: 0,
    close: async () => undefined,
  };
  const domainName = () => `127.0.0.1:${gateway.port}`;
  const context = (connectionId: string, routeKey: string, eventType: string) => ({
    routeKey,
    eventType,
    connectionId,
    domainName: domainName(),
    stage,
    requestId: randomBytes(8).toString('hex'),
    connectedAt: Date.now(),
  });
  const selectionField = () => /^\$request\.body\.(\w+)$/.exec(routes!.routeSelection)![1]!;

  server.on('upgrade', async (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${domainName()}`);
    const connectionId = newConnectionId();
    let status = 500;
    try {
      const result = (await routes!.ws.get('$connect')!.invoke({
        requestContext: context(connectionId, '$connect', 'CONNECT'),
        queryStringParameters: Object.fromEntries(url.searchParams),
        headers: req.headers,
        isBase64Encoded: false,
      })) as { statusCode?: number } | null;
      status = result?.statusCode ?? 200;
    } catch {
      status = 500;
    }
    if (status !== 200) {
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      ws.on('message', async (data) => {
        const body = data.toString();
        let routeKey = '$default';
        try {
          const selected = (JSON.parse(body) as Record<string, unknown>)[selectionField()];
          if (typeof selected === 'string' && routes!.ws.has(selected)) routeKey = selected;
        } catch {
          // Not JSON: $default.
        }
        const requestContext = context(connectionId, routeKey, 'MESSAGE');
        try {
          await routes!.ws.get(routeKey)!.invoke({ requestContext, body, isBase64Encoded: false });
        } catch {
          gateway.failedMessages++;
          if (ws.readyState === ws.OPEN)
            ws.send(JSON.stringify({ message: 'Internal server error', connectionId, requestId: requestContext.requestId }));
        }
      });
      ws.on('close', () => {
        sockets.delete(connectionId);
        void routes!.ws
          .get('$disconnect')!
          .invoke({ requestContext: context(connectionId, '$disconnect', 'DISCONNECT'), isBase64Encoded: false })
          .catch(() => undefined);
      });
    });
  });

  server.on('request', async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', `http://${domainName()}`);
    const management = new RegExp(`^/${stage}/@connections/([^/]+)$`).exec(url.pathname);
    if (management) {
      const ws = sockets.get(decodeURIComponent(management[1]!));
      if (!ws || ws.readyState !== ws.OPEN) {
        gateway.gone++;
        res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
        res.end(JSON.stringify({ message: 'Gone' }));
        return;
      }
      if (req.method === 'POST') ws.send(Buffer.concat(chunks).toString());
      if (req.method === 'DELETE') ws.close(1000);
      res.writeHead(req.method === 'DELETE' ? 204 : 200, { 'content-type': 'application/json' });
      res.end(req.method === 'GET' ? JSON.stringify({ connectedAt: new Date().toISOString() }) : '');
      return;
    }
    // The HTTP API: the route whose method and path (with {parameters}) match, else $default.
    const key =
      [...routes!.http.keys()].find((k) => {
        const [method, pattern] = k.split(' ');
        if (!pattern) return false;
        const regex = new RegExp(`^${pattern.replace(/\{[^}]+\+?\}/g, '[^/]+')}$`);
        return (method === 'ANY' || method === req.method) && regex.test(url.pathname);
      }) ?? (routes!.http.has('$default') ? '$default' : undefined);
    if (!key) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    try {
      const result = (await routes!.http.get(key)!.invoke({
        version: '2.0',
        routeKey: key,
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        requestContext: {
          http: { method: req.method, path: url.pathname },
          requestId: randomBytes(8).toString('hex'),
          routeKey: key,
          stage: '$default',
        },
        body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
        isBase64Encoded: false,
      })) as { statusCode: number; headers?: Record<string, string>; body?: string };
      res.writeHead(result.statusCode, result.headers ?? {});
      res.end(result.body ?? '');
    } catch {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    }
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gateway.port = (server.address() as AddressInfo).port;
  gateway.url = `http://127.0.0.1:${gateway.port}`;
  gateway.wsUrl = `ws://127.0.0.1:${gateway.port}`;
  gateway.close = async () => {
    for (const ws of sockets.values()) ws.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(() => r(undefined)));
  };
  return gateway;
}
