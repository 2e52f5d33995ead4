/**
 * A host on the in-memory storage, for fast tests of hosting logic: no DynamoDB, no sockets.
 * Requests go straight to its Commands (as the message handler calls them), frames to a
 * recording Sender, and the time is the test's. `stream` hands the stored commits to the
 * reactions as the table's stream would (in order, each once): the notifier's — each commit's,
 * then the lobby's changes of the batch, told to its watchers — and the Bots function's, which
 * plays the automatic moves (no request does). With `lobby`, the host keeps the public lobby, on
 * the memory stores' listings.
 */
import type { Connection } from '../../functions/stores/connections';
import { memoryStorage } from '../../functions/adapters/memory';
import type { Sender, SendResult } from '../../functions/adapters/sender';
import { listCursors } from '../../functions/core/list-cursor';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { applyCommit, type GameRecord } from '../../functions/core/record';
import { createHost, type Host } from '../../functions/host/host';
import type { Outcome } from '../../functions/host/commands';
import { testObserver } from './observer';

/** Keeps every frame sent, per connection; a connection marked gone answers 'gone'. */
export class RecordingSender implements Sender {
  readonly sent: { connectionId: string; frame: ServerFrame }[] = [];
  readonly gone = new Set<string>();

  async send(connectionId: string, frame: ServerFrame): Promise<SendResult> {
    if (this.gone.has(connectionId)) return 'gone';
    this.sent.push({ connectionId, frame: structuredClone(frame) });
    return 'sent';
  }

  async isOpen(connectionId: string): Promise<boolean> {
    return !this.gone.has(connectionId);
  }

  framesTo(connectionId: string): ServerFrame[] {
    return this.sent.filter((s) => s.connectionId === connectionId).map((s) => s.frame);
  }

  /** The state frames a connection received for a game, in order. */
  statesTo(connectionId: string, gameId: string): StateFrame[] {
    return this.framesTo(connectionId).filter((f): f is StateFrame => f.type === 'state' && f.gameId === gameId);
  }
}

export interface MemoryHost {
  host: Host;
  storage: ReturnType<typeof memoryStorage>;
  sender: RecordingSender;
  /** The host's clock. */
  now(): Date;
  advance(ms: number): void;
  /** A connected player (their connection recorded, as $connect does). */
  connect(name: string): Promise<Connection>;
  /** Run a request's outcome as the handler does: the reply, then the work after it. */
  settle<T extends ServerFrame = ServerFrame>(outcome: Promise<Outcome>): Promise<T>;
  /** The record in the store, folded anew (the truth frames are checked against). */
  stored(gameId: string): Promise<GameRecord>;
  /**
   * Hand the commits stored since the last call to the reactions, as the table's stream does
   * (bots' moves store more), in batches: all those stored so far, then those their reactions
   * stored; returns how many.
   */
  stream(): Promise<number>;
}

/**
 * `soleWriter` as the local runtime (the default: false, as Lambda); `storage`: share one with
 * another host (two Lambda instances on one table).
 */
export function memoryHost(
  options: {
    soleWriter?: boolean;
    storage?: ReturnType<typeof memoryStorage>;
    cachedGames?: number;
    start?: Date;
    seed?: number;
    lobby?: boolean;
  } = {},
): MemoryHost {
  const storage = options.storage ?? memoryStorage();
  const sender = new RecordingSender();
  let time = options.start ?? new Date('2026-11-21T12:00:00.000Z');
  let games = 0;
  let connections = 0;
  const host = createHost({
    observer: testObserver(),
    ...storage,
    now: () => time,
    newGameId: () => `game-${++games}-${Math.random().toString(36).slice(2, 8)}`,
    newSeed: () => options.seed ?? 7,
    soleWriter: options.soleWriter ?? false,
    cachedGames: options.cachedGames,
    // A paced chain waits on the test's clock: its time moves on, nothing waits.
    sleep: async (ms) => {
      time = new Date(time.getTime() + ms);
    },
    ...(options.lobby
      ? {
          lobby: {
            listings: storage.stores.listings,
            hidden: storage.stores.hidden,
            cursors: listCursors({
              currentKey: async () => ({ kid: 'test', secret: 'a test cursor secret' }),
              keyFor: async (kid) => (kid === 'test' ? 'a test cursor secret' : undefined),
            }),
          },
        }
      : {}),
  });
  /** gameId → the last version handed to the reactions. */
  const streamed = new Map<string, number>();
  return {
    host,
    storage,
    sender,
    now: () => time,
    advance(ms) {
      time = new Date(time.getTime() + ms);
    },
    async connect(name) {
      const c = { connectionId: `conn-${++connections}-${name}`, playerId: `player-${name.toLowerCase()}`, name };
      await storage.records.putConnection(c);
      return c;
    },
    async settle<T extends ServerFrame>(outcome: Promise<Outcome>): Promise<T> {
      const { reply, after } = await outcome;
      await after?.();
      return reply as T;
    },
    async stored(gameId) {
      const record = (await storage.store.commits(gameId)).reduce<GameRecord | null>((r, c) => applyCommit(r, c), null);
      if (!record) throw new Error(`no game ${gameId}`);
      return record;
    },
    async stream() {
      let handed = 0;
      for (;;) {
        const pending = storage.store
          .gameIds()
          .flatMap((gameId) => storage.store.items(gameId).filter((i) => i.version > (streamed.get(gameId) ?? 0)));
        if (pending.length === 0) return handed;
        for (const head of pending) {
          streamed.set(head.gameId, head.version);
          // Both readers of the cloud's stream: the notifier's reactions, and the Bots function's (its filter: an automatic seat to act).
          await host.reactions.react(head);
          if (head.automatic !== null) await host.reactions.play(head, sender);
          handed++;
        }
        // The notifier's once per batch: the lobby's changes among these commits.
        await host.reactions.relist(pending, sender);
      }
    },
  };
}
