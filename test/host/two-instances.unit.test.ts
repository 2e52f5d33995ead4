/**
 * Two app instances (two Lambda containers) on one store, as the cloud runs them: requests on
 * either, the stream's two readers — the notifier's reactions and the Bots function's — each
 * delivering to either (at least once: again after a failure, or just again), the sweep on
 * either, and instances dying right after a write (their follow-up work dropped). Whatever the
 * interleaving, every version is stored once (no lost write, no automatic move stored twice or
 * on a version it was not decided on), a bot's move is computed at most once per version —
 * exactly once where it was stored — never in a request, and the game is never left stuck: the
 * stream, and finally the sweep, bring it to its end. Memory storage; fast-check's scheduler
 * picks the order in which the instances' reads and writes of the store complete.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBot } from '../../domain/engine/bots';
import type { Rng } from '../../domain/engine/rng';
import { findBot } from '../../domain/games/bots';
import { memoryStorage } from '../../functions/adapters/memory';
import type { GameStore } from '../../functions/stores/games';
import type { Connection } from '../../functions/stores/connections';
import { REDRIVE_AFTER_MS } from '../../functions/core/clock-due';
import { ProtocolError, type ServerFrame } from '../../functions/core/protocol/frames';
import { activeSeats, applyCommit, moduleOf, type Commit, type GameRecord } from '../../functions/core/record';
import { createHost, type Host } from '../../functions/host/host';
import { LEASE_MS, MAX_CHAIN_MOVES, MoveLeased } from '../../functions/host/reactions';
import { RecordingSender } from '../support/memory-host';
import { testObserver } from '../support/observer';

const HOUR = 3_600_000;
/** Navegador: a game long enough for chains of automatic moves to outlast a chain's bound; connect four: short, for many runs. */
type Game = 'navegador' | 'connect-four';
type Storage = ReturnType<typeof memoryStorage>;

/** A bot's move (or an absent seat's): a seat's commit with no command id and only game events. */
const isAutomatic = (c: Commit) => c.commandId === null && c.seat !== null && !c.events.some((e) => e.type.startsWith('$'));

/** An instance that died after a write: whatever it was doing stops there. */
class Died extends Error {}

/** The life of the instance an operation runs in: once it died, the operation's next store call fails. */
const life = new AsyncLocalStorage<number>();
/** Who runs an operation (to count who stored the automatic moves). */
type Role = 'request' | 'stream' | 'sweep';
const role = new AsyncLocalStorage<Role>();

interface Instance {
  name: string;
  host: Host;
  sender: RecordingSender;
  /** Its next stored write is its last act: the write lands, then it dies (and starts again, as a new container would). */
  dying: boolean;
  /** Bumped at each death: operations of an earlier life stop. */
  lives: number;
  /** Automatic moves it stored, by who ran the operation. */
  automatic: number;
  by: Record<Role, number>;
}

/** The world the instances share: the store, the time, and (while set) the scheduler that orders their store calls. */
interface World {
  storage: Storage;
  now: Date;
  scheduler: fc.Scheduler | null;
}

/** Bots' decisions made while a request ran (must stay 0: requests never compute a bot's move). */
let decidedInRequests = 0;

/** The bots' decisions, by the version each was made on (the bot's generator is seeded from it: see Reactions.playAutomatic). */
function countDecisions(game: Game): Map<number, number> {
  const decisions = new Map<number, number>();
  decidedInRequests = 0;
  const versionOf = (rng: Rng) => {
    for (let v = 0; v < 10_000; v++) if ((v * 2654435761) >>> 0 === rng.state) return v;
    throw new Error(`no version seeds ${rng.state}`);
  };
  for (const bot of new Set([randomBot, ...['safe', 'heuristic'].flatMap((name) => findBot(game, name) ?? [])])) {
    const choose = bot.choose.bind(bot);
    vi.spyOn(bot, 'choose').mockImplementation((state, seat, legal, rng) => {
      const version = versionOf(rng);
      decisions.set(version, (decisions.get(version) ?? 0) + 1);
      if ((role.getStore() ?? 'request') === 'request') decidedInRequests++;
      return choose(state, seat, legal, rng);
    });
  }
  return decisions;
}

function instance(name: string, world: World, maxChainMoves?: number): Instance {
  const shared = world.storage.store;
  const self: Instance = {
    name,
    host: undefined as never,
    sender: new RecordingSender(),
    dying: false,
    lives: 0,
    automatic: 0,
    by: { request: 0, stream: 0, sweep: 0 },
  };
  /** Completes when the scheduler says so (at once without one); fails for an operation of a life that ended. */
  const turn = async (label: string) => {
    const alive = () => {
      const lived = life.getStore();
      if (lived !== undefined && lived !== self.lives) throw new Died(`${name} is dead`);
    };
    alive();
    if (world.scheduler) await world.scheduler.schedule(Promise.resolve(), `${name} ${label}`);
    alive();
  };
  const store: GameStore = {
    redriveAfterMs: shared.redriveAfterMs,
    async append(commit, after, before) {
      await turn(`append v${commit.version}`);
      const stored = await shared.append(commit, after, before);
      if (stored && isAutomatic(commit)) {
        self.automatic++;
        self.by[role.getStore() ?? 'request']++;
      }
      if (stored && self.dying) {
        self.dying = false;
        self.lives++;
        throw new Died(`${name} died after storing v${commit.version}`);
      }
      return stored;
    },
    async load(gameId, base) {
      await turn(`load after v${base?.version ?? 0}`);
      return shared.load(gameId, base);
    },
    async leaseMove(gameId, version, until, now) {
      await turn(`lease v${version}`);
      return shared.leaseMove(gameId, version, until, now);
    },
    commits: (gameId) => shared.commits(gameId),
    saveSnapshot: (record) => shared.saveSnapshot(record),
  };
  self.host = createHost({
    observer: testObserver(),
    store,
    records: world.storage.records,
    schedule: world.storage.schedule,
    now: () => world.now,
    newGameId: () => `game-${Math.random().toString(36).slice(2, 10)}`,
    newSeed: () => 7,
    maxChainMoves,
  });
  return self;
}

/** Who reads the stream: the notifier's reactions, or the Bots function's. */
type Reader = 'notify' | 'bots';

/** One reader of the table's stream for one game: each commit in order, one delivery at a time, at least once. */
class Stream {
  /** The last version whose delivery succeeded (and was not to be delivered again). */
  delivered = 0;
  busy = false;
  failures = 0;
  /** Deliveries that succeeded and were delivered again all the same (each record at most once more). */
  again = 0;
  private deliveredAgain = 0;
  /** Failures since the last success: a record that never succeeds is a bug. */
  private failing = 0;

  constructor(
    private readonly world: World,
    private readonly gameId: string,
    private readonly reader: Reader,
  ) {}

  pending(): boolean {
    return this.world.storage.store.items(this.gameId).some((i) => i.version > this.delivered);
  }

  /**
   * Deliver the next commit to an instance; `again`: it is delivered once more afterwards even if
   * it succeeds (once). `settled`: nothing else runs, so a lease another holds is a dead holder's.
   */
  async deliver(to: Instance, again = false, settled = false): Promise<void> {
    if (this.busy) return;
    const head = this.world.storage.store.items(this.gameId).find((i) => i.version === this.delivered + 1);
    if (!head) return;
    this.busy = true;
    const lived = to.lives;
    try {
      const reactions = to.host.reactions;
      await life.run(lived, () =>
        role.run('stream', () => (this.reader === 'notify' ? reactions.react(head) : reactions.play(head, to.sender))),
      );
      // An instance that died on the way reports nothing: the stream delivers the record again.
      if (to.lives !== lived) throw new Died(`${to.name} died`);
      if (again && this.deliveredAgain < head.version) {
        this.again++;
        this.deliveredAgain = head.version;
      } else this.delivered = head.version;
      this.failing = 0;
    } catch (error) {
      this.failures++; // delivered again, to whichever instance
      // A dead holder's lease: the stream's back-offs outlast it (a live holder would have stored its move by then).
      if (error instanceof MoveLeased && settled) this.world.now = new Date(this.world.now.getTime() + LEASE_MS);
      if (++this.failing > 20) throw new Error(`v${head.version} keeps failing: ${(error as Error).stack}`);
    } finally {
      this.busy = false;
    }
  }

  /** Deliver everything stored so far, in turns to the instances. */
  async drain(instances: Instance[]): Promise<void> {
    for (let i = 0; this.pending(); i++) await this.deliver(instances[i % instances.length]!, false, true);
  }
}

/** The stream's two readers for one game. */
function readers(world: World, gameId: string): Stream[] {
  return [new Stream(world, gameId, 'notify'), new Stream(world, gameId, 'bots')];
}

/** Both readers deliver everything stored so far, and what their reactions store (the bots' moves). */
async function drainAll(streams: Stream[], instances: Instance[]): Promise<void> {
  while (streams.some((s) => s.pending())) for (const s of streams) await s.drain(instances);
}

async function storedRecord(storage: Storage, gameId: string): Promise<{ record: GameRecord; commits: Commit[] }> {
  const commits = await storage.store.commits(gameId);
  return { record: commits.reduce<GameRecord | null>((r, c) => applyCommit(r, c), null)!, commits };
}

const personToAct = (record: GameRecord) => record.status === 'active' && activeSeats(record).includes(0) && !record.absent[0];

/** What happens in a phase, each at a time the scheduler picks (`steps`: let that many store calls complete first). */
type Action =
  | { kind: 'move'; on: number; pick: number; dies: boolean }
  | { kind: 'kill'; on: number }
  | { kind: 'resume'; on: number }
  | { kind: 'sweep'; on: number }
  | { kind: 'steps'; n: number };

const on = fc.integer({ min: 0, max: 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), on, pick: fc.nat(), dies: fc.nat(4).map((n) => n === 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('kill' as const), on }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), on }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), on }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('steps' as const), n: fc.integer({ min: 1, max: 6 }) }) },
);
/**
 * The stream's deliveries, in turn: to which instance, whether a delivery that succeeded comes
 * again all the same, and whether that instance dies after its next write (then the delivery fails).
 */
const deliveries = fc.array(fc.record({ on, again: fc.boolean(), dies: fc.nat(4).map((n) => n === 0) }), { minLength: 1, maxLength: 12 });

/** Ana against a bot, with an hour per move: her time runs out, and then both seats are automatic. */
async function startGame(world: World, a: Instance, ana: Connection, game: Game): Promise<string> {
  const outcome = await a.host.commands.createGame(
    ana,
    { action: 'createGame', game, players: 2, bots: [1], bot: 'random', clock: { type: 'perMove', hours: 1 } } as never,
    a.sender,
  );
  await outcome.after?.();
  const reply = outcome.reply as Extract<ServerFrame, { type: 'gameCreated' }>;
  await a.host.commands.subscribe(ana, { action: 'subscribe', gameId: reply.gameId }, a.sender);
  expect(world.storage.store.gameIds()).toEqual([reply.gameId]);
  return reply.gameId;
}

afterEach(() => vi.restoreAllMocks());

describe('two instances on one store', () => {
  it("compute each bot move once, never in a request, store it once, and send each version's frames once, when the stream reaches the other instance while a request's follow-up runs", async () => {
    const decisions = countDecisions('navegador');
    const world: World = { storage: memoryStorage(), now: new Date('2026-11-21T12:00:00.000Z'), scheduler: null };
    const [a, b] = [instance('A', world), instance('B', world)];
    const ana = { connectionId: 'conn-ana', playerId: 'player-ana', name: 'Ana' };
    await world.storage.records.putConnection(ana);
    const gameId = await startGame(world, a, ana, 'navegador');
    const streams = readers(world, gameId);
    let requests = 0;
    // Ana's moves, each on one instance while the stream delivers to the other.
    for (let { record } = await storedRecord(world.storage, gameId); personToAct(record) && requests < 6; requests++) {
      const [here, there] = requests % 2 ? [b, a] : [a, b];
      const legal = moduleOf(record).legal(record.state, 0);
      const outcome = await here.host.commands.command(
        ana,
        { action: 'command', gameId, commandId: `m${requests}`, command: legal[requests % legal.length] } as never,
        here.sender,
      );
      await Promise.all([outcome.after?.(), drainAll(streams, [there])]);
      await drainAll(streams, [there]);
      ({ record } = await storedRecord(world.storage, gameId));
    }
    // Her time runs out: the sweep (on A) times her out; the Bots function's reactions (on B) play on, to the end.
    world.now = new Date(world.now.getTime() + HOUR + 1000);
    const streamed = b.automatic;
    await Promise.all([role.run('sweep', () => a.host.reactions.checkClock(gameId, a.sender)), drainAll(streams, [b])]);
    await drainAll(streams, [b, a]);

    const { record, commits } = await storedRecord(world.storage, gameId);
    expect(record.status).toBe('finished');
    expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
    const automatic = commits.filter(isAutomatic);
    // Exactly one decision for each automatic move, on the version it was stored on top of; none else.
    expect([...decisions.keys()].sort((x, y) => x - y)).toEqual(automatic.map((c) => c.version - 1));
    expect([...decisions.values()].every((n) => n === 1)).toBe(true);
    expect(a.automatic + b.automatic).toBe(automatic.length);
    expect(decidedInRequests).toBe(0);
    expect(a.by.request + b.by.request).toBe(0);
    // The game outlasted one chain: the reaction to a chain's last commit played on.
    expect(automatic.length).toBeGreaterThan(MAX_CHAIN_MOVES);
    expect(b.automatic).toBeGreaterThan(streamed);
    expect(streams.map((x) => x.failures)).toEqual([0, 0]);
    // Ana's connection got every version after her subscription once (from either instance).
    const seen = [...a.sender.statesTo(ana.connectionId, gameId), ...b.sender.statesTo(ana.connectionId, gameId)].map((s) => s.version);
    const first = Math.min(...seen);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: record.version - first + 1 }, (_, i) => first + i));
    console.info(
      `two instances: ${record.version} versions, ${automatic.length} automatic moves (${a.automatic} by A's stream reactions and sweep, ${b.automatic} by B's), ${[...decisions.values()].reduce((x, y) => x + y, 0)} bot decisions`,
    );
  });

  it('store every version once, decide a bot move at most once per version, and leave no game stuck, in any interleaving with redeliveries and deaths', async () => {
    const totals = {
      runs: 0,
      versions: 0,
      automatic: 0,
      byRequests: 0,
      byStream: 0,
      bySweep: 0,
      decisions: 0,
      deaths: 0,
      failedDeliveries: 0,
      deliveredAgain: 0,
      sweeps: 0,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.record({ before: fc.array(action, { maxLength: 30 }), sweepOn: on, after: fc.array(action, { maxLength: 30 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        deliveries,
        fc.constantFrom(1, 2, 3, MAX_CHAIN_MOVES),
        async (scheduler, phases, delivered, maxChainMoves) => {
          vi.restoreAllMocks();
          const decisions = countDecisions('connect-four');
          const world: World = { storage: memoryStorage(), now: new Date('2026-11-21T12:00:00.000Z'), scheduler: null };
          const instances = [instance('A', world, maxChainMoves), instance('B', world, maxChainMoves)];
          const ana = { connectionId: 'conn-ana', playerId: 'player-ana', name: 'Ana' };
          await world.storage.records.putConnection(ana);
          const gameId = await startGame(world, instances[0]!, ana, 'connect-four');
          const streams = readers(world, gameId);
          const acks: { commandId: string; version: number }[] = [];
          let deaths = 0;
          let sweeps = 0;
          let sweeping = false;

          let commands = 0;
          const perform = async (act: Exclude<Action, { kind: 'steps' | 'kill' }>, inst: Instance): Promise<void> => {
            const { record } = await storedRecord(world.storage, gameId);
            try {
              if (act.kind === 'sweep') {
                // One sweep at a time, as its schedule (every few minutes) never overlaps its runs.
                if (sweeping) return;
                sweeping = true;
                sweeps++;
                await role.run('sweep', () => inst.host.reactions.checkClock(gameId, inst.sender)).finally(() => (sweeping = false));
              } else if (act.kind === 'resume') {
                if (!record.absent[0]) return;
                const outcome = await inst.host.commands.gameAction(ana, { action: 'resume', gameId }, inst.sender);
                await outcome.after?.();
              } else {
                if (!personToAct(record)) return;
                const legal = moduleOf(record).legal(record.state, 0);
                const commandId = `m${++commands}`;
                const outcome = await inst.host.commands.command(
                  ana,
                  { action: 'command', gameId, commandId, command: legal[act.pick % legal.length] } as never,
                  inst.sender,
                );
                if (outcome.reply.type === 'ack') acks.push({ commandId, version: outcome.reply.version });
                // Dead right after the answer: its follow-up (broadcast, index…) never runs.
                if (act.dies) deaths++;
                else await outcome.after?.();
              }
            } catch (error) {
              if (error instanceof Died) deaths++;
              else if (!(error instanceof ProtocolError)) throw error; // a refusal (the game moved on) is fine
            }
          };

          const phase = async (actions: Action[]) => {
            world.scheduler = scheduler;
            let launching = true;
            let running = 0;
            const tasks: Promise<void>[] = [];
            const task = async (label: string, work: () => Promise<void>) => {
              running++;
              try {
                await scheduler.schedule(Promise.resolve(), label);
                await work();
              } finally {
                running--;
              }
            };
            // The stream's readers, in turn: the next record as soon as the scheduler lets it, until every other task is done and nothing is left.
            const streaming = (async () => {
              for (let i = 0; ; i++) {
                await scheduler.schedule(Promise.resolve(), 'stream');
                const stream = streams[i % 2]!.pending() ? streams[i % 2] : streams.find((x) => x.pending());
                if (stream) {
                  const { on, again, dies } = delivered[i % delivered.length]!;
                  if (dies) instances[on]!.dying = true;
                  await stream.deliver(instances[on]!, again);
                } else if (!launching && running === 0) return;
              }
            })();
            for (const act of actions) {
              if (act.kind === 'steps') {
                for (let i = 0; i < act.n && scheduler.count() > 0; i++) await scheduler.waitOne();
                continue;
              }
              const inst = instances[act.on]!;
              if (act.kind === 'kill') tasks.push(task(`kill ${inst.name}`, async () => void (inst.dying = true)));
              else tasks.push(task(`${act.kind} on ${inst.name}`, () => life.run(inst.lives, () => perform(act, inst))));
            }
            launching = false;
            await scheduler.waitFor(Promise.all([...tasks, streaming]));
            world.scheduler = null;
            for (const i of instances) i.dying = false;
            // The stream catches up within seconds, long before anything else is due.
            await drainAll(streams, instances);
          };

          // Ana plays while the bot answers; hour after hour her time runs out: the sweep times her out,
          // and it, the stream, her moves and her coming back interleave.
          for (const { before, sweepOn, after } of phases) {
            await phase(before);
            world.now = new Date(world.now.getTime() + HOUR + 1000);
            await phase([{ kind: 'sweep', on: sweepOn }, ...after]);
          }

          // The guarantee: what the stream does not finish, the sweep does, once the game is due (Ana's time runs out again and again).
          for (let rounds = 0; ; rounds++) {
            expect(rounds).toBeLessThan(100);
            await drainAll(streams, instances);
            const { record } = await storedRecord(world.storage, gameId);
            if (record.status === 'finished') break;
            world.now = new Date(world.now.getTime() + (personToAct(record) ? HOUR + 1000 : 2 * REDRIVE_AFTER_MS));
            const { due } = await world.storage.schedule.dueClocks(world.now);
            expect(due.map((d) => d.gameId)).toContain(gameId);
            sweeps++;
            const inst = instances[rounds % 2]!;
            await role.run('sweep', () => inst.host.reactions.checkClock(gameId, inst.sender));
            expect((await storedRecord(world.storage, gameId)).record.version).toBeGreaterThan(record.version);
          }

          const { record, commits } = await storedRecord(world.storage, gameId);
          // Every version once, in order; each acknowledged command is the commit of its version.
          expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
          for (const { commandId, version } of acks) expect(commits[version - 1]!.commandId).toBe(commandId);
          expect(new Set(acks.map((x) => x.version)).size).toBe(acks.length);
          // Each automatic move was decided once, on the version it was stored on top of; no version was decided twice.
          const automatic = commits.filter(isAutomatic);
          for (const c of automatic) expect(decisions.get(c.version - 1)).toBe(1);
          expect(Math.max(0, ...decisions.values())).toBeLessThanOrEqual(1);
          expect(instances[0]!.automatic + instances[1]!.automatic).toBe(automatic.length);
          expect(decidedInRequests).toBe(0);
          expect(record.status).toBe('finished');
          totals.runs++;
          totals.versions += record.version;
          totals.automatic += automatic.length;
          for (const i of instances) {
            totals.byRequests += i.by.request;
            totals.byStream += i.by.stream;
            totals.bySweep += i.by.sweep;
          }
          totals.decisions += [...decisions.values()].reduce((x, y) => x + y, 0);
          totals.deaths += deaths;
          totals.failedDeliveries += streams[0]!.failures + streams[1]!.failures;
          totals.deliveredAgain += streams[0]!.again + streams[1]!.again;
          totals.sweeps += sweeps;
        },
      ),
      { numRuns: 150 },
    );
    console.info(`two instances, fuzzed: ${JSON.stringify(totals)}`);
    expect(totals.deaths).toBeGreaterThan(0);
    expect(totals.failedDeliveries).toBeGreaterThan(0);
    expect(totals.deliveredAgain).toBeGreaterThan(0);
  }, 120_000);
});
