/**
 * The local runtime's application and what plays the cloud's part around it: the store (DynamoDB
 * Local, or — `storage: 'memory'` — the memory stores, no Java), the table's stream read for the
 * notifier and the Bots function (automatic moves and ratings), the clock sweep on a timer, and the handlers as the cloud's
 * functions, each call logged and tracked so the runtime can say when it is quiet. The HTTP and
 * WebSocket listeners are server.ts's; a test may drive the handlers without them.
 */
import { soleWriterParts } from './sole-writer';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { memoryStores, type MemoryStores } from '../functions/adapters/memory';
import { MemoryStream } from '../functions/adapters/memory/stream';
import { generateVapidKeys } from '../functions/adapters/channels/webpush';
import type { Sender } from '../functions/adapters/sender';
import { passkeyRoutes } from '../functions/api/passkey-routes';
import { createApp, type App } from '../functions/app/app';
import { configFromEnv, type AppConfig } from '../functions/app/config';
import { randomIds } from '../functions/app/deps';
import { connect } from '../functions/handlers/connect';
import { disconnect } from '../functions/handlers/disconnect';
import { http } from '../functions/handlers/http';
import { message } from '../functions/handlers/message';
import { passkey } from '../functions/handlers/passkey';
import { bots } from '../functions/handlers/bots';
import { stream } from '../functions/handlers/stream';
import { sweep } from '../functions/handlers/sweep';
import type { SweepResult } from '../functions/host/sweep';
import { observer } from '../functions/app/outside';
import type { Observer } from '../functions/observe/observer';
import { LOCAL_CREDENTIALS, startDynamo, type LocalDynamo } from './dynamodb';
import { startMemoryStreamPoller } from './memory-stream';
import { startStreamPoller, type StreamPoller } from './stream';
import { ensureTable } from './tables';

export const TABLE_NAME = 'caravela';

/** The handlers, named as the cloud's functions. */
export type HandlerName = 'http' | 'connect' | 'disconnect' | 'message' | 'stream' | 'sweep' | 'bots';

export interface LocalRuntimeOptions {
  /** Where data is kept: DynamoDB Local (the default), or the memory stores (nothing survives the process). */
  storage?: 'dynamodb' | 'memory';
  /** Folder for the database, keys, the email outbox; null keeps everything in memory. */
  dataDir: string | null;
  /** An injected clock for every handler (tests). */
  now?: () => Date;
  /** How often the clock sweep runs; 0 never (tests call `sweep()`). Default 30 s. */
  sweepIntervalMs?: number;
  /** Wraps each handler once at start, e.g. to count invocations (cost/measure.ts); default none. */
  instrument?: <A extends unknown[], R>(name: HandlerName, handler: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;
  /**
   * Read who is connected from the table on every move, as the cloud's many Lambda instances
   * must (tests of that path). Default false: this one process serves every socket, so it
   * keeps that in memory.
   */
  tableOnlyRecords?: boolean;
  /** The operator's settings (PUBLIC_URL, CARAVELA_SECRET, VAPID_…, PUSH_ALLOW, WEBHOOK_ALLOW, EMAIL_OUTBOX_DIR, REDRIVE_AFTER_MS…); default process.env. */
  env?: Record<string, string | undefined>;
  /** The server's own address: links point there unless PUBLIC_URL says otherwise. */
  url: string;
  /** Where frames go: the process's own sockets; null posts them to `connectionsEndpoint`, as in the cloud. */
  sender: Sender | null;
  /** The @connections endpoint (server.ts serves one on loopback). */
  connectionsEndpoint?: string;
}

type Handler<E = never, R = unknown> = (event: E) => Promise<R>;

export interface LocalRuntime {
  app: App;
  /** DynamoDB Local, unless the runtime keeps its data in memory. */
  dynamo: LocalDynamo | null;
  /** The memory stores, when the runtime keeps its data in memory. */
  stores: MemoryStores | null;
  /** Where emails are written instead of sent. */
  outboxDir: string;
  handlers: {
    http: ReturnType<typeof http>;
    passkey: ReturnType<typeof passkey>;
    connect: ReturnType<typeof connect>;
    disconnect: ReturnType<typeof disconnect>;
    message: ReturnType<typeof message>;
  };
  /** Paths the passkey function answers (its own function in the cloud). */
  passkeyPaths: ReadonlySet<string>;
  /** Keep a promise among the work in flight (closing and `notified` wait for it). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Work in flight now. */
  readonly busy: number;
  /**
   * Resolve once the runtime is quiet: the handlers in flight have finished and the notifier and
   * the Bots function have handled every commit stored so far (the bots' moves among them, and
   * the commits those stored; the ratings of the games that finished).
   */
  notified(): Promise<void>;
  /** Run the clock sweep now, once the stream's reactions to every stored commit have run. */
  sweep(): Promise<SweepResult>;
  /** Stop the sweep and the stream's readers, wait for the work in flight, stop the database. */
  close(): Promise<void>;
}

/** A value made once and kept under the data folder (in memory without one). */
function kept(dataDir: string | null, name: string, make: () => string): string {
  if (!dataDir) return make();
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, make(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * The app's configuration: the operator's settings (`env`) over the local defaults — token keys
 * kept in DATA_DIR/secret (read again after a rotation: `npx tsx scripts/rotate-key.ts`; without a
 * data folder, a key made for this runtime), VAPID keys made once and kept, an email outbox folder.
 */
function localConfig(
  env: Record<string, string | undefined>,
  dataDir: string | null,
  local: { url: string; dynamoEndpoint?: string; connectionsEndpoint?: string; soleWriter: boolean },
): AppConfig {
  const vapid = JSON.parse(kept(dataDir, 'vapid.json', () => JSON.stringify(generateVapidKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  if (dataDir) kept(dataDir, 'secret', () => randomBytes(32).toString('hex'));
  const secret = env.CARAVELA_SECRET
    ? { value: env.CARAVELA_SECRET }
    : dataDir
      ? { file: path.join(dataDir, 'secret') }
      : { value: randomBytes(32).toString('hex') };
  const outboxDir = env.EMAIL_OUTBOX_DIR ?? path.join(dataDir ?? mkdtempSync(path.join(tmpdir(), 'caravela-')), 'outbox');
  return {
    ...configFromEnv(env),
    tableName: TABLE_NAME,
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: local.dynamoEndpoint,
    connectionsEndpoint: local.connectionsEndpoint,
    publicUrl: (env.PUBLIC_URL ?? local.url).replace(/\/$/, ''),
    secret,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY ?? vapid.publicKey,
      privateKey: env.VAPID_PRIVATE_KEY ?? vapid.privateKey,
      subject: env.VAPID_SUBJECT ?? 'mailto:caravela@localhost',
    },
    email: { outboxDir },
    soleWriter: local.soleWriter,
    onLambda: false,
    credentials: LOCAL_CREDENTIALS,
  };
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const inMemory = options.storage === 'memory';
  const dynamo = inMemory ? null : await startDynamo(dataDir ? path.join(dataDir, 'dynamodb') : null);
  if (dynamo) {
    const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
    await ensureTable(admin, TABLE_NAME);
    admin.destroy();
  }
  const env = options.env ?? process.env;
  const config = localConfig(env, dataDir, {
    url: options.url,
    dynamoEndpoint: dynamo?.endpoint,
    connectionsEndpoint: options.connectionsEndpoint,
    soleWriter: !options.tableOnlyRecords,
  });
  const now = options.now ?? (() => new Date());
  const memory = inMemory ? new MemoryStream() : null;
  const stores = memory ? memoryStores({ now, redriveAfterMs: config.redriveAfterMs, stream: memory }) : null;
  const app = createApp({
    config,
    now,
    ids: randomIds,
    ...(stores ? { stores } : {}),
    ...(!stores && config.soleWriter ? { replacing: soleWriterParts() } : {}),
    ...(options.sender ? { sender: options.sender } : {}),
  });

  // Work in flight, so that closing and `notified` wait for it.
  const inflight = new Set<Promise<unknown>>();
  let tracked = 0;
  const track = <T>(p: Promise<T>): Promise<T> => {
    tracked++;
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  };
  const instrument = options.instrument ?? ((_name, handler) => handler);
  const { log } = app.get(observer);
  // One log line per request, with its route, status and duration (LOG_LEVEL=INFO, the default).
  const wrap = <E, R>(name: HandlerName, handler: Handler<E, R>): Handler<E, R> => {
    const inner = instrument(name, handler);
    return (event) => track(logged(log, name, inner, event));
  };
  const handlers = {
    http: wrap('http', app.get(http)),
    // Its own function in the cloud (for the size of the WebAuthn library); an HTTP route all the same.
    passkey: wrap('http', app.get(passkey)),
    connect: wrap('connect', app.get(connect)),
    disconnect: wrap('disconnect', app.get(disconnect)),
    message: wrap('message', app.get(message)),
  };
  const onStream = wrap('stream', app.get(stream));
  const onBots = wrap('bots', app.get(bots));
  const runSweep = wrap('sweep', app.get(sweep));

  // The notifier and the Bots function read the stream each on its own, as their event source
  // mappings do in the cloud (each handler skips what its mapping's filters would).
  const pollers: StreamPoller[] = memory
    ? [startMemoryStreamPoller(memory, onStream), startMemoryStreamPoller(memory, onBots)]
    : [
        await startStreamPoller({
          endpoint: dynamo!.endpoint,
          tableName: TABLE_NAME,
          checkpointFile: dataDir ? path.join(dataDir, 'stream-checkpoint.json') : null,
          handler: onStream,
        }),
        await startStreamPoller({
          endpoint: dynamo!.endpoint,
          tableName: TABLE_NAME,
          checkpointFile: dataDir ? path.join(dataDir, 'bots-checkpoint.json') : null,
          handler: onBots,
        }),
      ];
  const interval = options.sweepIntervalMs ?? 30_000;
  const sweeper = interval > 0 ? setInterval(() => void runSweep({}).catch((e) => console.error('sweep failed:', e)), interval) : null;

  return {
    app,
    dynamo,
    stores,
    outboxDir: (config.email as { outboxDir: string }).outboxDir,
    handlers,
    passkeyPaths: new Set(app.get(passkeyRoutes).keys()),
    track,
    get busy() {
      return inflight.size;
    },
    notified: async () => {
      // Handlers in flight first, then the stream's reactions to what they stored, until a round
      // in which nothing ran: a reader may store more (a bot's move) after another drained.
      for (let before = -1; before !== tracked || inflight.size; ) {
        before = tracked;
        await Promise.allSettled([...inflight]);
        await Promise.all(pollers.map((p) => p.drain()));
      }
    },
    // After the stream's reactions to what was stored so far (they write the due items), as a sweep minutes later would see them.
    sweep: async () => {
      await pollers[0]!.drain();
      return runSweep({});
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      await Promise.allSettled([...inflight]);
      for (const poller of pollers) await poller.stop();
      await Promise.allSettled([...inflight]);
      await dynamo?.stop();
    },
  };
}

/** Run a handler, and log one line: its route, status and duration (or its failure). */
async function logged<E, R>(log: Observer['log'], name: HandlerName, handler: Handler<E, R>, event: E): Promise<R> {
  const started = performance.now();
  const e = event as { requestContext?: { routeKey?: string; http?: { method: string; path: string } }; Records?: unknown[] } | undefined;
  const route = e?.requestContext?.http
    ? `${e.requestContext.http.method} ${e.requestContext.http.path}`
    : (e?.requestContext?.routeKey ?? name);
  const durationMs = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const result = await handler(event);
    const status = (result as { statusCode?: number } | null)?.statusCode;
    log.info('request', {
      handler: name,
      route,
      ...(status ? { status } : {}),
      ...(e?.Records ? { records: e.Records.length } : {}),
      durationMs: durationMs(),
    });
    return result;
  } catch (error) {
    log.error('request failed', { handler: name, route, durationMs: durationMs(), error: error as Error });
    throw error;
  }
}
