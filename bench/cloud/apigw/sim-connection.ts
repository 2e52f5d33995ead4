/**
 * A client's end of one WebSocket connection through the API Gateway model: what a simulated
 * player sends, and the frames that reach it, each stamped with the virtual time it arrived.
 */

/** Why a connection closed. */
export type CloseReason = 'tooBig' | 'idle' | 'maxDuration' | 'client' | 'deleted';

/** A frame that reached the client. */
export interface Delivered {
  /** Virtual time it arrived (ms since the epoch). */
  at: number;
  /** As sent: the app's frame as JSON, or API Gateway's own error frame. */
  data: string;
}

/** What became of one client message. */
export type MessageOutcome =
  /** The route's handler ran (its answers, if any, come through @connections). */
  | 'handled'
  /** A throttle refused it: the client got API Gateway's "Too Many Requests" frame, the handler never ran. */
  | 'throttled'
  /** Over the frame or message size: the connection closed with 1009, the handler never ran. */
  | 'tooBig'
  /** The handler outlived the integration timeout, or threw: the client got API Gateway's error frame. */
  | 'timeout'
  | 'error'
  /** The connection was already closed: nothing sent. */
  | 'closed';

export interface SendOptions {
  /**
   * Split the message into frames of at most 32 KB, as a client library may; then only the
   * 128 KB message limit applies. Default false: one frame per message, as browsers send them,
   * so a message over 32 KB is a frame over 32 KB.
   */
  fragmented?: boolean;
}

/** What the connection asks of the API that holds it. */
export interface ConnectionGateway {
  receive(connection: SimConnection, message: string, options: SendOptions): Promise<MessageOutcome>;
  hangUp(connection: SimConnection): void;
}

export class SimConnection {
  readonly inbox: Delivered[] = [];
  /** Set once closed: the close code, why, and when. */
  closed: { code: number; reason: CloseReason; at: number } | null = null;
  /** The last message either way (the idle timeout counts from it). */
  lastActivity: number;
  private readonly listeners: ((frame: Delivered) => void)[] = [];

  constructor(
    readonly id: string,
    readonly openedAt: number,
    private readonly gateway: ConnectionGateway,
  ) {
    this.lastActivity = openedAt;
  }

  get open(): boolean {
    return this.closed === null;
  }

  /** Send a message; resolves once its handler has finished (or at once if it never ran). */
  send(message: string, options: SendOptions = {}): Promise<MessageOutcome> {
    return this.gateway.receive(this, message, options);
  }

  /** The client closes the connection (1000); `$disconnect` follows, unless lost. */
  close(): void {
    this.gateway.hangUp(this);
  }

  /** Called with every frame as it arrives (a simulated client's reactions); returns its removal. */
  onFrame(listener: (frame: Delivered) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** The inbox's frames, parsed. */
  frames<T = Record<string, unknown>>(): T[] {
    return this.inbox.map((d) => JSON.parse(d.data) as T);
  }

  /** The model hands a frame over; not for clients. */
  deliver(data: string, at: number): void {
    const frame = { at, data };
    this.inbox.push(frame);
    for (const listener of [...this.listeners]) listener(frame);
  }
}
