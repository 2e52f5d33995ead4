/**
 * What API Gateway does for the local runtime's WebSocket connections: `$connect` decides
 * whether a connection opens; an open one's frames go to the message handler one at a time, in
 * order, within the per-connection limits (frames per second, frames waiting; beyond them the
 * socket is closed with 1008); `$disconnect` follows its close. Any socket that behaves like a
 * `ws` WebSocket will do: the server's, or a test's in-process one.
 */
import type { WsEvent, WsResult } from '../functions/handlers/ws-event';
import { limit, rateLimited, TokenBucket } from '../functions/adapters/limits';
import type { LocalRuntime } from './runtime';
import type { LocalSocket, SocketLike } from './socket-sender';

/** WebSocket close codes (RFC 6455): the client broke a policy (flooding). */
const CLOSE_POLICY = 1008;

/** The socket of an open connection, as `ws` has it. */
export interface GatewaySocket extends SocketLike {
  on(event: 'message', listener: (data: { toString(): string }) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

export type OpenSocket = LocalSocket & { queue: Promise<void> };

/** Builds the API-Gateway-shaped events of one connection. */
export type WsEvents = (
  connectionId: string,
  routeKey: string,
  eventType: WsEvent['requestContext']['eventType'],
  extra?: Partial<WsEvent>,
) => WsEvent;

/** The request id of a frame, if it has one, to echo in a refusal (the frame is not handled). */
function requestIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { requestId?: unknown } | null)?.requestId;
    return typeof id === 'string' && id.length <= 64 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** `$connect` with the connection's query string: 200 opens it; 401 or 429 (with a body) refuse it. */
export function connectSocket(
  runtime: LocalRuntime,
  events: WsEvents,
  connectionId: string,
  query: Record<string, string>,
): Promise<WsResult> {
  return runtime.handlers.connect(events(connectionId, '$connect', 'CONNECT', { queryStringParameters: query }));
}

/** `$disconnect` of a connection that never opened (its client left while `$connect` ran). */
export function forgetSocket(runtime: LocalRuntime, events: WsEvents, connectionId: string): void {
  void runtime.handlers
    .disconnect(events(connectionId, '$disconnect', 'DISCONNECT'))
    .catch((error) => console.error('$disconnect failed:', error));
}

/** Serve an open connection's socket until it closes. */
export function serveSocket(
  runtime: LocalRuntime,
  events: WsEvents,
  sockets: Map<string, OpenSocket>,
  connectionId: string,
  ws: GatewaySocket,
): void {
  const entry: OpenSocket = { ws, connectedAt: new Date(), queue: Promise.resolve() };
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
    entry.queue = runtime.track(
      entry.queue.then(() =>
        runtime.handlers.message(events(connectionId, '$default', 'MESSAGE', { body })).then(
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
    entry.queue = runtime.track(
      entry.queue.then(() =>
        runtime.handlers.disconnect(events(connectionId, '$disconnect', 'DISCONNECT')).then(
          () => undefined,
          (error) => console.error('$disconnect failed:', error),
        ),
      ),
    );
  });
}
