/**
 * Ratings cannot be farmed with a second account (issue 26, 9), on the local runtime
 * (in-process, on the memory stores): three private games against one's own second account,
 * which resigns at once, leave the rating, the rank and the profile as they were, and their
 * `state` says why (`unrated: "private"`); the same through the public lobby changes only the
 * second account's rating, the loser's (`unrated: "leftEarly"`). Games matched in the lobby and
 * played, a resignation after two moves of one's own, and a private game against bots are rated
 * as before. The rule itself, on commit heads: core/ratings.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommit, type GameRecord } from '../../functions/core/record';
import { planCommand, planCreate, planJoin, planUndo } from '../../functions/core/plans';
import { ratedTable, MOVES_BEFORE_LEAVING, unratedReason } from '../../functions/core/ratings';
import type { CommitHead } from '../../functions/core/triggers';
import type { LeaderboardFrame, ProfileFrame, ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

let server: InProcessServer;
let ana: Player;
let alt: Player;
let carla: Player;
let a: Client;
let x: Client;
let c: Client;

beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  [ana, alt, carla] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Ana Two'), register(server.url, 'Carla')]);
  [a, x, c] = (await Promise.all([ana, alt, carla].map((p) => Client.connect(server.wsUrl, p)))) as [Client, Client, Client];
}, 90_000);
afterAll(async () => {
  await Promise.all([a, x, c].map((k) => k?.close()));
  await server?.close();
});

const ratingOf = (p: Player) => server.stores.ratings.rating(p.playerId, 'tic-tac-toe');
const board = async () =>
  (await a.request<LeaderboardFrame>({ action: 'leaderboard', game: 'tic-tac-toe' })).entries.map((e) => [e.rank, e.name, e.rating]);

/** A tic-tac-toe game created by `first` (seat 0, X) and joined by `second`, both subscribed. */
async function game(first: Client, second: Client, options: Record<string, unknown> = {}): Promise<string> {
  const { gameId } = await first.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2, ...options });
  expect(await second.request({ action: 'joinGame', gameId, ...(options.listed ? { listed: true } : {}) })).toMatchObject({
    type: 'joined',
    seat: 1,
  });
  await Promise.all([first.request({ action: 'subscribe', gameId }), second.request({ action: 'subscribe', gameId })]);
  return gameId;
}

/** Play marks in turn, X first: `moves` pairs of a client and a cell. */
async function play(gameId: string, moves: readonly (readonly [Client, number])[]): Promise<void> {
  for (const [k, cell] of moves)
    expect(await k.request({ action: 'command', gameId, commandId: `${gameId}-${cell}`, command: { type: 'mark', cell } })).toMatchObject({
      type: 'ack',
    });
}

/** Play the first legal move for `k` until the game is over (from the state its last answer made, at least `from`). */
async function playOut(k: Client, gameId: string, from: number): Promise<void> {
  let state = await k.until(gameId, from);
  for (let i = 0; i < 9 && state.status !== 'finished'; i++) {
    const legal = state.legal as { type: string }[];
    if (!legal.length) {
      state = await k.until(gameId, state.version + 1);
      continue;
    }
    const answer = await k.request<ServerFrame>({ action: 'command', gameId, commandId: `po-${state.version}`, command: legal[0] });
    if (answer.type !== 'ack') throw new Error(JSON.stringify(answer));
    state = await k.until(gameId, answer.version);
  }
  expect(state.status).toBe('finished');
}

const finished = async (k: Client, gameId: string): Promise<StateFrame> => {
  await expect.poll(() => k.latest(gameId)?.status).toBe('finished');
  await server.notified();
  return k.latest(gameId)!;
};

// The ratings build up from test to test: steps in order.
describe('rating farming with a second account', { shuffle: false }, () => {
  it('a game matched in the lobby and played out rates both players (Carla first, Ana second on the board)', async () => {
    const gameId = await game(a, c, { listed: true });
    expect(a.latest(gameId)).not.toHaveProperty('unrated');
    // Carla (O) takes the middle row.
    await play(gameId, [
      [a, 0],
      [c, 3],
      [a, 1],
      [c, 4],
      [a, 8],
      [c, 5],
    ]);
    expect(await finished(a, gameId)).not.toHaveProperty('unrated');
    expect(ratingOf(ana)).toMatchObject({ games: 1, wins: 0 });
    expect(ratingOf(carla)).toMatchObject({ games: 1, wins: 1 });
    expect((await board()).map(([rank, name]) => [rank, name])).toEqual([
      [1, 'Carla'],
      [2, 'Ana'],
    ]);
  });

  it('three private games against her own second account, resigning at once, leave Ana’s rating, rank and profile as they were', async () => {
    const rating = ratingOf(ana);
    const leaders = await board();
    const { requestId: _, ...profile } = await a.request<ProfileFrame>({ action: 'profile', playerId: ana.playerId });
    const ratings = await server.stores.ratings.contents();
    const games: string[] = [];
    const frames: StateFrame[] = [];
    for (const onResign of ['end', 'end', 'bot'] as const) {
      // Private: created without listing, the second account joins by the game's id (its invite link).
      const gameId = await game(a, x, { onResign });
      frames.push(a.latest(gameId)!);
      const resigned = await x.request<Frame<'done'>>({ action: 'resign', gameId });
      expect(resigned).toMatchObject({ type: 'done' });
      // With a bot in the resigned seat, Ana plays it out; she ranks first either way.
      if (onResign === 'bot') await playOut(a, gameId, resigned.version);
      const end = await finished(a, gameId);
      expect(end).toMatchObject({ outcome: { winners: [0], resigned: [1] } });
      frames.push(end);
      games.push(gameId);
    }
    expect(ratingOf(ana)).toEqual(rating);
    expect(ratingOf(alt)).toBeUndefined();
    expect(await board()).toEqual(leaders);
    expect(await a.request<ProfileFrame>({ action: 'profile', playerId: ana.playerId })).toEqual({
      ...profile,
      requestId: expect.any(String),
    });
    expect(await server.stores.ratings.contents()).toBe(ratings);
    for (const gameId of games) expect(await server.stores.ratings.isRated(gameId)).toBe(false);
    // Their players were told, from the start to the end.
    for (const frame of frames) expect(frame).toMatchObject({ unrated: 'private' });
  });

  it('the same through the public lobby counts only against the account that resigned before its second move', async () => {
    const rating = ratingOf(ana);
    const gameId = await game(a, x, { listed: true, onResign: 'end' });
    expect(a.latest(gameId)).not.toHaveProperty('unrated');
    // One move of its own, then it gives up: fewer than MOVES_BEFORE_LEAVING.
    await play(gameId, [
      [a, 0],
      [x, 4],
    ]);
    expect(await x.request({ action: 'resign', gameId })).toMatchObject({ type: 'done' });
    const end = await finished(a, gameId);
    expect(end).toMatchObject({ outcome: { winners: [0], resigned: [1] } });
    expect(ratingOf(ana)).toEqual(rating);
    // Giving up still counts as losing, for the one who gave up.
    expect(ratingOf(alt)).toMatchObject({ games: 1, wins: 0 });
    expect(ratingOf(alt)!.mu).toBeLessThan(25);
    expect(await server.stores.ratings.isRated(gameId)).toBe(true);
    const profile = await a.request<ProfileFrame>({ action: 'profile', playerId: ana.playerId });
    expect(profile.recent.map((g) => g.gameId)).not.toContain(gameId);
    expect((await board()).map(([rank, name]) => [rank, name])).toEqual([
      [1, 'Carla'],
      [2, 'Ana'],
      [3, 'Ana Two'],
    ]);
    expect(end).toMatchObject({ unrated: 'leftEarly' });
    expect(MOVES_BEFORE_LEAVING).toBe(2);
  });

  it('a resignation after two moves of one’s own rates everyone, and so does a private game against a bot', async () => {
    const before = ratingOf(ana)!;
    const gameId = await game(a, c, { listed: true, onResign: 'end' });
    await play(gameId, [
      [a, 0],
      [c, 4],
      [a, 8],
      [c, 2],
    ]);
    expect(await c.request({ action: 'resign', gameId })).toMatchObject({ type: 'done' });
    expect(await finished(a, gameId)).not.toHaveProperty('unrated');
    expect(ratingOf(ana)).toMatchObject({ games: before.games + 1, wins: before.wins + 1 });
    expect(ratingOf(carla)).toMatchObject({ games: 2, wins: 1 });

    // Alone against a bot, unlisted: rated (a bot's rating is fixed; nothing can be handed over).
    const { gameId: botGame } = await a.request<Frame<'gameCreated'>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
      bots: [1],
      bot: 'random',
    });
    const first = await a.request<StateFrame>({ action: 'subscribe', gameId: botGame });
    expect(first).not.toHaveProperty('unrated');
    await playOut(a, botGame, first.version);
    await finished(a, botGame);
    expect(await server.stores.ratings.isRated(botGame)).toBe(true);
    expect(ratingOf(ana)).toMatchObject({ games: before.games + 2 });
  });
});

describe('who a finished game rates, from its commit head', () => {
  const seats = [
    { seat: 0, playerId: 'p-ana', name: 'Ana' },
    { seat: 1, playerId: 'p-two', name: 'Ana Two' },
  ];
  const head = (extra: Partial<CommitHead> = {}, resigned?: number[]) =>
    ({
      status: 'finished',
      wasStatus: 'active',
      seats,
      absent: [false, false],
      outcome: JSON.stringify({
        results: [
          { seat: 0, rank: 1 },
          { seat: 1, rank: 2 },
        ],
        ...(resigned ? { resigned } : {}),
      }),
      ...extra,
    }) as CommitHead;

  it('a private game of people: nobody; listed: everyone; a seat that left early: only that seat', () => {
    expect(ratedTable(head())).toBeNull();
    expect(ratedTable(head({ listed: true, moves: [3, 3] }))?.changes).toEqual(['p-ana', 'p-two']);
    expect(ratedTable(head({ listed: true, moves: [3, 1] }, [1]))?.changes).toEqual(['p-two']);
    expect(ratedTable(head({ listed: true, moves: [3, 2] }, [1]))?.changes).toEqual(['p-ana', 'p-two']);
    // Ran out of time and still away at the end: left, like a resignation.
    expect(ratedTable(head({ listed: true, moves: [3, 0], absent: [false, true] }))?.changes).toEqual(['p-two']);
    // A commit stored before moves were counted: nobody counts as leaving early.
    expect(ratedTable(head({ listed: true }, [1]))?.changes).toEqual(['p-ana', 'p-two']);
    // One person against a bot: rated, listed or not.
    const bot = [seats[0]!, { seat: 1, playerId: 'bot:random:1', name: 'Random bot 2', bot: 'random' }];
    expect(ratedTable(head({ seats: bot }))?.changes).toEqual(['p-ana']);
    // While a private game waits for its second person, it is already known to be unrated.
    expect(unratedReason({ listed: false, seats: [{}, null], left: [] })).toBe('private');
    expect(unratedReason({ listed: false, seats: [{}, { bot: 'random' }], left: [] })).toBeNull();
  });

  it("counts a seat's own moves, less those taken back", () => {
    const at = '2090-01-01T00:00:00.000Z';
    const p = (playerId: string) => ({ playerId, name: playerId });
    let r: GameRecord = applyCommit(
      null,
      planCreate({ gameId: 'g', game: 'connect-four', players: 2, options: {}, player: p('a'), listed: true, seed: 1, at }),
    );
    expect(r.moves).toEqual([0, 0]);
    // Seed 0: seat 0 drops first.
    r = applyCommit(r, planJoin(r, p('b'), undefined, 0, at)!);
    let id = 0;
    const drop = (playerId: string, column: number) => {
      const decided = planCommand(r, playerId, `c${id++}`, { type: 'drop', column }, at);
      if ('duplicateOf' in decided) throw new Error('duplicate');
      r = applyCommit(r, decided.commit);
    };
    drop('a', 0);
    drop('b', 1);
    expect(r.moves).toEqual([1, 1]);
    // A move taken back is no move: dropping and taking back cannot pad the count.
    drop('a', 2);
    r = applyCommit(r, planUndo(r, 'a', at));
    expect(r.moves).toEqual([1, 1]);
    drop('a', 3);
    expect(r.moves).toEqual([2, 1]);
  });
});
