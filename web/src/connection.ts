/**
 * The realtime channel: one WebSocket with the player's token that reconnects by itself (after
 * sleep, network loss or a server restart), resubscribes to the games on screen, resyncs when a
 * version is skipped, and resends commands that were not acknowledged (their commandId makes that
 * safe). Answers are matched to requests by requestId. It subscribes with `logDelta`, so each
 * move brings only its new log lines; the full log is rebuilt here.
 */
import { LOG_KEEP, type ServerFrame, type StateFrame } from '../../functions/core/protocol/frames';
import { mergeLog } from '../../functions/core/protocol/log-delta';

export type Status = 'connecting' | 'online' | 'offline';

/**
 * Where to connect: a fixed URL, or one asked for before each attempt (a device's access token
 * is short-lived); `refused` says the last attempt never opened (the token may be refused).
 */
export type SocketUrl = string | ((refused: boolean) => Promise<string>);

interface Waiting {
  resolve(frame: ServerFrame): void;
  reject(error: Error): void;
  frame: Record<string, unknown>;
  /** Sent again after a reconnect (commands, subscriptions). */
  resend: boolean;
  /** Went out on a socket (requests made while disconnected wait for the next one). */
  sent: boolean;
}

/** Log lines a game screen starts with (a phone on a slow network needs no more); more on request. */
const LOG_LINES = 30;

/**
 * Timing of the socket over days. API Gateway drops a connection idle for 10 minutes, so a
 * visible page pings after `idleMs` without a frame sent. A page hidden for `hiddenMs` closes
 * its socket: while connected its player counts as online and gets no push notifications. Tests
 * may shorten them through `globalThis.caravelaTiming` before the app starts.
 */
const TIMING = {
  idleMs: 4 * 60_000,
  hiddenMs: 3 * 60_000,
  retryBaseMs: 500,
  retryCapMs: 10_000,
  ...(globalThis as { caravelaTiming?: object }).caravelaTiming,
};

let counter = 0;
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export class Connection {
  private ws: WebSocket | null = null;
  private readonly waiting = new Map<string, Waiting>();
  /** Games watched, with how many log lines to ask for when (re)subscribing. */
  private readonly subscriptions = new Map<string, number>();
  private readonly states = new Map<string, StateFrame>();
  private readonly listeners = new Set<(frame: ServerFrame) => void>();
  private statusListeners = new Set<(s: Status) => void>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Pings an idle visible socket; closes a hidden page's socket. */
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** The socket was closed on purpose (hidden page): no reconnect until the page is shown. */
  private resting = false;
  /** When the current socket opened (a server's close of a long-lived socket is planned, not a failure). */
  private openedAt = 0;
  private closed = false;
  /** Asking for the URL (an access token being refreshed); the last attempt never opened. */
  private opening = false;
  private refused = false;
  status: Status = 'connecting';

  constructor(private readonly url: SocketUrl) {
    this.open();
    window.addEventListener('online', () => this.wake());
    document.addEventListener('visibilitychange', () => this.visibilityChanged());
  }

  /** Reconnect now if the socket is down (back from sleep, network back, page shown again). */
  wake(): void {
    this.resting = false;
    if (this.closed || this.opening || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.timer);
    this.open();
  }

  private visibilityChanged(): void {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === 'visible') return this.wake();
    this.hiddenTimer = setTimeout(() => {
      if (document.visibilityState === 'visible' || this.closed) return;
      this.resting = true;
      this.ws?.close(1000, 'page hidden');
    }, TIMING.hiddenMs);
  }

  /** A visible page pings when it has sent nothing for a while, so API Gateway keeps the socket. */
  private keepAlive(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.ws?.readyState !== WebSocket.OPEN) return;
      if (document.visibilityState === 'visible') this.send({ action: 'ping', requestId: newId('p') });
      else this.keepAlive();
    }, TIMING.idleMs);
  }

  private setStatus(status: Status): void {
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private open(): void {
    this.setStatus('connecting');
    if (typeof this.url === 'string') return this.openAt(this.url);
    this.opening = true;
    this.url(this.refused).then(
      (url) => {
        this.opening = false;
        if (!this.closed) this.openAt(url);
      },
      () => {
        // No URL now (offline while refreshing the token, or signed out: then the owner closes this).
        this.opening = false;
        if (this.closed) return;
        this.setStatus('offline');
        this.timer = setTimeout(() => this.open(), Math.random() * Math.min(TIMING.retryCapMs, TIMING.retryBaseMs * 2 ** this.retry++));
      },
    );
  }

  /**
   * The socket watches the first game on screen from its start (`?game=`, with the options
   * `subscribe` sends): the server records it with the connection, and the subscribe that asks
   * for its state stores nothing more.
   */
  private watching(url: string): string {
    const [gameId] = this.subscriptions.keys();
    if (gameId === undefined) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams({ game: gameId, logDelta: 'true', lean: 'true' })}`;
  }

  private openAt(url: string): void {
    const ws = new WebSocket(this.watching(url));
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.refused = false;
      this.retry = 0;
      this.openedAt = Date.now();
      this.setStatus('online');
      this.keepAlive();
      const resubscribing = new Set([...this.waiting.values()].filter((w) => w.frame.action === 'subscribe').map((w) => w.frame.gameId));
      for (const gameId of this.subscriptions.keys()) if (!resubscribing.has(gameId)) this.resync(gameId);
      for (const [requestId, w] of this.waiting) if (w.resend || !w.sent) w.sent = this.send({ ...w.frame, requestId });
    };
    ws.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerFrame);
    ws.onclose = (event) => {
      clearTimeout(this.idleTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (!opened) this.refused = true;
      // A close the server chose (API Gateway ends every connection after 2 hours) is followed by
      // a new socket at once, without showing "offline"; failures back off with full jitter, so
      // clients dropped together do not all come back at the same moment.
      const planned = !this.resting && (event.code === 1000 || event.code === 1001) && Date.now() - this.openedAt > 10_000;
      this.setStatus(planned ? 'connecting' : 'offline');
      // Requests that went out and cannot be repeated fail now; the rest wait for the reconnect.
      for (const [id, w] of this.waiting) {
        if (w.sent && !w.resend) {
          this.waiting.delete(id);
          w.reject(new Error('The connection was lost; try again.'));
        }
      }
      if (this.closed || this.resting) return;
      const delay = planned ? 0 : Math.random() * Math.min(TIMING.retryCapMs, TIMING.retryBaseMs * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  private resync(gameId: string): void {
    this.send({
      action: 'subscribe',
      gameId,
      logDelta: true,
      logLines: this.subscriptions.get(gameId) ?? LOG_LINES,
      lean: true,
      requestId: newId('s'),
    });
  }

  private receive(received: ServerFrame): void {
    let frame = received;
    if (frame.type === 'state') {
      const known = this.states.get(frame.gameId);
      if (known && frame.version < known.version) return; // an older frame arriving late changes nothing
      const full = mergeLog(known, frame);
      if (!full) {
        // A version was skipped (frames from different servers crossed), so the delta does not apply: resync.
        if (!known || frame.version > known.version) this.resync(frame.gameId);
        return;
      }
      if (known && full.version > known.version + 1 && !('requestId' in full && full.requestId)) this.resync(full.gameId);
      this.states.set(full.gameId, (frame = full));
    }
    if (frame.type === 'presence') {
      const known = this.states.get(frame.gameId);
      if (known) this.states.set(frame.gameId, { ...known, online: frame.online });
    }
    const requestId = (frame as { requestId?: string }).requestId;
    const w = requestId ? this.waiting.get(requestId) : undefined;
    // Sent too fast (a flurry of clicks), or the database busy this second: send it again once the server says it may go.
    if (
      w &&
      requestId &&
      frame.type === 'error' &&
      frame.code === 'RATE_LIMITED' &&
      frame.retryAfterMs !== undefined &&
      frame.retryAfterMs <= 5000
    ) {
      setTimeout(() => {
        if (this.waiting.get(requestId) === w) w.sent = this.send({ ...w.frame, requestId });
      }, frame.retryAfterMs);
      return;
    }
    if (w && requestId) {
      this.waiting.delete(requestId);
      w.resolve(frame);
    }
    for (const l of this.listeners) l(frame);
  }

  private send(frame: Record<string, unknown>): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    this.keepAlive();
    return true;
  }

  /**
   * Send a frame and wait for the answer that echoes its requestId. `resend`: the request is safe
   * to repeat (a read, a command with its commandId, a createGame with its createId), so a socket
   * lost before the answer sends it again on the next one instead of failing it.
   */
  request<F extends ServerFrame = ServerFrame>(frame: Record<string, unknown>, resend = false): Promise<F> {
    const requestId = newId('r');
    return new Promise<F>((resolve, reject) => {
      const waiting: Waiting = { resolve: resolve as (f: ServerFrame) => void, reject, frame, resend, sent: false };
      this.waiting.set(requestId, waiting);
      waiting.sent = this.send({ ...frame, requestId });
    });
  }

  /**
   * Watch a game: its state now (or an error), and after every change. The first answer holds
   * the latest `logLines` log lines (all kept ones: LOG_KEEP); later frames add to them.
   */
  subscribe(gameId: string, logLines = LOG_LINES): Promise<ServerFrame> {
    this.subscriptions.set(gameId, logLines);
    return this.request({ action: 'subscribe', gameId, logDelta: true, logLines, lean: true }, true);
  }

  /** Whether the game was subscribed with fewer than all kept log lines. */
  logShortened(gameId: string): boolean {
    return (this.subscriptions.get(gameId) ?? LOG_KEEP) < LOG_KEEP;
  }

  unsubscribe(gameId: string): void {
    this.subscriptions.delete(gameId);
  }

  /** A command with a fresh commandId, sent again after a reconnect until answered. */
  command(gameId: string, command: object, expectedVersion?: number): Promise<ServerFrame> {
    return this.request(
      { action: 'command', gameId, commandId: newId('c'), command, ...(expectedVersion === undefined ? {} : { expectedVersion }) },
      true,
    );
  }

  state(gameId: string): StateFrame | undefined {
    return this.states.get(gameId);
  }

  onFrame(listener: (frame: ServerFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: Status) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Drop the socket as a network failure would (tests use it); the connection comes back by itself. */
  drop(): void {
    this.ws?.close();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.idleTimer);
    clearTimeout(this.hiddenTimer);
    this.ws?.close();
  }
}
