/**
 * Ratings (RatingStore): one game's update stored once and whole, never over a rating that
 * changed since it was read; each person's ratings with their history, their recent games, and
 * each game's leaderboard, best first, in pages.
 */
import { describe, expect, it } from 'vitest';
import { rateGame } from '../../../functions/core/rate';
import { ratedSeats, type RatedSeat, type StoredRating } from '../../../functions/core/ratings';
import type { SeatPlayer } from '../../../functions/core/record';
import type { RatingStore } from '../../../functions/stores/ratings';
import type { StoreKit, SuiteContext } from './kit';

export function ratingStoreContract(kit: () => StoreKit, { run, id, person }: SuiteContext): void {
  // Game kinds of this run alone: a leaderboard is one list every suite on the table shares.
  const kind = (name: string) => `${name}-${run}`;
  const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString();
  /** The seats of a finished game, `players` in seat order, ranked by `ranks` (default: in seat order). */
  const seatsOf = (players: (SeatPlayer & { bot?: string })[], ranks = players.map((_, i) => i + 1)): RatedSeat[] =>
    ratedSeats({
      status: 'finished',
      wasStatus: 'active',
      listed: true,
      seats: players.map((p, seat) => ({ seat, ...p })) as never,
      outcome: JSON.stringify({ results: ranks.map((rank, seat) => ({ seat, rank })) }),
    })!;
  /** A rating as read, without the store's own note of where its leaderboard entry is (`board`, if the store keeps one). */
  const asRead = (r: StoredRating | null | undefined) => {
    if (!r) return r;
    const { board: _, ...rating } = r;
    return rating;
  };
  const allAsRead = (m: Map<string, StoredRating | null>) => new Map([...m].map(([k, r]) => [k, asRead(r)]));
  /** Rate one finished game as the reactor does: read, compute, store. */
  async function rate(store: RatingStore, gameId: string, game: string, at: string, seats: RatedSeat[]) {
    const people = seats.filter((s) => !s.bot).map((s) => s.playerId);
    return store.apply({ gameId, game, at, seats }, rateGame(seats, await store.current(game, people)));
  }

  describe('ratings', () => {
    it('store a game once: the mark, the ratings, the history, the recent games, the leaderboard', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('once');
      const [ana, bo] = [person('RAna'), person('RBo')];
      const seats = seatsOf([ana, bo]);
      expect(await ratings.isRated(id('rg-1'))).toBe(false);
      expect(await ratings.current(game, [ana.playerId])).toEqual(new Map([[ana.playerId, null]]));
      const updates = rateGame(seats, await ratings.current(game, [ana.playerId, bo.playerId]));
      expect(await ratings.apply({ gameId: id('rg-1'), game, at: minute(1), seats }, updates)).toBe('stored');
      expect(await ratings.isRated(id('rg-1'))).toBe(true);
      // Delivered again: nothing changes.
      expect(await ratings.apply({ gameId: id('rg-1'), game, at: minute(1), seats }, updates)).toBe('already');
      const current = await ratings.current(game, [ana.playerId, bo.playerId]);
      expect(asRead(current.get(ana.playerId))).toEqual({ ...updates[0]!.after, rev: 1 });
      expect(asRead(current.get(bo.playerId))).toEqual({ ...updates[1]!.after, rev: 1 });
      expect(await ratings.ratingsOf(ana.playerId)).toEqual([
        {
          game,
          ...updates[0]!.after,
          updatedAt: minute(1),
          history: [{ at: minute(1), gameId: id('rg-1'), rank: 1, ordinal: updates[0]!.after.ordinal }],
        },
      ]);
      expect(await ratings.recentGames(bo.playerId, 10)).toEqual([
        {
          gameId: id('rg-1'),
          game,
          at: minute(1),
          seat: 1,
          rank: 2,
          won: false,
          before: null,
          after: updates[1]!.after.ordinal,
          table: [
            { name: 'RAna', playerId: ana.playerId, rank: 1 },
            { name: 'RBo', playerId: bo.playerId, rank: 2 },
          ],
        },
      ]);
      const board = await ratings.leaders(game, 10);
      expect(board.more).toBe(false);
      expect(board.entries.map(({ key: _key, ...e }) => e)).toEqual([
        { playerId: ana.playerId, name: 'RAna', ...pick(updates[0]!.after) },
        { playerId: bo.playerId, name: 'RBo', ...pick(updates[1]!.after) },
      ]);
    });

    it('store the update of some of the people at a table only (one left early): the mark, their rating, the table in full', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('some');
      const [ana, bo] = [person('SAna'), person('SBo')];
      const seats = seatsOf([ana, bo]);
      const updates = rateGame(seats, await ratings.current(game, [ana.playerId, bo.playerId])).filter(
        (u) => u.seat.playerId === bo.playerId,
      );
      expect(await ratings.apply({ gameId: id('rg-some'), game, at: minute(1), seats }, updates)).toBe('stored');
      expect(await ratings.isRated(id('rg-some'))).toBe(true);
      expect(allAsRead(await ratings.current(game, [ana.playerId, bo.playerId]))).toEqual(
        new Map([
          [ana.playerId, null],
          [bo.playerId, { ...updates[0]!.after, rev: 1 }],
        ]),
      );
      expect(await ratings.recentGames(ana.playerId, 10)).toEqual([]);
      expect((await ratings.recentGames(bo.playerId, 10)).map((g) => g.table.map((t) => t.name))).toEqual([['SAna', 'SBo']]);
      expect((await ratings.leaders(game, 10)).entries.map((e) => e.playerId)).toEqual([bo.playerId]);
    });

    it('refuse an update over a rating that changed since it was read, storing nothing of it', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('conflict');
      const [ana, bo, cy] = [person('CAna'), person('CBo'), person('CCy')];
      const stale = await ratings.current(game, [ana.playerId, bo.playerId]);
      expect(await rate(ratings, id('rg-c1'), game, minute(1), seatsOf([ana, cy]))).toBe('stored');
      const seats = seatsOf([ana, bo]);
      expect(await ratings.apply({ gameId: id('rg-c2'), game, at: minute(2), seats }, rateGame(seats, stale))).toBe('conflict');
      expect(await ratings.isRated(id('rg-c2'))).toBe(false);
      expect((await ratings.current(game, [bo.playerId])).get(bo.playerId)).toBeNull();
      expect(await ratings.recentGames(bo.playerId, 10)).toEqual([]);
      // Read again and rate: stored over the first game's rating.
      expect(await rate(ratings, id('rg-c2'), game, minute(2), seats)).toBe('stored');
      expect((await ratings.current(game, [ana.playerId])).get(ana.playerId)).toMatchObject({ games: 2, rev: 2 });
    });

    it('let one of two updates of one game stored at the same moment through, and the other find it rated', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('race');
      const seats = seatsOf([person('QAna'), person('QBo')]);
      const updates = rateGame(seats, new Map());
      const results = await Promise.all([1, 2, 3].map(() => ratings.apply({ gameId: id('rg-race'), game, at: minute(1), seats }, updates)));
      expect(results.filter((r) => r === 'stored')).toHaveLength(1);
      // The others found it rated, or lost to it (then the reactor reads again and finds it rated).
      for (const r of results.filter((x) => x !== 'stored')) expect(['already', 'conflict']).toContain(r);
      expect((await ratings.current(game, [seats[0]!.playerId])).get(seats[0]!.playerId)).toMatchObject({ games: 1, rev: 1 });
    });

    it('keep a history per game, the latest last, and recent games newest first', async () => {
      const ratings = kit().stores.ratings;
      const [game, other] = [kind('hist'), kind('hist-other')];
      const [ana, bo] = [person('HAna'), person('HBo')];
      for (let i = 1; i <= 3; i++) await rate(ratings, id(`rg-h${i}`), game, minute(i), seatsOf([ana, bo], i === 2 ? [2, 1] : [1, 2]));
      await rate(ratings, id('rg-h4'), other, minute(4), seatsOf([bo, ana]));
      const mine = await ratings.ratingsOf(ana.playerId);
      // By game (`hist-<run>` sorts before `hist-other-<run>`).
      expect(mine.map((r) => [r.game, r.games, r.wins])).toEqual([
        [game, 3, 2],
        [other, 1, 0],
      ]);
      expect(mine.find((r) => r.game === game)!.history.map((h) => [h.gameId, h.rank])).toEqual([
        [id('rg-h1'), 1],
        [id('rg-h2'), 2],
        [id('rg-h3'), 1],
      ]);
      const recent = await ratings.recentGames(ana.playerId, 2);
      expect(recent.map((g) => [g.gameId, g.won])).toEqual([
        [id('rg-h4'), false],
        [id('rg-h3'), true],
      ]);
      expect(recent[1]!.before).toBe(mine.find((r) => r.game === game)!.history[1]!.ordinal);
    });

    it('page a leaderboard best first, without repeats or gaps, with bots left off it', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('board');
      const people = [1, 2, 3, 4, 5].map((n) => person(`B${n}`));
      // Each person beats a bot once, then B1 beats everyone: ratings spread.
      for (const [i, p] of people.entries())
        await rate(ratings, id(`rg-b${i}`), game, minute(i), seatsOf([p, { playerId: `bot-${run}`, name: 'Bot', bot: 'random' }]));
      await rate(ratings, id('rg-b-all'), game, minute(9), seatsOf(people));
      const order = [
        ...(
          await ratings.current(
            game,
            people.map((p) => p.playerId),
          )
        ).entries(),
      ]
        .sort(([, a], [, b]) => b!.ordinal - a!.ordinal)
        .map(([playerId]) => playerId);
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 5; page++) {
        const { entries, more } = await ratings.leaders(game, 2, after);
        seen.push(...entries.map((e) => e.playerId));
        if (!more) break;
        after = entries.at(-1)!.key;
      }
      expect(seen).toEqual(order);
      expect(order[0]).toBe(people[0]!.playerId);
      expect(await ratings.leaders(kind('empty'), 5)).toEqual({ entries: [], more: false });
    });

    it('rate on from a rating stored before revisions were kept, only while it is unchanged', async () => {
      const ratings = kit().stores.ratings;
      const game = kind('legacy');
      const [old, bo] = [person('LOld'), person('LBo')];
      await kit().plantRating(old.playerId, game, { name: 'LOld', mu: 27, sigma: 5, ordinal: 12, games: 3, wins: 2, updatedAt: minute(0) });
      const read = await ratings.current(game, [old.playerId, bo.playerId]);
      expect(asRead(read.get(old.playerId))).toEqual({ mu: 27, sigma: 5, ordinal: 12, games: 3, wins: 2, rev: 0 });
      expect(await rate(ratings, id('rg-l1'), game, minute(1), seatsOf([old, bo]))).toBe('stored');
      expect((await ratings.current(game, [old.playerId])).get(old.playerId)).toMatchObject({ games: 4, rev: 1 });
      // The update computed from the rating without rev, stored now, finds it changed.
      const seats = seatsOf([old, bo]);
      expect(await ratings.apply({ gameId: id('rg-l2'), game, at: minute(2), seats }, rateGame(seats, read))).toBe('conflict');
    });

    it("answer a player's name from their profile", async () => {
      const { ratings, players } = kit().stores;
      expect(await ratings.playerName(id('r-named'))).toBeNull();
      await players.putPlayer(id('r-named'), id('R named'));
      expect(await ratings.playerName(id('r-named'))).toBe(id('R named'));
    });
  });
}

const pick = ({ ordinal, games, wins }: { ordinal: number; games: number; wins: number }) => ({ ordinal, games, wins });
