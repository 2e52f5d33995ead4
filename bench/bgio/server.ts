/**
 * boardgame.io's side of the pipeline benchmark: the same load as bench/pipeline.ts — `games`
 * tic-tac-toe matches played at once for `durationMs`, two players (two sockets) each, each move
 * waiting for its answer, the fixed 7-move game (X wins on 2-4-6), a finished match replaced by
 * a new one — against boardgame.io 0.50.2's own `Server` (Koa + socket.io) on 127.0.0.1 with its
 * `InMemory` or `FlatFile` storage.
 *
 * A move is timed from emitting `update` until the mover's own socket receives the `update`
 * the server broadcasts with the new `_stateID` (boardgame.io has no ack: the broadcast is the
 * answer). As in Caravela's pipeline, the other player then moves at once, without waiting for
 * its own copy of the broadcast. Creating and joining matches (lobby REST API) and syncing
 * the sockets to them is load, not timed. The sockets use the WebSocket transport only
 * (socket.io's default would start with HTTP long-polling and upgrade), one connection each.
 * See wire.ts for the protocol.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server as HttpServer, AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { StorageAPI } from 'boardgame.io';
import { FlatFile, Server } from 'boardgame.io/server';
import type { Server as SocketIOServer } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { inBatches, round } from '../measure';
import { latency, type Latency } from '../pipeline';
import { FIXED_GAME } from './domain';
import { TicTacToe, type TicTacToeG, type TicTacToeGameover } from './tic-tac-toe';
import { makeMove, type CreatedMatch, type JoinedMatch, type LogEntry, type State, type SyncInfo } from './wire';

const GAME = TicTacToe.name!;
/** A rejected move gets no answer at all from boardgame.io, so every wait has a deadline. */
const ANSWER_TIMEOUT_MS = 20_000;

export interface BgioPipelineResult {
  storage: 'memory' | 'flatfile';
  games: number;
  connections: number;
  commandsPerSecond: number;
  roundTrip: Latency;
  /**
   * FlatFile only: when each move's new state reached the file (`setState` resolved) compared
   * with when the mover received the broadcast of that state. boardgame.io's Master broadcasts
   * first and writes afterwards, so a positive lag is a window in which an acknowledged move
   * exists only in memory.
   */
  flatFileWrites?: { nodePersistWriteQueue: boolean; movesWrittenAfterAnswer: number; moves: number; writeLagAfterAnswer: Latency };
}

/** FlatFile that counts storage calls in flight (and records when each state was written), so shutdown can wait for them. */
class TrackedFlatFile extends FlatFile {
  inFlight = 0;
  /** `${matchID}#${stateID}` → performance.now() when its setState resolved. */
  readonly stateWritten = new Map<string, number>();

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight++;
    return p.finally(() => this.inFlight--);
  }
  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts) {
    return this.track(super.createMatch(matchID, opts));
  }
  override fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O) {
    return this.track(super.fetch(matchID, opts));
  }
  override setState(id: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    return this.track(
      super.setState(id, state, deltalog).then(() => {
        this.stateWritten.set(`${id}#${state._stateID}`, performance.now());
      }),
    );
  }
  override setMetadata(id: string, metadata: Parameters<FlatFile['setMetadata']>[1]) {
    return this.track(super.setMetadata(id, metadata));
  }

  /** Resolves once no storage call has been in flight for a few consecutive polls. */
  async idle(timeoutMs = 10_000) {
    const until = performance.now() + timeoutMs;
    for (let quiet = 0; quiet < 3; ) {
      if (performance.now() > until) throw new Error(`FlatFile still busy after ${timeoutMs} ms (${this.inFlight} calls)`);
      await new Promise((r) => setTimeout(r, 20));
      quiet = this.inFlight === 0 ? quiet + 1 : 0;
    }
  }
}

/**
 * node-persist, FlatFile's backend: one global instance (FlatFile calls its `init`), which has
 * two unref'd intervals, and since 3.1 a write queue: `setItem` resolves only once a queue pass
 * has written the file, a pass starts on the next tick unless one is already running, and
 * otherwise on a 1-second interval.
 */
interface NodePersist {
  defaultInstance?: { options: { writeQueue?: boolean } };
  stopExpiredKeysInterval?: () => void;
  stopWriteQueueInterval?: () => void;
}
const nodePersist = () => createRequire(import.meta.url)('node-persist') as NodePersist;

type UpdateArgs = [matchID: string, state: State<TicTacToeG>, deltalog: LogEntry[]];
type SyncArgs = [matchID: string, info: SyncInfo<TicTacToeG>];

/** Resolve with the arguments of the first `event` on `socket` that `match`es (listener registered now, before anything is sent). */
function waitFor<A extends unknown[]>(socket: Socket, event: string, match: (...args: A) => boolean, what: string): Promise<A> {
  return new Promise<A>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      socket.off(event, listener);
      socket.off('disconnect', onDisconnect);
    };
    const listener = (...args: unknown[]) => {
      if (!match(...(args as A))) return;
      done();
      resolve(args as A);
    };
    const onDisconnect = (reason: string) => {
      done();
      reject(new Error(`${what}: socket disconnected (${reason})`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what}: no answer within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    socket.on(event, listener);
    socket.on('disconnect', onDisconnect);
  });
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

class Player {
  credentials = '';
  private constructor(
    readonly socket: Socket,
    readonly playerID: string,
  ) {}

  static async connect(base: string, playerID: string): Promise<Player> {
    const socket = io(`${base}/${GAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Player(socket, playerID);
  }

  /** Attach this socket to a match (what boardgame.io's client does on connect and on a new matchID). */
  async sync(matchID: string): Promise<number> {
    const synced = waitFor<SyncArgs>(this.socket, 'sync', (m) => m === matchID, `sync ${matchID}/${this.playerID}`);
    this.socket.emit('sync', matchID, this.playerID, this.credentials, 2);
    const [, info] = await synced;
    return info.state._stateID;
  }
}

interface Table {
  x: Player;
  o: Player;
  matchID: string;
  stateID: number;
}

async function newMatch(base: string, x: Player, o: Player): Promise<{ matchID: string; stateID: number }> {
  const { matchID } = await post<CreatedMatch>(`${base}/games/${GAME}/create`, { numPlayers: 2 });
  // One after the other: each join reads the match metadata and writes it back whole.
  for (const p of [x, o]) {
    const joined = await post<JoinedMatch>(`${base}/games/${GAME}/${matchID}/join`, {
      playerID: p.playerID,
      playerName: p.playerID === '0' ? 'X' : 'O',
    });
    p.credentials = joined.playerCredentials;
  }
  const [stateID] = await Promise.all([x.sync(matchID), o.sync(matchID)]);
  return { matchID, stateID: stateID! };
}

export async function bgioPipeline(opts: {
  games: number;
  durationMs: number;
  storage: 'memory' | 'flatfile';
  /** FlatFile only: false turns node-persist's write queue off (each setItem writes at once). Default: as installed (on). */
  nodePersistWriteQueue?: boolean;
}): Promise<BgioPipelineResult> {
  if (opts.storage === 'memory' && process.env.FLATFILE_DIR)
    throw new Error('FLATFILE_DIR is set: boardgame.io would use FlatFile instead of InMemory');
  const dir = opts.storage === 'flatfile' ? await mkdtemp(path.join(os.tmpdir(), 'bgio-bench-')) : null;
  try {
    const db = dir === null ? undefined : new TrackedFlatFile({ dir });
    const server = Server({ games: [TicTacToe], db, origins: [] });

    // Two things about 0.50.2 as installed here:
    // - The lobby REST API cannot share the game server's port: koa-socket-2 builds the HTTP
    //   server from app.callback() inside Server(), before run() adds the API routes, and
    //   koa-compose 4.2.0 (pulled in by koa 2.16) copies the middleware list when composing, so
    //   every API route answers 404. boardgame.io's `lobbyConfig.apiPort` runs the API as a
    //   separate Koa app built inside run(), after the routes exist: use that.
    // - run() hands `port` and `apiPort` unchanged to Koa's listen(), i.e. to net.Server.listen(),
    //   so listen options bind both to loopback on a free port (a truthy apiPort is needed anyway).
    const loopback = { port: 0, host: '127.0.0.1' } as unknown as number;
    const app = server.app as unknown as { _io: SocketIOServer };
    // Its "INFO: … serving on …" lines go to console.log; keep stdout for JSON.
    const log = console.log;
    console.log = (...args: unknown[]) => console.error(...args);
    let servers: Awaited<ReturnType<typeof server.run>>;
    try {
      servers = await server.run({ port: loopback, lobbyConfig: { apiPort: loopback } });
    } finally {
      console.log = log;
    }
    if (db && opts.nodePersistWriteQueue === false) nodePersist().defaultInstance!.options.writeQueue = false;
    const apiServer = servers.apiServer!;
    const port = (s: HttpServer) => (s.address() as AddressInfo).port;
    const api = `http://127.0.0.1:${port(apiServer)}`;
    const ws = `http://127.0.0.1:${port(servers.appServer)}`;

    const players: Player[] = [];
    const answered = new Map<string, number>();
    try {
      const tables: Table[] = await inBatches(opts.games, 25, async () => {
        const [x, o] = await Promise.all([Player.connect(ws, '0'), Player.connect(ws, '1')]);
        players.push(x, o);
        return { x, o, ...(await newMatch(api, x, o)) };
      });

      const samples: number[] = [];
      const started = performance.now();
      const deadline = started + opts.durationMs;
      await Promise.all(
        tables.map(async (table) => {
          while (performance.now() < deadline) {
            let state: State<TicTacToeG> | undefined;
            for (let move = 0; move < FIXED_GAME.length && performance.now() < deadline; move++) {
              const mover = move % 2 === 0 ? table.x : table.o;
              const { matchID, stateID } = table;
              const cell = FIXED_GAME[move]!;
              const answer = waitFor<UpdateArgs>(
                mover.socket,
                'update',
                (m, s) => m === matchID && s._stateID === stateID + 1,
                `move ${move} of ${matchID}`,
              );
              const start = performance.now();
              mover.socket.emit('update', makeMove('mark', [cell], mover.playerID, mover.credentials), stateID, matchID, mover.playerID);
              [, state] = await answer;
              const end = performance.now();
              samples.push(end - start);
              if (db) answered.set(`${matchID}#${state._stateID}`, end);
              if (state.G.cells[cell] !== mover.playerID)
                throw new Error(`move ${move} of ${matchID}: cell ${cell} is ${state.G.cells[cell]}`);
              table.stateID = state._stateID;
            }
            if (performance.now() < deadline) {
              const over = state?.ctx.gameover as TicTacToeGameover | undefined;
              if (!over || !('winner' in over) || over.winner !== '0')
                throw new Error(`${table.matchID} should be won by X, gameover: ${JSON.stringify(over)}`);
              Object.assign(table, await newMatch(api, table.x, table.o));
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;

      const result: BgioPipelineResult = {
        storage: opts.storage,
        games: opts.games,
        connections: opts.games * 2,
        commandsPerSecond: round(samples.length / seconds),
        roundTrip: latency(samples),
      };
      if (db) {
        await db.idle(); // the last moves' writes
        const lags: number[] = [];
        for (const [key, at] of answered) {
          const written = db.stateWritten.get(key);
          if (written === undefined) throw new Error(`state ${key} was never written`);
          lags.push(written - at);
        }
        result.flatFileWrites = {
          nodePersistWriteQueue: opts.nodePersistWriteQueue ?? true,
          movesWrittenAfterAnswer: lags.filter((l) => l > 0).length,
          moves: lags.length,
          writeLagAfterAnswer: latency(lags),
        };
      }
      return result;
    } finally {
      for (const p of players) p.socket.disconnect();
      await app._io.close(); // disconnects the server's sockets and closes the game server (servers.appServer)
      await new Promise((resolve) => apiServer.close(resolve)); // also drops the idle keep-alive connections of fetch()
      if (db) {
        await db.idle(); // the disconnects' metadata writes
        nodePersist().stopExpiredKeysInterval?.(); // before its folder goes
        nodePersist().stopWriteQueueInterval?.();
      }
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
