/**
 * The lobby's watchers are told from the table's stream, coalesced, never by a request
 * (host/lobby-feed.ts): a request that lists a game writes its listing (a page asked next shows
 * it) and neither reads the watchers nor sends a frame; a batch of stream records holding several
 * changes of one game tells each watcher its newest only, one frame per game of its filter, the
 * watchers read once for the batch; a game whose request died right after its commit is still
 * listed and told, by the stream alone. On the memory host (its stream handed over by the test)
 * and through the notifier's handler on the local runtime in-process.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventStore } from '../../functions/app/games';
import { planCreate } from '../../functions/core/plans';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { applyCommit } from '../../functions/core/record';
import { stream as streamPart } from '../../functions/handlers/stream';
import { ALL_GAMES } from '../../functions/stores/listings';
import { Client, register, type Player } from '../support/client';
import { startInProcessServer, streamGate, type InProcessServer } from '../support/in-process';
import { memoryHost } from '../support/memory-host';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
type Changed = Frame<'openGameChanged'>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the lobby on the memory host', () => {
  it('is listed by the request, and told from the stream only: one frame per change, the watchers read once per batch', async () => {
    const h = memoryHost({ lobby: true });
    const { listings } = h.storage.stores;
    const [ana, bo, wes] = await Promise.all(['Ana', 'Bo', 'Wes'].map((n) => h.connect(n)));
    await listings.watch(wes!, ALL_GAMES);
    const watchers = vi.spyOn(listings, 'watchers');
    const writes = vi.spyOn(listings, 'write');
    const told = () => h.sender.framesTo(wes!.connectionId).filter((f): f is Changed => f.type === 'openGameChanged');

    const { gameId } = await h.settle<Frame<'gameCreated'>>(
      h.host.commands.createGame(ana!, { action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true } as never, h.sender),
    );
    // The request (its answer and the work after it) listed the game, and told nobody: no frame, no watcher read.
    expect(writes).toHaveBeenCalledTimes(1);
    expect((await listings.page(undefined, 10)).games.map((g) => [g.gameId, g.version])).toEqual([[gameId, 1]]);
    expect(h.sender.sent.filter((s) => s.frame.type === 'openGameChanged')).toEqual([]);
    expect(watchers).not.toHaveBeenCalled();

    // The stream tells: one frame, the watchers read once (its write finds the listing written).
    expect(await h.stream()).toBe(1);
    expect(told()).toEqual([{ type: 'openGameChanged', open: true, game: expect.objectContaining({ gameId, version: 1 }) }]);
    expect(watchers).toHaveBeenCalledTimes(1);

    // Bo joins from the list: the game starts and leaves the lobby at once, its watchers hear of it from the stream.
    await h.settle(h.host.commands.joinGame(bo!, { action: 'joinGame', gameId, listed: true }, h.sender));
    expect((await listings.page(undefined, 10)).games).toEqual([]);
    expect(told()).toHaveLength(1);
    expect(watchers).toHaveBeenCalledTimes(1);
    await h.stream();
    expect(told().map((f) => [f.game.version, f.open])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(watchers).toHaveBeenCalledTimes(2);
  });
});

describe('the lobby through the notifier, on the local runtime in-process', () => {
  let server: InProcessServer;
  /** While held, the stream's batches are kept instead of handled (the notifier is slow); the test hands them over as one. */
  const notifier = streamGate();
  let players: Player[];

  beforeAll(async () => {
    server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, instrument: notifier.instrument });
    players = await Promise.all(['Ana', 'Bruno', 'Caio', 'Dora', 'Wes', 'Gil', 'Tia'].map((n) => register(server.url, n)));
  }, 90_000);
  afterAll(async () => server?.close());

  /** Each watcher's `openGameChanged` frames, as [gameId, version, open], once a round trip shows every frame sent before it arrived. */
  async function heard(...clients: Client[]): Promise<[string, number, boolean][][]> {
    await Promise.all(clients.map((c) => c.request({ action: 'openGames', limit: 1 })));
    return clients.map((c) =>
      c.frames.filter((f): f is Changed => f.type === 'openGameChanged').map((f) => [f.game.gameId, f.game.version, f.open]),
    );
  }

  it("tells each watcher the newest of a batch's changes, once per game of its filter, reading the watchers once", async () => {
    const [ana, bruno, caio, dora, wes, gil, tia] = await Promise.all(players.map((p) => Client.connect(server.wsUrl, p)));
    await wes!.request({ action: 'openGames', watch: true });
    await gil!.request({ action: 'openGames', game: 'goa', watch: true });
    await tia!.request({ action: 'openGames', game: 'tic-tac-toe', watch: true });
    await server.notified();
    const watchers = vi.spyOn(server.stores.listings, 'watchers');

    // While the notifier is held: a Goa game created and joined twice (still open: four seats), a tic-tac-toe game created.
    notifier.held = true;
    const goa = await ana!.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'goa', players: 4, listed: true });
    expect(await bruno!.request({ action: 'joinGame', gameId: goa.gameId, listed: true })).toMatchObject({ type: 'joined' });
    expect(await caio!.request({ action: 'joinGame', gameId: goa.gameId, listed: true })).toMatchObject({ type: 'joined' });
    const ttt = await dora!.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true });
    await server.notified();
    notifier.held = false;

    // The requests listed both games as they stand, and told nobody. (The page may hold another test's game.)
    const page = await wes!.request<Frame<'openGames'>>({ action: 'openGames', limit: 10 });
    const mine = page.games.filter((g) => [goa.gameId, ttt.gameId].includes(g.gameId));
    expect(mine.map((g) => [g.gameId, g.version])).toEqual([
      [goa.gameId, 3],
      [ttt.gameId, 1],
    ]);
    expect(await heard(wes!, gil!, tia!)).toEqual([[], [], []]);
    expect(watchers).not.toHaveBeenCalled();

    // The stream's records of those requests, handed to the notifier as one batch: four lobby changes.
    const batch = { Records: notifier.kept.flatMap((e) => e.Records) } as DynamoDBStreamEvent;
    const lobbyCommits = batch.Records.filter((r) => r.dynamodb?.NewImage?.kind?.S === 'commit' && r.dynamodb.NewImage.listed?.BOOL);
    expect(lobbyCommits).toHaveLength(4);
    expect(await server.app.get(streamPart)(batch)).toEqual({ batchItemFailures: [] });
    expect(await heard(wes!, gil!, tia!)).toEqual([
      [
        [goa.gameId, 3, true],
        [ttt.gameId, 1, true],
      ],
      [[goa.gameId, 3, true]],
      [[ttt.gameId, 1, true]],
    ]);
    expect(watchers).toHaveBeenCalledTimes(1);
    const seats = wes!.frames.find((f): f is Changed => f.type === 'openGameChanged' && f.game.gameId === goa.gameId)!.game.seats;
    expect(seats.map((s) => s?.name ?? null)).toEqual(['Ana', 'Bruno', 'Caio', null]);
    await Promise.all([ana, bruno, caio, dora, wes, gil, tia].map((c) => c!.close()));
  });

  it('lists and tells a game whose request died right after its commit, from the stream alone', async () => {
    const [wes, ana] = await Promise.all([Client.connect(server.wsUrl, players[4]!), Client.connect(server.wsUrl, players[0]!)]);
    await wes.request({ action: 'openGames', watch: true });
    // The commit is written straight into the store: the request that stored it never followed it up.
    const commit = planCreate({
      gameId: 'died-listed',
      game: 'tic-tac-toe',
      players: 2,
      options: {},
      player: { playerId: ana.player.playerId, name: 'Ana' },
      seed: 1,
      at: new Date().toISOString(),
      listed: true,
    });
    expect(await server.app.get(eventStore).append(commit, applyCommit(null, commit), null)).toBe(true);
    const told = await wes.waitFor<Changed>((f) => f.type === 'openGameChanged' && f.game.gameId === 'died-listed');
    expect(told).toMatchObject({ open: true, game: { version: 1, seats: [{ name: 'Ana' }, null] } });
    const page = await ana.request<Frame<'openGames'>>({ action: 'openGames', game: 'tic-tac-toe' });
    expect(page.games.map((g) => g.gameId)).toContain('died-listed');
    await Promise.all([wes, ana].map((c) => c.close()));
  });
});
