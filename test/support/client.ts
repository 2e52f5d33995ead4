/**
 * A protocol client for tests and benchmarks: registers over HTTP, connects over WebSocket (or
 * in-process, to a server of in-process.ts),
 * matches answers to requests by requestId, and keeps every frame it receives. A log delta
 * (`subscribe` with `logDelta`) is kept merged into the full state when it applies to the
 * latest state held, as the web client does; `raw` keeps the frames as they came. Under the
 * test runner, every frame and HTTP answer it receives is held to the published schemas
 * (schema-check.ts): one that does not match fails the test that received it.
 */
import WebSocket from 'ws';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { mergeLog } from '../../functions/core/protocol/log-delta';
import { fetchFrom, inProcess, type ClientSocket } from './in-process';

/** The schema checks run in tests only: benchmarks use this client too, and time it. */
const schemaCheck = process.env.VITEST ? await import('./schema-check') : undefined;

export interface Player {
  playerId: string;
  token: string;
  name: string;
}

export async function register(baseUrl: string, name: string): Promise<Player> {
  const res = await fetchFrom(`${baseUrl}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const text = await res.text();
  const problem = schemaCheck?.httpProblem('POST', res.url, res.status, jsonOrText(text));
  if (problem) schemaCheck?.report(problem);
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${text}`);
  const body = JSON.parse(text) as { playerId: string; token: string };
  return { ...body, name };
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let nextRequest = 0;

export class Client {
  readonly frames: ServerFrame[] = [];
  readonly raw: ServerFrame[] = [];
  /** Each game's state of the highest version received (the first of them), kept as frames arrive. */
  private readonly newest = new Map<string, StateFrame>();
  private readonly waiters = new Set<{ match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }>();
  private closed: Promise<void>;

  private constructor(
    readonly player: Player,
    private readonly ws: ClientSocket | WebSocket,
  ) {
    ws.on('message', (data: { toString(): string }) => {
      const received = JSON.parse(data.toString()) as ServerFrame;
      const problem = schemaCheck?.frameProblem(received);
      if (problem) schemaCheck?.report(`${player.name} received ${problem}`);
      this.raw.push(received);
      const frame = received.type === 'state' ? (mergeLog(this.latest(received.gameId), received) ?? received) : received;
      this.frames.push(frame);
      if (frame.type === 'state' && frame.version > (this.newest.get(frame.gameId)?.version ?? -Infinity))
        this.newest.set(frame.gameId, frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.delete(w);
          w.resolve(frame);
        }
      }
    });
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
  }

  /** Connect over a WebSocket (with more of the query string: `?game=`…), or in-process to an in-process server (in-process.ts). */
  static async connect(wsUrl: string, player: Player, query: Record<string, string> = {}): Promise<Client> {
    const local = inProcess(wsUrl);
    if (local) return new Client(player, await local.connect({ token: player.token, ...query }));
    const ws = new WebSocket(`${wsUrl}?${new URLSearchParams({ token: player.token, ...query })}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    return new Client(player, ws);
  }

  /** Wait for the first frame (from now on) that matches. */
  waitFor<F extends ServerFrame = ServerFrame>(match: (f: ServerFrame) => boolean, timeoutMs = 20_000): Promise<F> {
    return new Promise<F>((resolve, reject) => {
      const waiter = {
        match,
        resolve: (f: ServerFrame) => {
          clearTimeout(timer);
          resolve(f as F);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `${this.player.name}: no matching frame within ${timeoutMs} ms; last: ${JSON.stringify(this.frames.at(-1))?.slice(0, 300)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Send a frame with a fresh requestId and wait for the answer that echoes it. Like a
   * well-behaved client, it sends again when told RATE_LIMITED with a wait of a few seconds.
   */
  async request<F extends ServerFrame = ServerFrame>(frame: Record<string, unknown>): Promise<F> {
    for (;;) {
      const answer = await this.requestOnce<F>(frame);
      const wait = answer.type === 'error' && answer.code === 'RATE_LIMITED' ? answer.retryAfterMs : undefined;
      if (wait === undefined || wait > 5000) return answer;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** `request` without sending again. */
  requestOnce<F extends ServerFrame = ServerFrame>(frame: Record<string, unknown>): Promise<F> {
    const requestId = `r${++nextRequest}`;
    const answer = this.waitFor<F>((f) => (f as { requestId?: string }).requestId === requestId);
    this.send({ ...frame, requestId });
    return schemaCheck
      ? answer.then((a) => {
          const problem = schemaCheck.answerProblem(frame, a);
          if (problem) schemaCheck.report(`${this.player.name}: ${problem}`);
          return a;
        })
      : answer;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  states(gameId: string): StateFrame[] {
    return this.frames.filter((f): f is StateFrame => f.type === 'state' && f.gameId === gameId);
  }

  latest(gameId: string): StateFrame | undefined {
    return this.newest.get(gameId);
  }

  /** The newest state of a game once it is at `version` or later (an ack comes before its state frame). */
  async until(gameId: string, version: number): Promise<StateFrame> {
    const newest = this.latest(gameId);
    if (newest && newest.version >= version) return newest;
    return this.waitFor<StateFrame>((f) => f.type === 'state' && f.gameId === gameId && f.version >= version);
  }

  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}
