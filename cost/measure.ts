/**
 * Measures what one complete 4-player game of Vasco da Gama costs to run: it plays the game
 * through the local runtime (local/server.ts: the very handlers that run on Lambda, DynamoDB
 * Local, the @connections endpoint, the stream poller) with real protocol clients over
 * WebSocket, and counts, per game:
 *
 * - Lambda invocations per function and their wall time (a wrapper around each handler, handed to
 *   the local server through its `instrument` option);
 * - every DynamoDB call the handlers make and the read/write units DynamoDB reports for it (SDK
 *   middleware on the runtime's one DynamoDB client, which asks for ReturnConsumedCapacity on every
 *   call: EventStore, Records, Schedule alike), attributed to the function that made it;
 * - WebSocket messages in (client frames) and out (PostToConnection calls, SDK middleware on the
 *   @connections client) with their sizes and 32 KB units; connections; HTTP requests;
 * - notifications delivered (Web Push to a loopback push service) and the bytes the game leaves in
 *   the table (a scan at the end).
 *
 * Nothing leaves the machine: DynamoDB Local, the server, the clients and the push service all
 * listen on 127.0.0.1. The counters EventStore.usage and ManagementApiSender.usage are read as a
 * cross-check.
 *
 * Scenarios: `async` (the default, what the product is for: players take turns over days; each
 * connects when told it is their turn, plays, and leaves), `live` (four clients online for the
 * whole game), `bots` (one person against `bots: [1, 2, 3]`). Clients subscribe with `logDelta`
 * and `lean`, as the web client does (state frames then carry only the new log lines, and no
 * static view fields). They choose uniformly at random
 * from their `legal` lists with a seeded generator; the server draws the game's own seed, so two
 * runs differ a little.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { Rng } from '../domain/engine/rng';
import type { ManagementApiSender } from '../functions/adapters/sender';
import type { HttpEvent, HttpResult } from '../functions/api/http-io';
import { host, eventStore } from '../functions/app/games';
import { connectionCache } from '../functions/app/connections';
import { connectionsClients, dynamo, senderFor } from '../functions/app/outside';
import type { EventStore } from '../functions/adapters/store/event-store';
import { connectionStore } from '../functions/app/connections';
import type { ServerFrame, StateFrame } from '../functions/core/protocol/frames';
import type { WsEvent, WsResult } from '../functions/handlers/ws-event';
import { botsTake } from '../functions/handlers/bots';
import { LOCAL_CREDENTIALS } from '../local/dynamodb';
import { startLocalServer, TABLE_NAME, type HandlerName, type LocalServer, type LocalServerOptions } from '../local/server';
import { Client, type Player } from '../test/support/client';
import { browser, startReceiver, type LoopbackServer } from '../test/support/push-service';
import { webLoad } from './web';
import {
  ASSUMPTIONS,
  emptyPhase,
  units32KB,
  units512KB,
  type DynamoStats,
  type FunctionName,
  type Measurement,
  type PhaseCounts,
  type Scenario,
} from './model';

export const GAME = 'vasco-da-gama';
export const SEATS = 4;

export interface MeasureOptions {
  scenario?: Scenario;
  /** Seed of the clients' choices. */
  seed?: number;
  /** Empty the per-container caches before every handler call (default: ASSUMPTIONS.coldCaches). */
  coldCaches?: boolean;
  /** Play with a time control (`perMove`, 72 h): adds the clock item's writes to every commit. */
  clock?: boolean;
  /**
   * A server started with `startMeasuredServer` (several measurements on one server); else one is
   * started and stopped.
   */
  server?: MeasuredServer;
  /** Progress lines (stderr in scripts/cost.ts). */
  log?: (line: string) => void;
}

// ---------------------------------------------------------------------------------------------
// Counting

interface Context {
  fn: FunctionName;
  phase: PhaseCounts;
  /** The invocation's waiting on requests: how many are out now, since when, and the ms with any out. */
  io: { out: number; since: number; ms: number };
}

/**
 * Time `request` (a DynamoDB call, a post to a connection) as waiting of the invocation running
 * it, if any. A push's POST to the loopback push service (about a millisecond) is not wrapped, so
 * it counts as computing: a little more than its due.
 */
async function waiting<T>(request: () => Promise<T>): Promise<T> {
  const io = als.getStore()?.io;
  if (!io) return request();
  if (io.out++ === 0) io.since = performance.now();
  try {
    return await request();
  } finally {
    if (--io.out === 0) io.ms += performance.now() - io.since;
  }
}

/** The measurement in progress (one at a time per process). */
class Recorder {
  readonly phases = { onboarding: emptyPhase(), game: emptyPhase() };
  phase: PhaseCounts = this.phases.onboarding;
  readonly gameIds = new Set<string>();
  inflight = 0;
  open = 0;
  /** connection#game#version of every state frame sent in the game phase (the floor's frames). */
  readonly stateFrames = new Set<string>();
  /** The shortest `message` invocation that carried a person's command, ms, and the ms of it the handler computed. */
  commandMinMs = Infinity;
  commandMinCpuMs = 0;

  constructor(readonly coldCaches: boolean) {}

  /** The app whose caches are emptied (set when the measurement starts). */
  app: LocalServer['app'] | null = null;

  /** As on a container that has not seen the game's latest version nor this connection. */
  emptyCaches(): void {
    if (!this.app) return;
    for (const id of this.gameIds) this.app.get(host).games.forget(id);
    this.app.get(connectionCache).clear();
  }

  /** Wait until no handler runs, `open` sockets are open, and the notifier has handled every commit. */
  async quiet(server: LocalServer, open = 0): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      while ((this.inflight > 0 || this.open > open) && Date.now() < deadline) await sleep(5);
      await server.notified();
      if (this.inflight === 0 && this.open <= open) return;
      if (Date.now() > deadline) throw new Error(`the server did not settle (${this.inflight} handler calls, ${this.open} sockets open)`);
    }
  }
}

const als = new AsyncLocalStorage<Context>();
let active: Recorder | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function addDynamo(to: DynamoStats, reads: number, writes: number): void {
  to.calls++;
  to.readUnits += reads;
  to.writeUnits += writes;
}

/** Handed to startLocalServer: times each handler call and notes what it received and answered. */
export function instrument<A extends unknown[], R>(name: HandlerName, handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    const rec = active;
    if (!rec) return handler(...args);
    const phase = rec.phase;
    const stats = phase.lambda[name];
    if (rec.coldCaches) rec.emptyCaches();
    const event = args[0];
    if (name === 'message') {
      const bytes = Buffer.byteLength((event as WsEvent).body ?? '');
      phase.wsIn.messages++;
      phase.wsIn.bytes += bytes;
      phase.wsIn.units32KB += units32KB(bytes);
      phase.wsIn.maxBytes = Math.max(phase.wsIn.maxBytes, bytes);
    } else if (name === 'stream') {
      const records = (event as DynamoDBStreamEvent).Records;
      phase.stream.batches++;
      phase.stream.records += records.length;
      // What the cloud's event filter (infra/stack.ts) lets through: inserted commit items.
      phase.stream.commitInserts += records.filter((r) => r.eventName === 'INSERT' && r.dynamodb?.NewImage?.kind?.S === 'commit').length;
    } else if (name === 'bots') {
      // The cloud invokes the Bots function only for a batch one of its filters lets a record through
      // (infra/stack.ts): an automatic seat to act, or a finished game to rate.
      const records = (event as DynamoDBStreamEvent).Records;
      if (records.some((r) => r.eventName === 'INSERT' && botsTake(r.dynamodb?.NewImage ?? {})))
        phase.stream.botBatches = (phase.stream.botBatches ?? 0) + 1;
    } else if (name === 'disconnect') rec.open--;
    rec.inflight++;
    const isCommand = name === 'message' && /"action"\s*:\s*"command"/.test((event as WsEvent).body ?? '');
    const t0 = performance.now();
    const io = { out: 0, since: 0, ms: 0 };
    try {
      const result = await als.run({ fn: name, phase, io }, () => handler(...args));
      if (name === 'connect' && (result as WsResult).statusCode === 200) {
        phase.connections++;
        rec.open++;
      } else if (name === 'http') {
        const requestBytes = Buffer.byteLength((event as HttpEvent).body ?? '') + Buffer.byteLength((event as HttpEvent).rawPath);
        const responseBytes = Buffer.byteLength((result as HttpResult).body);
        phase.http.requests++;
        phase.http.requestBytes += requestBytes;
        phase.http.responseBytes += responseBytes;
        phase.http.units512KB += units512KB(Math.max(requestBytes, responseBytes));
      }
      return result;
    } finally {
      const ms = performance.now() - t0;
      // What it computed: its time with no request out (requests still out at its end are not its to wait for).
      const cpuMs = Math.max(0, ms - io.ms - (io.out > 0 ? performance.now() - io.since : 0));
      if (isCommand && phase === rec.phases.game && ms < rec.commandMinMs) {
        rec.commandMinMs = ms;
        rec.commandMinCpuMs = cpuMs;
      }
      stats.invocations++;
      stats.durationMs += ms;
      stats.cpuMs = (stats.cpuMs ?? 0) + cpuMs;
      stats.billedMs += Math.max(1, Math.ceil(ms));
      stats.maxMs = Math.max(stats.maxMs, ms);
      rec.inflight--;
    }
  };
}

type Input = Record<string, unknown>;
/** A value as the document client has it, or marshalled (the middleware may see either). */
const plain = (v: unknown): unknown => (v && typeof v === 'object' && 'S' in v ? (v as { S: unknown }).S : v);

/** The kind of item a key names: the first part of its partition and of its sort key ("PLAYER PROFILE", "GAME V", "DELIVERY push"). */
const itemKind = (key: Input | undefined): string => {
  if (!key) return 'unknown';
  const sk = String(plain(key.sk)).split(/[#:]/)[0]!;
  // A sort key that starts with a time (a due item) is named for it, not by it.
  return `${String(plain(key.pk)).split('#')[0]} ${/^\d/.test(sk) ? 'at' : sk}`;
};
/** A write request's items, each with its key and the units DynamoDB bills for it alone (transactions: twice per KB). */
function writtenItems(op: string, input: Input): { kind: string; billed: number }[] {
  const size = (x: unknown) => Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(x ?? {})) / 1024));
  if (op === 'TransactWriteItems')
    return ((input.TransactItems as Record<string, Input>[] | undefined) ?? []).map((part) => {
      const write = Object.values(part)[0]!;
      return { kind: itemKind((write.Item ?? write.Key) as Input), billed: 2 * size(write.Item ?? write.Key) };
    });
  if (op === 'BatchWriteItem')
    return Object.values((input.RequestItems as Record<string, Record<string, Input>[]>) ?? {})
      .flat()
      .map((r) => {
        const item = (r.PutRequest?.Item ?? r.DeleteRequest?.Key) as Input;
        return { kind: itemKind(item), billed: size(item) };
      });
  const item = (input.Item ?? input.Key) as Input | undefined;
  return [{ kind: itemKind(item), billed: size(item) }];
}
const billedOf = (items: { billed: number }[]) => items.reduce((sum, i) => sum + i.billed, 0);

/**
 * Counts every call of the runtime's DynamoDB client and its consumed capacity. DynamoDB Local
 * reports the units DynamoDB would; three cases are filled in: a read that finds nothing (reported
 * as 0; DynamoDB bills a 4 KB unit, half for an eventually consistent read), a failed
 * conditional write (no capacity in the error; billed as the item's size, from its JSON), and a
 * transaction (reported short; DynamoDB bills two units per KB of each item it writes).
 */
function countDynamo(app: LocalServer['app']): void {
  const client = app.get(dynamo);
  if ((client as { __costCounted?: boolean }).__costCounted) return;
  (client as { __costCounted?: boolean }).__costCounted = true;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Input;
      input.ReturnConsumedCapacity = 'TOTAL';
      const rec = active;
      const ctx = als.getStore();
      const op = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      const record = (reads: number, writes: number) => {
        if (!rec) return;
        const phase = ctx?.phase ?? rec.phase;
        addDynamo(phase.dynamo[ctx?.fn ?? 'outside'], reads, writes);
        addDynamo((phase.dynamoByOperation[op] ??= { calls: 0, readUnits: 0, writeUnits: 0 }), reads, writes);
        if (writes === 0) return;
        const items = writtenItems(op, input);
        const billed = billedOf(items);
        for (const i of items)
          addDynamo(
            ((phase.dynamoWritesByItem ??= {})[i.kind] ??= { calls: 0, readUnits: 0, writeUnits: 0 }),
            0,
            (writes * i.billed) / billed,
          );
      };
      try {
        const out = await waiting(() => next(args));
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
        let units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
        const isRead = op === 'GetItem' || op === 'Query' || op === 'Scan' || op === 'BatchGetItem';
        if (isRead) units = Math.max(units, input.ConsistentRead ? 1 : 0.5);
        if (op === 'TransactWriteItems') units = Math.max(units, billedOf(writtenItems(op, input)));
        record(isRead ? units : 0, isRead ? 0 : units);
        // A delivery marker claimed: one notification to one target (its kind is the key's last part).
        const item = input.Item as Input | undefined;
        if (rec && op === 'PutItem' && item && plain(item.kind) === 'delivery') {
          const kind = String(plain(item.pk)).split('#').at(-1) ?? '?';
          const byKind = (ctx?.phase ?? rec.phase).notifications.byKind;
          byKind[kind] = (byKind[kind] ?? 0) + 1;
        }
        return out;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') record(0, billedOf(writtenItems(op, input)));
        throw error;
      }
    },
    { step: 'initialize', name: 'caravelaCostCounter', priority: 'high' },
  );
}

/** Counts every frame posted to a connection (what API Gateway bills as messages out). */
function countFrames(app: LocalServer['app'], endpoint: string): void {
  const client = app.get(connectionsClients).get(endpoint);
  if ((client as { __costCounted?: boolean }).__costCounted) return;
  (client as { __costCounted?: boolean }).__costCounted = true;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await waiting(() => next(args));
      const rec = active;
      if (rec && context.commandName === 'PostToConnectionCommand') {
        const data = (args.input as { Data?: Uint8Array | string }).Data ?? '';
        const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
        const phase = als.getStore()?.phase ?? rec.phase;
        const frames = phase.wsOut;
        if (phase === rec.phases.game) {
          const text = typeof data === 'string' ? data : Buffer.from(data).toString();
          const frame = JSON.parse(text) as ServerFrame;
          if (frame.type === 'state') {
            rec.stateFrames.add(`${(args.input as { ConnectionId?: string }).ConnectionId}#${frame.gameId}#${frame.version}`);
          }
        }
        frames.messages++;
        frames.bytes += bytes;
        frames.units32KB += units32KB(bytes);
        frames.maxBytes = Math.max(frames.maxBytes, bytes);
      }
      return out;
    },
    { step: 'initialize', name: 'caravelaCostCounter', priority: 'high' },
  );
}

/**
 * A local server whose handlers are counted (start one per process; DynamoDB Local needs Java).
 * Who is connected and who watches a game are read from the table, as the cloud's many Lambda
 * instances must, even where the local runtime could keep them in memory (`tableOnlyRecords`).
 */
export async function startMeasuredServer(): Promise<MeasuredServer> {
  // The push service is on loopback: the notifier may post to it.
  const push = await startReceiver(201);
  const options: LocalServerOptions & { storage: 'dynamodb' } = {
    storage: 'dynamodb',
    port: 0,
    dataDir: null,
    sweepIntervalMs: 0,
    instrument,
    tableOnlyRecords: true,
    connectionsApi: true,
    env: { ...process.env, PUSH_ALLOW: push.origin },
  };
  const server = await startLocalServer(options);
  const close = server.close.bind(server);
  return Object.assign(server, {
    push,
    close: async () => {
      await close();
      await push.close();
    },
  });
}

/** A measured server and the loopback push service its players subscribe with. */
export interface MeasuredServer extends LocalServer {
  push: LoopbackServer;
}

// ---------------------------------------------------------------------------------------------
// Storage left behind

/** DynamoDB's size of an attribute value (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html). */
function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/[-.]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((s, x) => s + Buffer.byteLength(x), 0);
  if (v.NS) return v.NS.reduce((s, x) => s + valueSize({ N: x }), 0);
  if (v.L) return 3 + v.L.reduce((s, x) => s + 1 + valueSize(x), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((s, [k, x]) => s + 1 + Buffer.byteLength(k) + valueSize(x), 0);
  return 0;
}

/** Bytes DynamoDB bills as storage for an item: names and values, plus 100 bytes of overhead. */
export function storedBytes(item: Record<string, AttributeValue>): number {
  return 100 + Object.entries(item).reduce((s, [k, v]) => s + Buffer.byteLength(k) + valueSize(v), 0);
}

async function scan(endpoint: string): Promise<Record<string, AttributeValue>[]> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return items;
}

// ---------------------------------------------------------------------------------------------
// Playing

interface Table {
  server: LocalServer;
  /** Each player's socket token (they sign in as a device, as the web client does). */
  socketTokens: Map<string, string>;
  rec: Recorder;
  rng: Rng;
  gameId: string;
  commands: number;
  conflicts: number;
  sessions: number;
}

const isActive = (s: StateFrame) => s.status === 'active' && s.you !== null && s.activeSeats.includes(s.you) && s.legal.length > 0;
const newer = (a: StateFrame, b: StateFrame) => (b.version > a.version ? b : a);

async function untilVersion(c: Client, gameId: string, version: number): Promise<void> {
  if ((c.latest(gameId)?.version ?? -1) >= version) return;
  await c.waitFor((f) => f.type === 'state' && f.gameId === gameId && f.version >= version, 60_000);
}

/** One command chosen from `legal`; waits for the state it leads to. */
async function act(t: Table, c: Client, s: StateFrame): Promise<void> {
  const command = s.legal[t.rng.int(s.legal.length)];
  const answer = await c.request<ServerFrame>({
    action: 'command',
    gameId: t.gameId,
    commandId: `${c.player.name}-${++t.commands}`,
    expectedVersion: s.version,
    command,
  });
  if (answer.type === 'ack') await untilVersion(c, t.gameId, answer.version);
  else if (answer.type === 'error' && answer.code === 'CONFLICT') {
    // Another seat acted on this version first: act on the new state.
    t.commands--;
    t.conflicts++;
    await untilVersion(c, t.gameId, s.version + 1);
  } else throw new Error(`${c.player.name}: ${JSON.stringify(answer).slice(0, 300)}`);
}

/** Play while this seat is to act (async: one turn). */
async function playTurn(t: Table, c: Client): Promise<void> {
  for (let s = c.latest(t.gameId); s && isActive(s); s = c.latest(t.gameId)) await act(t, c, s);
}

/** Play until the game ends, waiting for the others (live, bots). */
async function playOnline(t: Table, c: Client): Promise<void> {
  for (;;) {
    const s = c.latest(t.gameId)!;
    if (s.status === 'finished') return;
    if (isActive(s)) await act(t, c, s);
    else await c.waitFor((f) => f.type === 'state' && f.gameId === t.gameId && f.version > s.version, 120_000);
  }
}

async function request<T extends ServerFrame['type']>(
  c: Client,
  frame: Record<string, unknown>,
  type: T,
): Promise<Extract<ServerFrame, { type: T }>> {
  const answer = await c.request<ServerFrame>(frame);
  if (answer.type !== type) throw new Error(`${c.player.name}: ${String(frame.action)} answered ${JSON.stringify(answer).slice(0, 300)}`);
  return answer as Extract<ServerFrame, { type: T }>;
}

/** A new player signed in as a device (access, socket and refresh tokens), as the web client registers. */
async function registerDevice(baseUrl: string, name: string): Promise<{ player: Player; socketToken: string }> {
  const res = await fetch(`${baseUrl}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, device: { label: 'Firefox on Linux' } }),
  });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { playerId: string; token: string; socketToken: string };
  return { player: { playerId: body.playerId, token: body.token, name }, socketToken: body.socketToken };
}

/**
 * A visit (async: hours after the last): connect with the socket token (the web client's way: its
 * 15-minute access token is stale by then, the month-long socket token is not, so nothing is
 * refreshed), watching the game from the connection as the web client's game page does (`?game=`:
 * its subscribe then stores nothing), do `opening` (create / join), subscribe, play this turn,
 * leave; the last state seen.
 */
async function session(t: Table, player: Player, opening?: (c: Client) => Promise<void>): Promise<StateFrame> {
  t.sessions++;
  const watch: Record<string, string> = t.gameId ? { game: t.gameId, logDelta: 'true', lean: 'true' } : {};
  const c = await Client.connect(t.server.wsUrl, { ...player, token: t.socketTokens.get(player.playerId)! }, watch);
  try {
    await opening?.(c);
    await request(c, { action: 'subscribe', gameId: t.gameId, logDelta: true, logLines: 30, lean: true }, 'state');
    await playTurn(t, c);
    return c.latest(t.gameId)!;
  } finally {
    await c.close();
  }
}

function createFrame(clock: boolean, bots?: number[]): Record<string, unknown> {
  return {
    action: 'createGame',
    game: GAME,
    players: SEATS,
    ...(bots ? { bots } : {}),
    ...(clock ? { clock: { type: 'perMove', hours: 72 } } : {}),
  };
}

/** Players take turns over days: each connects when it is their turn (after the push), plays it, and leaves. */
async function playAsync(t: Table, players: Player[], clock: boolean, log: (s: string) => void): Promise<StateFrame> {
  const { server, rec } = t;
  let last = await session(t, players[0]!, async (c) => {
    t.gameId = (await request(c, createFrame(clock), 'gameCreated')).gameId;
    rec.gameIds.add(t.gameId);
  });
  await rec.quiet(server);
  for (const p of players.slice(1)) {
    last = newer(last, await session(t, p, async (c) => void (await request(c, { action: 'joinGame', gameId: t.gameId }, 'joined'))));
    await rec.quiet(server);
  }
  const byId = new Map(players.map((p) => [p.playerId, p]));
  let finalists: Player[] = [];
  for (let rounds = 0; last.status === 'active'; rounds++) {
    if (rounds > 5000) throw new Error('the game does not end');
    if (last.activeSeats.length === 0) throw new Error(`nobody to act at version ${last.version}`);
    finalists = last.activeSeats.map((seat) => byId.get(last.seats[seat]!.playerId)!);
    const seen = await Promise.all(finalists.map((p) => session(t, p)));
    last = seen.reduce(newer, last);
    await rec.quiet(server);
    if (rounds % 25 === 0) log(`  version ${last.version}, ${t.sessions} sessions`);
  }
  // Told that the game ended, everyone else opens it once to see the result.
  for (const p of players) if (!finalists.includes(p)) last = newer(last, await session(t, p));
  await rec.quiet(server);
  return last;
}

/** All four online for the whole game. */
async function playLive(t: Table, players: Player[], clock: boolean): Promise<StateFrame> {
  const clients = await Promise.all(players.map((p) => Client.connect(t.server.wsUrl, p)));
  t.sessions += clients.length;
  t.gameId = (await request(clients[0]!, createFrame(clock), 'gameCreated')).gameId;
  t.rec.gameIds.add(t.gameId);
  for (const c of clients) await request(c, { action: 'subscribe', gameId: t.gameId, logDelta: true, logLines: 30, lean: true }, 'state');
  for (const c of clients.slice(1)) await request(c, { action: 'joinGame', gameId: t.gameId }, 'joined');
  // (Not test/support/play.ts's playToEnd: it may act again on a state older than its ack, and
  // each such command costs a CONFLICT round trip that a real client would not make.)
  await Promise.all(clients.map((c) => playOnline(t, c)));
  await t.rec.quiet(t.server, clients.length);
  const last = clients.map((c) => c.latest(t.gameId)!).reduce(newer);
  await Promise.all(clients.map((c) => c.close()));
  await t.rec.quiet(t.server);
  return last;
}

/** One person against three bots, online throughout. */
async function playBots(t: Table, player: Player, clock: boolean): Promise<StateFrame> {
  const c = await Client.connect(t.server.wsUrl, player);
  t.sessions++;
  t.gameId = (await request(c, createFrame(clock, [1, 2, 3]), 'gameCreated')).gameId;
  t.rec.gameIds.add(t.gameId);
  await request(c, { action: 'subscribe', gameId: t.gameId, logDelta: true, logLines: 30, lean: true }, 'state');
  await playOnline(t, c);
  await t.rec.quiet(t.server, 1);
  const last = c.latest(t.gameId)!;
  await c.close();
  await t.rec.quiet(t.server);
  return last;
}

// ---------------------------------------------------------------------------------------------

/** Play one complete 4-player game of Vasco da Gama through the local server and count what it used. */
export async function measureGame(options: MeasureOptions = {}): Promise<Measurement> {
  const scenario = options.scenario ?? 'async';
  const seed = options.seed ?? 1;
  const coldCaches = options.coldCaches ?? ASSUMPTIONS.coldCaches.value === 1;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  if (active) throw new Error('one measurement at a time');
  const server = options.server ?? (await startMeasuredServer());
  const { push, app } = server;
  const pushBase = push.received.length;
  const rec = new Recorder(coldCaches);
  const writeStdout = process.stdout.write;
  try {
    rec.app = app;
    const endpoint = app.deps.config.connectionsEndpoint!;
    countDynamo(app);
    countFrames(app, endpoint);
    const kept = app.get(connectionStore).constructor.name;
    if (kept !== 'DynamoConnectionStore') {
      throw new Error(
        `the app keeps connections in ${kept}, not in the table as in the cloud: start the server with startMeasuredServer()`,
      );
    }
    const storeBefore = { ...(app.get(eventStore) as EventStore).usage };
    const sender = app.get(senderFor)() as ManagementApiSender;
    const senderTotals = () => ({ ...sender.usage });
    const senderBefore = senderTotals();
    active = rec;
    // Log lines (JSON on stdout, as Lambda sends them to CloudWatch Logs): counted by the function that wrote them ('outside': the
    // local runtime's own request lines, which the cloud does not have), and kept off this process's stdout.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      if (!text.startsWith('{"level"')) return (writeStdout as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
      if (!active) return true;
      const ctx = als.getStore();
      const logs = (ctx?.phase ?? active.phase).logs[ctx?.fn ?? 'outside'];
      logs.lines += text.split('\n').filter(Boolean).length;
      logs.bytes += Buffer.byteLength(text);
      return true;
    }) as typeof process.stdout.write;

    // Onboarding (once per player, not per game): register over HTTP, connect, allow Web Push, leave.
    const humans = scenario === 'bots' ? 1 : SEATS;
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte'].slice(0, humans);
    log(`${scenario}: registering ${humans} player(s)`);
    const players: Player[] = [];
    const socketTokens = new Map<string, string>();
    for (const [i, name] of names.entries()) {
      const { player, socketToken } = await registerDevice(server.url, `${name}-${seed}`);
      players.push(player);
      socketTokens.set(player.playerId, socketToken);
      const c = await Client.connect(server.wsUrl, player);
      const { subscription } = browser(push.origin, `/push/${i}`);
      await request(
        c,
        { action: 'setNotifications', settings: { webPush: [subscription], webhook: null, email: null, quietHours: null } },
        'notifications',
      );
      await c.close();
    }
    await rec.quiet(server);
    rec.phases.onboarding.notifications.sent = push.received.length - pushBase;

    // The game.
    rec.phase = rec.phases.game;
    const pushedBefore = push.received.length;
    const t: Table = { server, socketTokens, rng: new Rng(seed), rec, gameId: '', commands: 0, conflicts: 0, sessions: 0 };
    log(`${scenario}: playing`);
    const clock = options.clock ?? false;
    const last =
      scenario === 'async'
        ? await playAsync(t, players, clock, log)
        : scenario === 'live'
          ? await playLive(t, players, clock)
          : await playBots(t, players[0]!, clock);
    const pushed = push.received.slice(pushedBefore);
    rec.phases.game.notifications.sent = pushed.length;
    rec.phases.game.notifications.bytes = pushed.reduce((s, r) => s + r.body.length, 0);

    // One scheduled sweep, counted apart: every run costs this whatever the games (nothing of this game is due yet).
    const sweepPhase = emptyPhase();
    rec.phase = sweepPhase;
    await server.sweep();
    const sweepRun = {
      durationMs: sweepPhase.lambda.sweep.durationMs,
      readUnits: sweepPhase.dynamo.sweep.readUnits,
      writeUnits: sweepPhase.dynamo.sweep.writeUnits,
    };
    active = null;
    const web = await webLoad();

    // What the game left in the table.
    const items = await scan(server.dynamo.endpoint);
    const gamePk = `GAME#${t.gameId}`;
    const playerPks = new Set(players.map((p) => `PLAYER#${p.playerId}`));
    const storage: Measurement['storage'] = {
      commits: { items: 0, bytes: 0 },
      snapshots: { items: 0, bytes: 0 },
      index: { items: 0, bytes: 0 },
      transient: { items: 0, bytes: 0 },
      perPlayer: { items: 0, bytes: 0 },
    };
    const put = (into: { items: number; bytes: number }, item: Record<string, AttributeValue>) => {
      into.items++;
      into.bytes += storedBytes(item);
    };
    let events = 0;
    let turnsStarted = 0;
    let commitWriteUnits = 0;
    for (const item of items) {
      const pk = item.pk?.S ?? '';
      const sk = item.sk?.S ?? '';
      if (pk === gamePk && sk.startsWith('V#')) {
        put(storage.commits, item);
        // A write is billed per started KB of the item (names and values, without storage's 100 bytes).
        commitWriteUnits += Math.max(1, Math.ceil((storedBytes(item) - 100) / 1024));
        events += (JSON.parse(item.events?.S ?? '[]') as unknown[]).length;
        const seats = item.seats?.L ?? [];
        const was = new Set((item.wasActive?.L ?? []).map((v) => Number(v.N)));
        const human = (seat: number) => {
          const s = seats[seat]?.M;
          return !!s && !s.bot;
        };
        if (item.status?.S === 'active')
          turnsStarted += (item.activeSeats?.L ?? []).map((v) => Number(v.N)).filter((seat) => !was.has(seat) && human(seat)).length;
      } else if (pk === gamePk && sk.startsWith('S#')) put(storage.snapshots, item);
      else if (playerPks.has(pk) && item.kind?.S === 'playerGame' && item.gameId?.S === t.gameId) put(storage.index, item);
      else if (pk.startsWith(`DELIVERY#${t.gameId}#`) || pk === gamePk) put(storage.transient, item);
      else if (playerPks.has(pk) && (sk === 'PROFILE' || sk === 'SETTINGS')) put(storage.perPlayer, item);
    }
    const outcome = last.outcome as { results?: { seat: number; score: number }[] } | null;
    const storeAfter = (app.get(eventStore) as EventStore).usage;
    const senderAfter = senderTotals();
    return {
      scenario,
      seed,
      game: GAME,
      seats: SEATS,
      humans,
      bots: SEATS - humans,
      coldCaches,
      phases: rec.phases,
      play: {
        gameId: t.gameId,
        finished: last.status === 'finished',
        versions: last.version,
        events,
        humanCommands: t.commands,
        conflicts: t.conflicts,
        sessions: t.sessions,
        turnsStarted,
        scores: outcome?.results ? [...outcome.results].sort((a, b) => a.seat - b.seat).map((r) => r.score) : null,
      },
      storage,
      floor: {
        commitWriteUnits,
        stateFrames: rec.stateFrames.size,
        commandMinMs: Number.isFinite(rec.commandMinMs) ? rec.commandMinMs : 0,
        commandMinCpuMs: rec.commandMinCpuMs,
      },
      web,
      sweepRun,
      crossCheck: {
        eventStore: {
          reads: storeAfter.reads - storeBefore.reads,
          writes: storeAfter.writes - storeBefore.writes,
          readUnits: storeAfter.readUnits - storeBefore.readUnits,
          writeUnits: storeAfter.writeUnits - storeBefore.writeUnits,
        },
        sender: { frames: senderAfter.frames - senderBefore.frames, bytes: senderAfter.bytes - senderBefore.bytes },
      },
      wallMs: performance.now() - started,
    };
  } finally {
    active = null;
    process.stdout.write = writeStdout;
    if (!options.server) await server.close();
  }
}
