/**
 * Ratings through the local runtime (in-process, on the memory stores) and its stream: two players finish a game
 * and their ratings change once, also when the finishing commit is delivered again or to two
 * reactors at once; two games of one player ending together both count; bots keep their fixed
 * ratings and count at them; games without a ranking change nothing. `profile` and
 * `leaderboard` answer what was stored, and refuse what does not exist.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../functions/handlers/bots';
import { rateGame } from '../../functions/core/rate';
import { BOT_SKILLS, ordinalOf, shown } from '../../functions/core/ratings';
import type { LeaderboardFrame, ProfileFrame, ServerFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';

let server: InProcessServer;
let ana: Player;
let bruno: Player;
let carla: Player;
let a: Client;

beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
  [ana, bruno, carla] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno'), register(server.url, 'Carla')]);
  a = await Client.connect(server.wsUrl, ana);
}, 90_000);
afterAll(async () => {
  await a?.close();
  await server?.close();
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** Everything the ratings wrote: ratings, history, recent games, leaderboards, markers. */
const ratingItems = async (): Promise<string> => server.stores.ratings.contents();
const ratingOf = async (player: Player, game: string) => server.stores.ratings.rating(player.playerId, game);

let sequence = 1000;
/** The stream record of a commit that finishes a game (as the table's stream delivers it). */
function finishing(
  gameId: string,
  game: string,
  seats: { playerId: string; name: string; bot?: string }[],
  ranks: number[],
  at: string,
  extra: Record<string, unknown> = {},
): DynamoDBRecord {
  const item = {
    pk: `GAME#${gameId}`,
    sk: 'V#0000000012',
    kind: 'commit',
    gameId,
    game,
    version: 12,
    seat: 0,
    playerId: seats[0]!.playerId,
    commandId: 'last',
    at,
    events: '[]',
    status: 'finished',
    wasStatus: 'active',
    seats: seats.map((s, seat) => ({ seat, ...s })),
    activeSeats: [],
    wasActive: [0],
    absent: seats.map(() => false),
    summary: 'The game is over',
    outcome: JSON.stringify({
      results: ranks.map((rank, seat) => ({ seat, score: 10 - rank, rank })),
      winners: ranks.flatMap((r, s) => (r === 1 ? [s] : [])),
    }),
    clockDue: null,
    wasClockDue: null,
    // Matched in the lobby: a private game of people is not rated (see rating-farming.unit.test.ts).
    listed: true,
    ...extra,
  };
  return {
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: String(sequence++), NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  } as DynamoDBRecord;
}
const deliver = (...records: DynamoDBRecord[]) => server.app.get(bots)({ Records: records } as DynamoDBStreamEvent);
const person = (p: Player) => ({ playerId: p.playerId, name: p.name });

// The ratings build up from test to test, and the profile and leaderboard read what they stored: steps in order.
describe('ratings, then what shows them', { shuffle: false }, () => {
  describe('ratings', () => {
    it('change once when a game ends, however often and however concurrently the end is delivered', async () => {
      // Ana and Bruno play tic-tac-toe through the protocol; Ana takes the top row.
      const b = await Client.connect(server.wsUrl, bruno);
      const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true });
      await b.request({ action: 'joinGame', gameId, listed: true });
      for (const [c, cell] of [
        [a, 0],
        [b, 3],
        [a, 1],
        [b, 4],
        [a, 2],
      ] as const) {
        expect(await c.request({ action: 'command', gameId, commandId: `m${cell}`, command: { type: 'mark', cell } })).toMatchObject({
          type: 'ack',
        });
      }
      await b.close();
      await server.notified();
      const anaRating = await ratingOf(ana, 'tic-tac-toe');
      const brunoRating = await ratingOf(bruno, 'tic-tac-toe');
      expect(anaRating).toMatchObject({ games: 1, wins: 1, rev: 1, name: 'Ana' });
      expect(brunoRating).toMatchObject({ games: 1, wins: 0, rev: 1 });
      expect(anaRating!.ordinal as number).toBeGreaterThan(brunoRating!.ordinal as number);
      expect(anaRating!.mu as number).toBeGreaterThan(25);
      expect(brunoRating!.mu as number).toBeLessThan(25);
      const once = await ratingItems();
      expect(await server.stores.ratings.isRated(gameId)).toBe(true);

      // The finishing commit delivered again, twice in one batch, and to two reactors at once: nothing changes.
      const stored = server.stores.games.items(gameId).at(-1)!;
      const record = {
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: '1', NewImage: marshall(stored, { removeUndefinedValues: true }) },
      } as unknown as DynamoDBRecord;
      expect(await deliver(record, record)).toEqual({ batchItemFailures: [] });
      await Promise.all([deliver(record), deliver(record)]);
      expect(await ratingItems()).toEqual(once);
    });

    it('a finished game delivered to several reactors at once is rated by exactly one of them', async () => {
      const before = (await ratingOf(ana, 'goa')) ?? null;
      expect(before).toBeNull();
      const record = finishing('race-1', 'goa', [person(ana), person(carla)], [2, 1], '2090-02-01T10:00:00.000Z');
      const results = await Promise.all([deliver(record), deliver(record), deliver(record), deliver(record)]);
      for (const r of results) expect(r).toEqual({ batchItemFailures: [] });
      expect(await ratingOf(ana, 'goa')).toMatchObject({ games: 1, wins: 0, rev: 1 });
      expect(await ratingOf(carla, 'goa')).toMatchObject({ games: 1, wins: 1, rev: 1 });
      const leaders = (await server.stores.ratings.leaders('goa', 100)).entries;
      expect(leaders.map((l) => l.playerId).sort()).toEqual([ana.playerId, carla.playerId].sort());
    });

    it('two games of one player ending at the same moment both count (the loser of the race rates again)', async () => {
      const x = finishing('both-x', 'navegador', [person(ana), person(bruno)], [1, 2], '2090-02-02T10:00:00.000Z');
      const y = finishing('both-y', 'navegador', [person(carla), person(ana)], [1, 2], '2090-02-02T10:00:00.500Z');
      const results = await Promise.all([deliver(x), deliver(y), deliver(x), deliver(y)]);
      for (const r of results) expect(r).toEqual({ batchItemFailures: [] });
      const rating = await ratingOf(ana, 'navegador');
      expect(rating).toMatchObject({ games: 2, wins: 1, rev: 2 });
      // Her leaderboard entry moved with each update: one entry, at her rating.
      const entries = (await server.stores.ratings.leaders('navegador', 100)).entries.filter((l) => l.playerId === ana.playerId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ ordinal: rating!.ordinal, games: 2, wins: 1 });
      const history = (await server.stores.ratings.ratingsOf(ana.playerId)).find((r) => r.game === 'navegador')!.history;
      expect(history.map((h) => h.gameId).sort()).toEqual(['both-x', 'both-y']);
    });

    it('rates on from a rating item that has no rev (written before it was kept), and only once', async () => {
      server.stores.ratings.plantRating(bruno.playerId, 'connect-four', {
        mu: 30,
        sigma: 7,
        ordinal: 9,
        games: 4,
        wins: 3,
        name: 'Bruno',
        updatedAt: '2090-01-01T00:00:00.000Z',
      });
      const record = finishing('no-rev', 'connect-four', [person(bruno), person(carla)], [1, 2], '2090-02-03T10:00:00.000Z');
      expect(await deliver(record)).toEqual({ batchItemFailures: [] });
      expect(await ratingOf(bruno, 'connect-four')).toMatchObject({ games: 5, wins: 4, rev: 1 });
      const after = await ratingItems();
      expect(await deliver(record)).toEqual({ batchItemFailures: [] });
      expect(await ratingItems()).toEqual(after);
    });

    it('bots keep their fixed ratings and count at them; a game without a ranking is not rated', async () => {
      const strong = { playerId: 'bot:strong:1', name: 'Strong bot 2', bot: 'strong' };
      const random = { playerId: 'bot:random:1', name: 'Random bot 2', bot: 'random' };
      // Two newcomers each beat a bot: the one who beat the strong bot gains more.
      const [dora, eli] = await Promise.all([register(server.url, 'Dora'), register(server.url, 'Eli')]);
      await deliver(
        finishing('bots-1', 'vasco-da-gama', [person(dora), strong], [1, 2], '2090-02-03T10:00:00.000Z'),
        finishing('bots-2', 'vasco-da-gama', [person(eli), random], [1, 2], '2090-02-03T10:00:01.000Z'),
      );
      const doraRating = await ratingOf(dora, 'vasco-da-gama');
      const eliRating = await ratingOf(eli, 'vasco-da-gama');
      expect(doraRating!.mu as number).toBeGreaterThan(eliRating!.mu as number);
      // Exactly what OpenSkill gives against the fixed ratings.
      const [expected] = rateGame(
        [
          { seat: 0, playerId: dora.playerId, name: 'Dora', rank: 1 },
          { seat: 1, ...strong, rank: 2 },
        ],
        new Map([[dora.playerId, null]]),
      );
      expect(doraRating).toMatchObject({ mu: expected!.after.mu, sigma: expected!.after.sigma, ordinal: expected!.after.ordinal });
      expect(BOT_SKILLS.strong!.mu).toBeGreaterThan(BOT_SKILLS.random!.mu);
      // No item for any bot: not a rating, not a leaderboard entry, not a history.
      const stores = server.stores.ratings;
      for (const bot of [strong, random]) {
        expect(await stores.ratingsOf(bot.playerId)).toEqual([]);
        expect(await stores.recentGames(bot.playerId, 10)).toEqual([]);
      }
      expect((await stores.leaders('vasco-da-gama', 100)).entries.map((l) => l.playerId)).not.toContain(strong.playerId);
      // Three strong bots beating the same player again and again never move: the next newcomer meets the same rating.
      await deliver(finishing('bots-3', 'vasco-da-gama', [person(dora), strong], [2, 1], '2090-02-03T11:00:00.000Z'));
      const fred = await register(server.url, 'Fred');
      await deliver(finishing('bots-4', 'vasco-da-gama', [person(fred), strong], [1, 2], '2090-02-03T12:00:00.000Z'));
      expect((await ratingOf(fred, 'vasco-da-gama'))!.mu).toBe(expected!.after.mu);

      // Ended by vote (no results), finished before (a later commit of a finished game), or one person in two seats: nothing.
      const unchanged = await ratingItems();
      await deliver(
        finishing('vote', 'goa', [person(ana), person(bruno)], [], '2090-02-04T10:00:00.000Z', {
          outcome: JSON.stringify({ results: [], winners: [], ended: 'vote' }),
        }),
        finishing('late', 'goa', [person(ana), person(bruno)], [1, 2], '2090-02-04T10:00:00.000Z', { wasStatus: 'finished' }),
        finishing('twice', 'goa', [person(ana), person(ana)], [1, 2], '2090-02-04T10:00:00.000Z'),
      );
      expect(await ratingItems()).toEqual(unchanged);
    });
  });

  describe('profile and leaderboard', () => {
    it('a profile lists games played, wins, each rating with its history, and the recent games', async () => {
      const profile = await a.request<ProfileFrame>({ action: 'profile', playerId: ana.playerId });
      expect(profile).toMatchObject({ type: 'profile', playerId: ana.playerId, name: 'Ana', gamesPlayed: 4, wins: 2 });
      expect(profile.ratings.map((r) => r.game).sort()).toEqual(['goa', 'navegador', 'tic-tac-toe']);
      const navegador = profile.ratings.find((r) => r.game === 'navegador')!;
      expect(navegador).toMatchObject({ games: 2, wins: 1 });
      expect(navegador.history.map((p) => p.gameId)).toEqual(['both-x', 'both-y']);
      const ticTacToe = profile.ratings.find((r) => r.game === 'tic-tac-toe')!;
      expect(ticTacToe.history).toEqual([expect.objectContaining({ rank: 1, rating: ticTacToe.rating })]);
      expect(shown(ordinalOf({ mu: 25, sigma: 25 / 3 }))).toBe(0);
      // Newest first; each with the table and the rating before and after.
      expect(profile.recent.map((g) => g.gameId).slice(0, 3)).toEqual(['both-y', 'both-x', 'race-1']);
      expect(profile.recent[0]).toMatchObject({
        game: 'navegador',
        rank: 2,
        won: false,
        players: [
          { name: 'Carla', rank: 1 },
          { name: 'Ana', rank: 2 },
        ],
      });
      // The two navegador games were rated one after the other, in either order.
      const [y, x] = profile.recent;
      expect([x!.ratingBefore, y!.ratingBefore]).toContain(null);
      expect([x!.ratingBefore, y!.ratingBefore]).toContain(y!.ratingBefore === null ? y!.ratingAfter : x!.ratingAfter);
      expect(profile.recent.at(-1)).toMatchObject({ game: 'tic-tac-toe', won: true, ratingBefore: null });
      expect(JSON.stringify(profile)).not.toMatch(/"mu"|"sigma"|"rev"|"pk"|"sk"/);
    });

    it('a leaderboard lists the best first, in pages that neither repeat nor skip', async () => {
      const first = await a.request<LeaderboardFrame>({ action: 'leaderboard', game: 'navegador', limit: 2 });
      expect(first.entries.map((e) => e.rank)).toEqual([1, 2]);
      expect(first.next).not.toBeNull();
      const second = await a.request<LeaderboardFrame>({ action: 'leaderboard', game: 'navegador', limit: 2, cursor: first.next });
      expect(second.entries.map((e) => e.rank)).toEqual([3]);
      expect(second.next).toBeNull();
      const all = [...first.entries, ...second.entries];
      expect(all.map((e) => e.name).sort()).toEqual(['Ana', 'Bruno', 'Carla']);
      for (let i = 1; i < all.length; i++) expect(all[i - 1]!.rating).toBeGreaterThanOrEqual(all[i]!.rating);
      expect(all.find((e) => e.name === 'Carla')).toMatchObject({ rank: 1, games: 1, wins: 1 });
      // A game nobody has finished: an empty board.
      expect(await a.request({ action: 'leaderboard', game: 'tic-tac-toe', limit: 5 })).toMatchObject({
        entries: [expect.objectContaining({ name: 'Ana', rank: 1 }), expect.objectContaining({ name: 'Bruno', rank: 2 })],
        next: null,
      });
    });

    it('refuse a player or a game that does not exist, and a cursor the server did not give, changing nothing', async () => {
      const before = await ratingItems();
      expect(await a.request({ action: 'profile', playerId: 'nobody-at-all' })).toMatchObject({
        type: 'error',
        code: 'NOT_FOUND',
        message: expect.stringMatching(/no player with that id/),
      });
      expect(await a.request({ action: 'profile', playerId: 'bot:strong:1' })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
      expect(await a.request({ action: 'profile' })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
      expect(await a.request({ action: 'leaderboard', game: 'chess' })).toMatchObject({
        type: 'error',
        code: 'NOT_FOUND',
        message: expect.stringMatching(/no game called "chess".*vasco-da-gama/),
      });
      expect(await a.request({ action: 'leaderboard', game: 'goa', cursor: 'not-a-cursor' })).toMatchObject({
        type: 'error',
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/cursor/),
      });
      const forged = Buffer.from(JSON.stringify({ k: 'PLAYER#x', n: 0 })).toString('base64url');
      expect(await a.request({ action: 'leaderboard', game: 'goa', cursor: forged })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
      expect(await a.request({ action: 'leaderboard', game: 'goa', limit: 1000 })).toMatchObject({ type: 'error', code: 'BAD_REQUEST' });
      expect(await ratingItems()).toEqual(before);
    });
  });
});
