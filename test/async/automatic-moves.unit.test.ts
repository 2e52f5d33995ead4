/**
 * Automatic moves off the request path (docs/production.md, finding 3): a player's request
 * stores its commit and is answered, with its follow-up done, before any bot computes; the Bots
 * function's stream reaction plays the move, under the game's lease, so two reactions to one
 * commit (a redelivery, a bisected batch, a retry while the first still computes) compute it
 * once, and a dead holder's lease is taken over once it lapses. Memory app, the test's clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBot } from '../../domain/games/bots';
import { memoryStorage } from '../../functions/adapters/memory';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { activeSeats, moduleOf } from '../../functions/core/record';
import type { CommitHead } from '../../functions/core/triggers';
import { CHAIN_MOVE_MS, LEASE_MS, MoveLeased, UNPACED_MOVES } from '../../functions/host/reactions';
import { eachInserted } from '../../functions/api/stream-batch';
import { playsOn } from '../../functions/handlers/automatic-moves';
import { METRICS } from '../../functions/observe/metric-names';
import { testObserver } from '../support/observer';
import type { Connection } from '../../functions/stores/connections';
import { memoryHost, type MemoryHost } from '../support/memory-host';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

afterEach(() => vi.restoreAllMocks());

/** Every decision of connect four's heuristic bot (the bot of the games here). */
const decisions = () => vi.spyOn(findBot('connect-four', 'heuristic')!, 'choose');

/** Ana against a heuristic bot, at her turn (the bot's first move played from the stream, if it began). */
async function ready(h: MemoryHost): Promise<{ ana: Connection; gameId: string }> {
  const ana = await h.connect('Ana');
  const { gameId } = await h.settle<Frame<'gameCreated'>>(
    h.host.commands.createGame(
      ana,
      { action: 'createGame', game: 'connect-four', players: 2, bots: [1], bot: 'heuristic' } as never,
      h.sender,
    ),
  );
  await h.stream();
  expect(activeSeats(await h.host.games.fresh(gameId))).toEqual([0]);
  return { ana, gameId };
}

/** Ana's move, answered and followed up as the message handler does; the head it stored. */
async function move(h: MemoryHost, ana: Connection, gameId: string): Promise<CommitHead> {
  const record = await h.host.games.fresh(gameId);
  const command = moduleOf(record).legal(record.state, 0)[0];
  const ack = await h.settle<Frame<'ack'>>(
    h.host.commands.command(ana, { action: 'command', gameId, commandId: `c${record.version}`, command } as never, h.sender),
  );
  const head = h.storage.store.items(gameId).at(-1)!;
  expect(head.version).toBe(ack.version);
  return head;
}

describe('automatic moves', () => {
  it("are never computed in a player's request: it is answered and followed up with no bot's commit stored; the stream then plays it", async () => {
    const h = memoryHost();
    const { ana, gameId } = await ready(h);
    const choose = decisions();
    const head = await move(h, ana, gameId);
    // Answered, broadcast, indexed: and the bot has not computed anything, nor is anything after Ana's move stored.
    expect(choose).not.toHaveBeenCalled();
    expect(head.automatic).toBe(1);
    expect(h.storage.store.items(gameId).map((i) => i.version)).toEqual([...Array(head.version).keys()].map((v) => v + 1));
    // The Bots function's reaction to her commit plays the bot's move.
    await h.stream();
    expect(choose).toHaveBeenCalledTimes(1);
    const after = h.storage.store.items(gameId).at(-1)!;
    expect(after).toMatchObject({ version: head.version + 1, seat: 1, commandId: null });
  });

  it('are computed once when two reactions to the same commit run at once (two instances), the second refused by the lease', async () => {
    const storage = memoryStorage();
    const a = memoryHost({ storage });
    const b = memoryHost({ storage });
    const { ana, gameId } = await ready(a);
    const head = await move(a, ana, gameId);
    const choose = decisions();
    const outcomes = await Promise.allSettled([a.host.reactions.play(head, a.sender), b.host.reactions.play(head, b.sender)]);
    expect(choose).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(MoveLeased);
    // The redelivery after the stream's back-off finds the move stored: nothing more is computed or stored.
    await b.host.reactions.play(head, b.sender);
    expect(choose).toHaveBeenCalledTimes(1);
    expect(storage.store.items(gameId).map((i) => i.version)).toEqual([...Array(head.version + 1).keys()].map((v) => v + 1));
  });

  it("are taken over once a dead holder's lease lapsed, and not before", async () => {
    const h = memoryHost();
    const { ana, gameId } = await ready(h);
    const head = await move(h, ana, gameId);
    // Another instance took the lease on this move, then died before storing it.
    expect(await h.storage.store.leaseMove(gameId, head.version, new Date(h.now().getTime() + LEASE_MS), h.now())).toBe(true);
    const choose = decisions();
    await expect(h.host.reactions.play(head, h.sender)).rejects.toBeInstanceOf(MoveLeased);
    h.advance(LEASE_MS - 1);
    await expect(h.host.reactions.play(head, h.sender)).rejects.toBeInstanceOf(MoveLeased);
    expect(choose).not.toHaveBeenCalled();
    h.advance(1);
    await h.host.reactions.play(head, h.sender);
    expect(choose).toHaveBeenCalledTimes(1);
    expect(h.storage.store.items(gameId).at(-1)).toMatchObject({ version: head.version + 1, seat: 1 });
  });

  it("play one move per record once the invocation's budget is spent, and the record of that move plays on", async () => {
    const h = memoryHost();
    const ana = await h.connect('Ana');
    // Ana times out at once: every seat is automatic, a chain to the end of the game.
    const { gameId } = await h.settle<Frame<'gameCreated'>>(
      h.host.commands.createGame(
        ana,
        {
          action: 'createGame',
          game: 'connect-four',
          players: 2,
          bots: [1],
          bot: 'heuristic',
          clock: { type: 'perMove', hours: 1 },
        } as never,
        h.sender,
      ),
    );
    await h.stream();
    h.advance(3_600_000 + 1000);
    await h.host.reactions.checkClock(gameId, h.sender);
    const timedOut = h.storage.store.items(gameId).at(-1)!;
    expect(timedOut.automatic).toBe(0);
    // A budget already spent: its own move only.
    await h.host.reactions.play(timedOut, h.sender, performance.now() - 1);
    const next = h.storage.store.items(gameId).at(-1)!;
    expect(next.version).toBe(timedOut.version + 1);
    expect(next.automatic).toBe(1);
    // With a budget: a chain.
    await h.host.reactions.play(next, h.sender);
    expect(h.storage.store.items(gameId).at(-1)!.version).toBeGreaterThan(next.version + 1);
  });

  it('of a game that plays itself go at once for the first few, then one per CHAIN_MOVE_MS: a whole vCPU never floods its partition', async () => {
    const h = memoryHost();
    const ana = await h.connect('Ana');
    const { gameId } = await h.settle<Frame<'gameCreated'>>(
      h.host.commands.createGame(
        ana,
        {
          action: 'createGame',
          game: 'connect-four',
          players: 2,
          bots: [1],
          bot: 'heuristic',
          clock: { type: 'perMove', hours: 1 },
        } as never,
        h.sender,
      ),
    );
    await h.stream();
    h.advance(3_600_000 + 1000);
    await h.host.reactions.checkClock(gameId, h.sender);
    const timedOut = h.storage.store.items(gameId).at(-1)!;
    await h.host.reactions.play(timedOut, h.sender);
    // The chain's moves, by when each was stored (the test's clock moves only by the chain's waits).
    const chain = h.storage.store.items(gameId).filter((i) => i.version > timedOut.version);
    expect(chain.length).toBeGreaterThan(UNPACED_MOVES + 2);
    const gaps = chain.slice(1).map((c, i) => Date.parse(c.at) - Date.parse(chain[i]!.at));
    expect(gaps.slice(0, UNPACED_MOVES - 1)).toEqual(Array(UNPACED_MOVES - 1).fill(0));
    expect(gaps.slice(UNPACED_MOVES - 1)).toEqual(Array(chain.length - UNPACED_MOVES).fill(CHAIN_MOVE_MS));
  });

  it('hand a record whose move another holds back to the stream as not yet done: delivered again, no failure counted', async () => {
    const observer = testObserver();
    const count = vi.spyOn(observer, 'count');
    const event = {
      Records: [1, 2].map((n) => ({
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: String(n),
          NewImage: {
            kind: { S: 'commit' },
            version: { N: String(n) },
            summary: { S: '' },
            clockDue: { NULL: true },
            automatic: { N: '1' },
          },
        },
      })),
    } as never;
    const busy = (item: { version: number }) => (item.version === 1 ? Promise.reject(new MoveLeased('g', 1)) : Promise.resolve());
    expect(await eachInserted(event, playsOn, busy, observer, 'failed', (e) => e instanceof MoveLeased)).toEqual({
      batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '2' }],
    });
    expect(count).not.toHaveBeenCalledWith(METRICS.reactorFailures);
  });
});
