/**
 * A person's client against the deployed stack, behaving as the web client does when the
 * server side fails: a request without an answer (its invocation died; API Gateway answered
 * "Internal server error" or nothing) is sent again with the same ids — commands are
 * idempotent by commandId — a refused connection is retried, and a version gap or a quiet
 * spell makes it subscribe again.
 */
import WebSocket from 'ws';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';

export interface Account {
  playerId: string;
  token: string;
  name: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Register over the HTTP API, retrying while the function's instance dies; `device`: signed in as a device (an expiring v2 token). */
export async function registerPlayer(baseUrl: string, name: string, device?: string): Promise<Account> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(`${baseUrl}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, ...(device ? { device: { label: device } } : {}) }),
    });
    if (res.status === 201) return { ...((await res.json()) as { playerId: string; token: string }), name };
    await sleep(100);
  }
  throw new Error(`could not register ${name}`);
}

let requests = 0;

export class Person {
  private ws: WebSocket | null = null;
  private readonly waiting = new Map<string, (frame: ServerFrame) => void>();
  /** The latest state seen per game. */
  readonly states = new Map<string, StateFrame>();
  /** Told each time a newer state is held (stateWhere). */
  private readonly onState = new Set<() => void>();
  retries = 0;
  /** Frames refused RATE_LIMITED and sent again after the wait the refusal named. */
  slowedDown = 0;
  reconnects = 0;
  internalErrors = 0;

  constructor(
    readonly account: Account,
    private readonly wsUrl: string,
  ) {}

  /** Open a socket, watching `game` from the start if given (`?game=`). */
  async connect(game?: string): Promise<void> {
    const query = new URLSearchParams({ token: this.account.token, ...(game ? { game } : {}) });
    for (let attempt = 0; ; attempt++) {
      try {
        this.ws = await new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${this.wsUrl}/?${query}`);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
          ws.once('unexpected-response', () => reject(new Error('refused')));
        });
        break;
      } catch (error) {
        if (attempt > 30) throw error;
        this.reconnects++;
        await sleep(100);
      }
    }
    this.ws.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerFrame | { message: string }));
  }

  async close(): Promise<void> {
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState === ws.OPEN)
      await new Promise((r) => {
        ws.once('close', r);
        ws.close();
      });
  }

  get connected(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  private receive(frame: ServerFrame | { message: string }): void {
    if (!('type' in frame)) {
      this.internalErrors++; // API Gateway's frame for a failed invocation; the request's timer resends it
      return;
    }
    if (frame.type === 'state') {
      const known = this.states.get(frame.gameId);
      if (!known || frame.version >= known.version) {
        this.states.set(frame.gameId, frame);
        for (const told of this.onState) told();
      }
    }
    const id = (frame as { requestId?: string }).requestId;
    if (id) this.waiting.get(id)?.(frame);
  }

  /**
   * Send a frame until it is answered; the same requestId (and commandId) each time. Refused for
   * going too fast (the cloud's frame budget: this player acts at machine speed), it waits as long
   * as the refusal says and sends again, as a client should.
   */
  async request<T = ServerFrame>(frame: Record<string, unknown>, patienceMs = 3000): Promise<T> {
    const requestId = `r${++requests}`;
    try {
      for (let attempt = 0; attempt < 40; attempt++) {
        const answered = new Promise<ServerFrame>((resolve) => this.waiting.set(requestId, resolve));
        if (!this.connected) await this.connect();
        this.ws!.send(JSON.stringify({ ...frame, requestId }));
        const answer = await Promise.race([answered, sleep(patienceMs).then(() => null)]);
        if (answer?.type === 'error' && answer.code === 'RATE_LIMITED') {
          this.slowedDown++;
          await sleep(answer.retryAfterMs ?? 1000);
          continue;
        }
        if (answer) return answer as T;
        this.retries++;
      }
      throw new Error(`no answer to ${JSON.stringify(frame)}`);
    } finally {
      this.waiting.delete(requestId);
    }
  }

  /** The first state of a game held that `holds` (the one held now, or a later one as it comes), or an error after `timeoutMs`. */
  stateWhere(gameId: string, holds: (s: StateFrame) => boolean, timeoutMs: number): Promise<StateFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const s = this.states.get(gameId);
        if (!s || !holds(s)) return;
        done();
        resolve(s);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.account.name}: no state of ${gameId} as wanted within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.onState.delete(check);
      };
      this.onState.add(check);
      check();
    });
  }

  /** Subscribe (again): the whole current state of the game. */
  async subscribe(gameId: string): Promise<StateFrame> {
    const frame = await this.request<StateFrame>({ action: 'subscribe', gameId });
    if (frame.type !== 'state') throw new Error(`subscribe: ${JSON.stringify(frame)}`);
    return this.states.get(gameId)!;
  }
}
