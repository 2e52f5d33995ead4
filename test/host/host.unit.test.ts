/**
 * The host's logic on the in-memory storage, through the requests the message handler makes:
 * a game from creation to its end, with each seat's own frames; a repeated command id; lost
 * races and stale caches of two instances on one store; undo, time-outs, resuming, voting and
 * resigning; automatic seats played to the end, by the request and then by the stream; and
 * what each seat's frames may show of hidden information.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoaView } from '../../domain/games/goa/view';
import { findGame } from '../../domain/games/index';
import { ticTacToe } from '../../domain/games/tic-tac-toe';
import type { Connection } from '../../functions/stores/connections';
import { ProtocolError, type ServerFrame, type StateFrame } from '../../functions/core/protocol/frames';
import { activeSeats, moduleOf, type GameRecord } from '../../functions/core/record';
import { restoreLimits, setLimit } from '../support/limits';
import { memoryHost, type MemoryHost } from '../support/memory-host';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
const HOUR = 3_600_000;

afterEach(() => {
  vi.restoreAllMocks();
  restoreLimits();
});

async function create(h: MemoryHost, conn: Connection, frame: Record<string, unknown>): Promise<string> {
  const reply = await h.settle<Frame<'gameCreated'>>(
    h.host.commands.createGame(conn, { action: 'createGame', ...frame } as never, h.sender),
  );
  return reply.gameId;
}

const join = (h: MemoryHost, conn: Connection, gameId: string) =>
  h.settle<Frame<'joined'>>(h.host.commands.joinGame(conn, { action: 'joinGame', gameId }, h.sender));

const command = (h: MemoryHost, conn: Connection, gameId: string, commandId: string, cmd: unknown) =>
  h.settle<Frame<'ack'>>(h.host.commands.command(conn, { action: 'command', gameId, commandId, command: cmd } as never, h.sender));

/** The first free cell of a tic-tac-toe board. */
const freeCell = (record: GameRecord) => (record.state as { board: (number | null)[] }).board.indexOf(null);

const action = (h: MemoryHost, conn: Connection, gameId: string, name: 'resume' | 'undo' | 'voteEnd' | 'resign') =>
  h.settle<Frame<'done'>>(h.host.commands.gameAction(conn, { action: name, gameId }, h.sender));

const subscribe = (h: MemoryHost, conn: Connection, gameId: string) =>
  h.settle<StateFrame>(h.host.commands.subscribe(conn, { action: 'subscribe', gameId }, h.sender));

async function refused(promise: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(code);
  if (message) expect((error as ProtocolError).message).toMatch(message);
}

/** The game's latest record as the host knows it. */
const latest = (h: MemoryHost, gameId: string): Promise<GameRecord> => h.host.games.fresh(gameId);

describe('a hosted game', () => {
  it('is played from creation to its end: acks with versions, each seat its own frames, the store replays to them', async () => {
    const h = memoryHost();
    const [ana, bo, eve] = await Promise.all([h.connect('Ana'), h.connect('Bo'), h.connect('Eve')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    expect(await join(h, bo, gameId)).toMatchObject({ type: 'joined', seat: 1 });
    await Promise.all([subscribe(h, ana, gameId), subscribe(h, bo, gameId), subscribe(h, eve, gameId)]);
    const players = [ana, bo];
    for (const [i, cell] of [0, 3, 1, 4, 2].entries()) {
      const ack = await command(h, players[i % 2]!, gameId, `m${i}`, { type: 'mark', cell });
      expect(ack).toMatchObject({ type: 'ack', commandId: `m${i}`, version: 3 + i });
      if ((await latest(h, gameId)).status === 'finished') break;
    }
    const record = await latest(h, gameId);
    expect(record.status).toBe('finished');
    expect(await h.stored(gameId)).toEqual(record);
    for (const [conn, seat] of [
      [ana, 0],
      [bo, 1],
      [eve, null],
    ] as const) {
      const states = h.sender.statesTo(conn.connectionId, gameId);
      // Every version after the subscription's (its answer held version 2), in order, each as this seat sees it.
      expect(states.map((s) => s.version)).toEqual(Array.from({ length: record.version - 2 }, (_, i) => i + 3));
      expect(states.every((s) => s.you === seat)).toBe(true);
      expect(states.at(-1)).toMatchObject({ status: 'finished', outcome: { winners: [0] }, legal: [] });
    }
    // X is offered moves on its turns only.
    const anas = h.sender.statesTo(ana.connectionId, gameId).filter((s) => s.status === 'active');
    expect(anas.map((s) => s.legal.length > 0)).toEqual(anas.map((s) => s.activeSeats.includes(0)));
    expect(anas.some((s) => s.legal.length === 0)).toBe(true);
  });

  it("folds a command's events once on the way to the store (execute), from the record it cached", async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    await join(h, bo, gameId);
    const fold = vi.spyOn(ticTacToe, 'evolveAll');
    const reads = h.storage.store.usage.reads;
    expect(await command(h, ana, gameId, 'm1', { type: 'mark', cell: 4 })).toMatchObject({ version: 3 });
    expect(fold).toHaveBeenCalledTimes(1);
    expect(h.storage.store.usage.reads).toBe(reads);
  });

  it('acks a repeated command id with the version that stored it, storing nothing, also on another instance', async () => {
    const h = memoryHost();
    const other = memoryHost({ storage: h.storage });
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    await join(h, bo, gameId);
    expect(await command(h, ana, gameId, 'same', { type: 'mark', cell: 4 })).toMatchObject({ version: 3 });
    await command(h, bo, gameId, 'o1', { type: 'mark', cell: 0 });
    // A retry, whatever it carries: the stored version, nothing new.
    expect(await command(h, ana, gameId, 'same', { type: 'mark', cell: 8 })).toMatchObject({ type: 'ack', version: 3 });
    expect(await command(other, ana, gameId, 'same', { type: 'mark', cell: 8 })).toMatchObject({ type: 'ack', version: 3 });
    expect((await h.storage.store.commits(gameId)).map((c) => c.version)).toEqual([1, 2, 3, 4]);
    // Only a seated player is told about a stored id.
    await refused(command(h, await h.connect('Mallory'), gameId, 'same', { type: 'mark', cell: 8 }), 'FORBIDDEN');
  });

  it('answers a createGame sent again with the same createId with the game it created, creating and counting nothing more', async () => {
    const h = memoryHost();
    const other = memoryHost({ storage: h.storage });
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const frame = { game: 'tic-tac-toe', players: 2, createId: 'new-game-1' };
    setLimit('GAMES_PER_HOUR', 2);
    const gameId = await create(h, ana, frame);
    // Sent again (its answer lost), on this instance and on another one: the same game.
    expect(await create(h, ana, frame)).toBe(gameId);
    expect(await create(other, ana, { ...frame, listed: true })).toBe(gameId);
    expect(h.storage.store.gameIds()).toEqual([gameId]);
    // Counted once: one more game fits in the hour, then the limit holds.
    const second = await create(h, ana, { ...frame, createId: 'new-game-2' });
    expect(second).not.toBe(gameId);
    await refused(create(h, ana, { ...frame, createId: 'new-game-3' }), 'RATE_LIMITED');
    // Another player's createId is theirs alone.
    expect(await create(h, bo, frame)).not.toBe(gameId);
    expect(h.storage.store.gameIds()).toHaveLength(3);
  });

  it('stores the game a first try counted but did not store (its instance died in between) under the id it counted', async () => {
    const h = memoryHost();
    const ana = await h.connect('Ana');
    expect(await h.storage.records.countNewGame(ana.playerId, 'counted-then-died', true, h.now(), 'try-1')).toBe('counted-then-died');
    expect(h.storage.store.gameIds()).toEqual([]);
    expect(await create(h, ana, { game: 'tic-tac-toe', players: 2, createId: 'try-1' })).toBe('counted-then-died');
    expect((await h.stored('counted-then-died')).seats[0]).toMatchObject({ playerId: ana.playerId });
    expect(await create(h, ana, { game: 'tic-tac-toe', players: 2, createId: 'try-1' })).toBe('counted-then-died');
    expect(h.storage.store.gameIds()).toEqual(['counted-then-died']);
  });

  it('decides a change again on the newer record when another instance stored that version first', async () => {
    const a = memoryHost();
    const b = memoryHost({ storage: a.storage });
    const [ana, bo, cy] = await Promise.all([a.connect('Ana'), a.connect('Bo'), a.connect('Cy')]);
    const gameId = await create(a, ana, { game: 'vasco-da-gama', players: 3 });
    await b.host.games.fresh(gameId); // instance b caches version 1
    expect(await join(a, bo, gameId)).toMatchObject({ seat: 1 });
    // On its stale record b would seat Cy in seat 1: its write loses, and the join is decided again.
    expect(await join(b, cy, gameId)).toMatchObject({ seat: 2 });
    const record = await a.stored(gameId);
    expect(record.seats.map((s) => s?.name)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(record.status).toBe('active');
    expect((await a.storage.store.commits(gameId)).map((c) => c.version)).toEqual([1, 2, 3]);
  });

  it('decides a command again on the refreshed record when its cached one refuses it', async () => {
    const a = memoryHost();
    const b = memoryHost({ storage: a.storage });
    const [ana, bo] = await Promise.all([a.connect('Ana'), a.connect('Bo')]);
    const gameId = await create(a, ana, { game: 'tic-tac-toe', players: 2 });
    await join(a, bo, gameId);
    await b.host.games.fresh(gameId); // b: X to move
    await command(a, ana, gameId, 'x1', { type: 'mark', cell: 4 });
    // b's cached record says it is not O's turn; the store says it is.
    expect(await command(b, bo, gameId, 'o1', { type: 'mark', cell: 0 })).toMatchObject({ version: 4 });
    expect((await a.stored(gameId)).state).toMatchObject({ board: [1, null, null, null, 0, null, null, null, null] });
    // A command the latest record refuses is refused.
    await refused(command(b, bo, gameId, 'o2', { type: 'mark', cell: 1 }), 'NOT_YOUR_TURN');
  });

  it('takes back a move that revealed nothing, and shows everyone the state before it', async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'vasco-da-gama', players: 2 });
    await join(h, bo, gameId);
    const first = await subscribe(h, bo, gameId);
    const players = [ana, bo];
    for (let i = 0; ; i++) {
      const before = await latest(h, gameId);
      const seat = activeSeats(before)[0]!;
      const legal = moduleOf(before).legal(before.state, seat) as { type: string }[];
      await command(
        h,
        players[seat]!,
        gameId,
        `c${i}`,
        legal.find((c) => c.type !== 'launch'),
      );
      const after = await latest(h, gameId);
      if (after.undo?.seat !== seat) continue;
      await refused(action(h, players[1 - seat]!, gameId, 'undo'), 'ILLEGAL', /Only the player who made the last move/);
      expect(await action(h, players[seat]!, gameId, 'undo')).toMatchObject({ type: 'done', version: before.version + 2 });
      const undone = await latest(h, gameId);
      expect(undone.state).toEqual(before.state);
      expect(await h.stored(gameId)).toEqual(undone);
      const seen = [first, ...h.sender.statesTo(bo.connectionId, gameId)];
      expect(seen.at(-1)!.view).toEqual(seen.find((s) => s.version === before.version)!.view);
      return;
    }
  });

  it('times out a seat to a bot, refuses its player until they resume, and lets the others vote the game to an end', async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const clock = { type: 'perMove', hours: 1 };
    const games = [
      await create(h, ana, { game: 'tic-tac-toe', players: 2, clock }),
      await create(h, ana, { game: 'tic-tac-toe', players: 2, clock }),
    ];
    for (const g of games) await join(h, bo, g);
    await refused(action(h, bo, games[0]!, 'voteEnd'), 'ILLEGAL', /only after a player has run out of time/);
    // The sweep: what is due after the hour, then each game's clock.
    h.advance(HOUR + 1000);
    const { due } = await h.storage.schedule.dueClocks(h.now());
    expect(due.map((d) => d.gameId).sort()).toEqual([...games].sort());
    for (const g of games) await h.host.reactions.checkClock(g, h.sender);
    await h.stream(); // the Bots function's reactions play the time-outs' moves
    for (const g of games) {
      const record = await latest(h, g);
      expect(record.absent).toEqual([true, false]);
      expect(record.log).toContain('Ana ran out of time; a bot plays safe moves for them until they resume');
      // The bot played Ana's move: Bo is to act.
      expect(activeSeats(record)).toEqual([1]);
    }
    // Game 1: Ana comes back.
    await refused(command(h, ana, games[0]!, 'x1', { type: 'mark', cell: 0 }), 'ILLEGAL', /send "resume"/);
    await action(h, ana, games[0]!, 'resume');
    expect((await latest(h, games[0]!)).absent).toEqual([false, false]);
    await command(h, bo, games[0]!, 'o1', { type: 'mark', cell: freeCell(await latest(h, games[0]!)) });
    const resumed = await latest(h, games[0]!);
    expect(activeSeats(resumed)).toEqual([0]); // no bot moves for Ana any more
    expect(await command(h, ana, games[0]!, 'x1', { type: 'mark', cell: freeCell(resumed) })).toMatchObject({
      version: resumed.version + 1,
    });
    // Game 2: Bo is the only one present; his vote ends it.
    expect(await action(h, bo, games[1]!, 'voteEnd')).toMatchObject({ type: 'done' });
    const ended = await latest(h, games[1]!);
    expect(ended).toMatchObject({ status: 'finished', ended: 'vote' });
    expect(await h.stored(games[1]!)).toEqual(ended);
  });

  it('lets a player resign to a bot, and ends the game when the last person resigns', async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    await join(h, bo, gameId);
    await action(h, ana, gameId, 'resign');
    await h.stream();
    let record = await latest(h, gameId);
    expect(record).toMatchObject({ resigned: [0], absent: [true, false] });
    expect(activeSeats(record)).toEqual([1]); // the bot moved for Ana, from the stream
    await refused(command(h, ana, gameId, 'x', { type: 'mark', cell: 0 }), 'ILLEGAL', /You resigned/);
    await action(h, bo, gameId, 'resign');
    record = await latest(h, gameId);
    expect(record).toMatchObject({ status: 'finished', ended: 'resign', resigned: [0, 1] });
    expect(await h.stored(gameId)).toEqual(record);
  });

  it('plays automatic seats to the end from the stream, none in the request or the sweep', async () => {
    const h = memoryHost();
    const ana = await h.connect('Ana');
    // Ana against a bot, with a clock she lets run out: from then on every seat is automatic.
    const gameId = await create(h, ana, { game: 'navegador', players: 2, bots: [1], bot: 'random', clock: { type: 'perMove', hours: 1 } });
    await subscribe(h, ana, gameId);
    await h.stream(); // the bot's moves, if it began
    let record = await latest(h, gameId);
    expect(activeSeats(record)).toEqual([0]);
    h.advance(HOUR + 1000);
    const start = record.version;
    await h.host.reactions.checkClock(gameId, h.sender);
    record = await latest(h, gameId);
    // The sweep stored the time-out only; the Bots function's reactions play on.
    expect(record.version).toBe(start + 1);
    expect(record.status).toBe('active');
    for (let rounds = 0; record.status === 'active' && rounds < 200; rounds++) {
      await h.stream();
      record = await latest(h, gameId);
    }
    expect(record.status).toBe('finished');
    expect(await h.stored(gameId)).toEqual(record);
    const versions = (await h.storage.store.commits(gameId)).map((c) => c.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    // Ana watched all of it, each version once and in order.
    const seen = h.sender.statesTo(ana.connectionId, gameId).map((s) => s.version);
    expect(seen).toEqual(Array.from({ length: record.version - seen[0]! + 1 }, (_, i) => seen[0]! + i));
    // The stream wrote snapshots on the way.
    expect(await h.storage.store.load(gameId)).toEqual(record);
  });

  it('shows each seat its own hidden information only, and spectators none of it', async () => {
    const h = memoryHost();
    const [ana, bo, eve] = await Promise.all([h.connect('Ana'), h.connect('Bo'), h.connect('Eve')]);
    const gameId = await create(h, ana, { game: 'goa', players: 2 });
    await join(h, bo, gameId);
    const frames = await Promise.all([subscribe(h, ana, gameId), subscribe(h, bo, gameId), subscribe(h, eve, gameId)]);
    const record = await latest(h, gameId);
    const goa = findGame('goa')!;
    for (const [frame, seat] of [
      [frames[0]!, 0],
      [frames[1]!, 1],
      [frames[2]!, null],
    ] as const) {
      expect(frame.view).toEqual(goa.view(record.state, seat));
      const players = (frame.view as GoaView).players;
      for (const p of players) {
        const own = p.seat === seat;
        expect(p.ducats === null).toBe(!own);
        expect(p.hand === null).toBe(!own);
      }
      expect(frame.legal.length > 0).toBe(seat !== null && activeSeats(record).includes(seat));
    }
    // After a move, the frames pushed to each seat keep to the same rule.
    const mover = activeSeats(record)[0]!;
    await command(h, [ana, bo][mover]!, gameId, 'g1', goa.legal(record.state, mover)[0]);
    const next = await latest(h, gameId);
    for (const [conn, seat] of [
      [ana, 0],
      [bo, 1],
      [eve, null],
    ] as const) {
      const pushed = h.sender.statesTo(conn.connectionId, gameId).at(-1)!;
      expect(pushed.version).toBe(next.version);
      expect(pushed.view).toEqual(goa.view(next.state, seat));
    }
  });

  it('forgets a subscriber whose connection is gone', async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    await join(h, bo, gameId);
    await Promise.all([subscribe(h, ana, gameId), subscribe(h, bo, gameId)]);
    h.sender.gone.add(bo.connectionId);
    await command(h, ana, gameId, 'x1', { type: 'mark', cell: 4 });
    expect((await h.storage.records.subscribers(gameId)).map((s) => s.connectionId)).toEqual([ana.connectionId]);
    expect(await h.storage.records.getConnection(bo.connectionId)).toBeNull();
  });

  it("lists a player's games and tells the connections watching them what changed", async () => {
    const h = memoryHost();
    const [ana, bo] = await Promise.all([h.connect('Ana'), h.connect('Bo')]);
    const gameId = await create(h, ana, { game: 'tic-tac-toe', players: 2 });
    const list = await h.settle<Frame<'games'>>(h.host.commands.myGames(ana, { action: 'myGames', watch: true }));
    expect(list.games).toEqual([expect.objectContaining({ gameId, status: 'open', yourSeat: 0 })]);
    await join(h, bo, gameId);
    const changed = h.sender.framesTo(ana.connectionId).filter((f): f is Frame<'gameChanged'> => f.type === 'gameChanged');
    expect(changed.at(-1)!.game).toMatchObject({ gameId, status: 'active', yourTurn: true });
    const bos = await h.settle<Frame<'games'>>(h.host.commands.myGames(bo, { action: 'myGames' }));
    expect(bos.games).toEqual([expect.objectContaining({ gameId, status: 'active', yourSeat: 1, yourTurn: false })]);
  });
});
