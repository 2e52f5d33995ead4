/**
 * Frames handed to the local runtime's own sockets. API Gateway delivers a function's frames
 * without an HTTP call per frame; the local runtime, which holds every socket, does the same
 * instead of posting each one to its `@connections` endpoint (still served, for the
 * management-API client: `connectionsApi` in LocalServerOptions).
 */
import type { ServerFrame } from '../functions/core/protocol/frames';
import type { Sender, SendResult } from '../functions/adapters/sender';
import { limit } from '../functions/adapters/limits';

/** What frames are handed to: a `ws` WebSocket, or a test's in-process socket. */
export interface SocketLike {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface LocalSocket {
  ws: SocketLike;
  connectedAt: Date;
}

/**
 * Hand `data` to the socket, as API Gateway answers a post: once it is handed over, not once the
 * client read it. A client that stops reading must not make the server hold its frames without
 * end: past the buffered limit its socket is ended and the connection is gone.
 */
export function deliver(socket: LocalSocket | undefined, data: string): 'sent' | 'gone' {
  if (!socket || socket.ws.readyState !== socket.ws.OPEN) return 'gone';
  if (socket.ws.bufferedAmount > limit('BUFFERED_BYTES')) {
    socket.ws.terminate();
    return 'gone';
  }
  socket.ws.send(data);
  return 'sent';
}

export class SocketSender implements Sender {
  /** Frames sent, and their total bytes (as ManagementApiSender counts them). */
  readonly usage = { frames: 0, bytes: 0 };

  constructor(private readonly sockets: ReadonlyMap<string, LocalSocket>) {}

  async send(connectionId: string, frame: ServerFrame): Promise<SendResult> {
    const data = JSON.stringify(frame);
    const result = deliver(this.sockets.get(connectionId), data);
    if (result === 'sent') {
      this.usage.frames++;
      this.usage.bytes += Buffer.byteLength(data);
    }
    return result;
  }

  async close(connectionId: string): Promise<void> {
    this.sockets.get(connectionId)?.ws.close(1000, 'closed by the server');
  }

  async isOpen(connectionId: string): Promise<boolean> {
    const socket = this.sockets.get(connectionId);
    return socket !== undefined && socket.ws.readyState === socket.ws.OPEN;
  }
}
