/**
 * The lobby (ListingStore): a listing per open listed game, written as of a version (an older
 * one never undoes a newer), paged by game then oldest first from positions of its own, quick
 * play's candidates, ratings read from the rating store; and who watches the lobby.
 */
import { describe, expect, it } from 'vitest';
import { matchKey } from '../../../functions/core/lobby';
import { planCreate, planJoin } from '../../../functions/core/plans';
import { applyCommit, type GameRecord, type SeatPlayer } from '../../../functions/core/record';
import { ratedSeats } from '../../../functions/core/ratings';
import { rateGame } from '../../../functions/core/rate';
import { ALL_GAMES } from '../../../functions/stores/listings';
import { rejectsWith, type StoreKit, type SuiteContext } from './kit';

export function listingStoreContract(kit: () => StoreKit, { run, id, person }: SuiteContext): void {
  // A game kind of this run alone: the lobby is one list every suite on the table shares.
  const kind = `lobby-${run}`;
  const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString();
  /** A listed 3-seat Goa game created at `createdAt`, shown as a game of this run's kind; each version's record. */
  function listedGame(
    gameId: string,
    host: SeatPlayer,
    createdAt: string,
    joiners: SeatPlayer[] = [],
    clockHours?: number,
    shownAs = kind,
  ): GameRecord[] {
    const clock = clockHours ? ({ type: 'perMove', hours: clockHours } as const) : undefined;
    let record = applyCommit(
      null,
      planCreate({ gameId, game: 'goa', players: 3, options: {}, player: host, seed: 1, at: createdAt, listed: true, clock }),
    );
    const records = [record];
    for (const p of joiners) records.push((record = applyCommit(record, planJoin(record, p, undefined, 1, createdAt)!)));
    return records.map((r) => ({ ...r, game: shownAs }));
  }
  /** The games of this run whose ids start so. */
  const ours = (games: { gameId: string }[], prefix: string) =>
    games.filter((g) => g.gameId.startsWith(prefix) && g.gameId.endsWith(run)).map((g) => g.gameId);

  describe('the lobby', () => {
    it('list an open game as of its latest version, never brought back or set back by an older write, and drop it once it starts', async () => {
      const listings = kit().stores.listings;
      const [ana, bo, cy] = [person('LAna'), person('LBo'), person('LCy')];
      // A kind of this test alone: the other tests' games are listed under `kind`, in any order.
      const main = `${kind}-main`;
      const [v1, v2, v3] = listedGame(id('lg-main'), ana, minute(0), [bo, cy], undefined, main);
      expect(await listings.write(v1!, new Map())).toBe(true);
      expect(await listings.write(v1!, new Map())).toBe(false); // this version again: the first write told the watchers
      expect((await listings.page(main, 10)).games).toEqual([
        {
          gameId: id('lg-main'),
          game: main,
          seats: [{ seat: 0, playerId: ana.playerId, name: 'LAna' }, null, null],
          options: {},
          clock: null,
          onResign: 'bot',
          createdAt: minute(0),
          version: 1,
        },
      ]);
      expect(await listings.write(v2!, new Map([[bo.playerId, 12.5]]))).toBe(true);
      expect(await listings.write(v1!, new Map())).toBe(false);
      const [shown] = (await listings.page(main, 10)).games;
      expect(shown).toMatchObject({ version: 2, seats: [{ name: 'LAna' }, { name: 'LBo', rating: 12.5 }, null] });
      expect(shown!.seats[0]).not.toHaveProperty('rating');
      expect(await listings.write(v3!, new Map())).toBe(true);
      expect(await listings.page(main, 10)).toEqual({ games: [], after: null });
      expect(await listings.write(v2!, new Map())).toBe(false);
      expect(await listings.page(main, 10)).toEqual({ games: [], after: null });
    });

    it('page the open games of a kind oldest first, from positions valid across calls and refused for another list', async () => {
      const listings = kit().stores.listings;
      const host = person('LPager');
      const made = [3, 1, 4, 0, 2].map((m) => listedGame(id(`lg-page-${m}`), host, minute(10 + m))[0]!);
      for (const r of made) await listings.write(r, new Map());
      const first = await listings.page(kind, 2);
      expect(ours(first.games, 'lg-page-')).toEqual([0, 1].map((m) => id(`lg-page-${m}`)));
      const second = await listings.page(kind, 2, first.after!);
      expect(second.games.map((g) => g.gameId)).toEqual([2, 3].map((m) => id(`lg-page-${m}`)));
      expect(await listings.page(kind, 2, first.after!)).toEqual(second);
      const third = await listings.page(kind, 2, second.after!);
      expect(third).toEqual({ games: [expect.objectContaining({ gameId: id('lg-page-4') })], after: null });
      // Every kind's list holds them too.
      const all = await listings.page(undefined, 1000);
      expect(ours(all.games, 'lg-page-')).toEqual([0, 1, 2, 3, 4].map((m) => id(`lg-page-${m}`)));
      for (const [game, after] of [
        ['goa', first.after!],
        [kind, 'garbage'],
        [kind, `OPEN#${kind}#x`],
      ] as const)
        await rejectsWith(listings.page(game, 2, after), 'BAD_REQUEST');
    });

    it('give quick play the open games with the match asked for, oldest first, a few at most', async () => {
      const listings = kit().stores.listings;
      const host = person('LQuick');
      const quick = `quick-${run}`;
      const daily = Array.from(
        { length: 12 },
        (_, i) => listedGame(id(`lg-daily-${String(i).padStart(2, '0')}`), host, minute(30 + i), [], 24, quick)[0]!,
      );
      const plain = [0, 1].map((i) => listedGame(id(`lg-plain-${i}`), host, minute(29 + i), [], undefined, quick)[0]!);
      for (const r of [...daily.slice(6), ...plain, ...daily.slice(0, 6)]) await listings.write(r, new Map());
      const match = (r: GameRecord) => matchKey(r.game, r.players, r.clock?.control, r.options);
      expect(match(daily[0]!)).not.toBe(match(plain[0]!));
      const found = await listings.candidates(quick, match(daily[0]!));
      expect(found.map((g) => g.gameId)).toEqual(daily.slice(0, 10).map((r) => r.gameId));
      expect((await listings.candidates(quick, match(plain[0]!))).map((g) => g.gameId)).toEqual(plain.map((r) => r.gameId));
      expect(await listings.candidates(quick, 'no such match')).toEqual([]);
    });

    it("read players' displayed ratings in a game from their ratings, leaving out who has none", async () => {
      const { listings, ratings } = kit().stores;
      const [ana, bo] = [person('LRated'), person('LRated2')];
      const seats = ratedSeats({
        status: 'finished',
        wasStatus: 'active',
        listed: true,
        seats: [
          { seat: 0, ...ana },
          { seat: 1, ...bo },
        ] as never,
        outcome: JSON.stringify({
          results: [
            { seat: 0, rank: 1 },
            { seat: 1, rank: 2 },
          ],
        }),
      })!;
      const before = await ratings.current(kind, [ana.playerId, bo.playerId]);
      expect(await ratings.apply({ gameId: id('lg-rated'), game: kind, at: minute(50), seats }, rateGame(seats, before))).toBe('stored');
      const after = await ratings.current(kind, [ana.playerId, bo.playerId]);
      expect(await listings.ratings(kind, [ana.playerId, bo.playerId, ana.playerId, id('lnobody')])).toEqual(
        new Map([
          [ana.playerId, after.get(ana.playerId)!.ordinal],
          [bo.playerId, after.get(bo.playerId)!.ordinal],
        ]),
      );
      expect(await listings.ratings('goa', [ana.playerId])).toEqual(new Map());
    });

    it('keep who watches the lobby, by the kind they filter on; a watch replaces the one before, and goes with unwatch', async () => {
      const { listings, connections } = kit().stores;
      const c = (name: string) => ({ connectionId: id(`lconn-${name}`), playerId: id(`lw-${name}`), name });
      const [one, all, other, gone] = [c('one'), c('all'), c('other'), c('gone')];
      for (const x of [one, all, other]) await connections.putConnection(x);
      const mine = async (...games: string[]) =>
        (await listings.watchers(...games)).filter((w) => w.connectionId.endsWith(run)).map((w) => [w.connectionId, w.filter]);
      expect((await connections.getConnection(one.connectionId))!.watchesLobby).not.toBe(true);
      await listings.watch(one, kind);
      await listings.watch(all, ALL_GAMES);
      await listings.watch(other, 'goa');
      await listings.watch(gone, kind); // a connection that is gone watches nothing
      expect(await mine(kind)).toEqual([
        [one.connectionId, kind],
        [all.connectionId, ALL_GAMES],
      ]);
      expect((await connections.getConnection(one.connectionId))!.watchesLobby).not.toBe(false);
      // Changes to games of several kinds (a batch of the stream's): each kind's watchers, then those of every game, each once.
      expect(await mine(kind, 'goa', kind)).toEqual([
        [one.connectionId, kind],
        [other.connectionId, 'goa'],
        [all.connectionId, ALL_GAMES],
      ]);
      // Another filter replaces the first.
      await listings.watch(one, 'goa');
      expect(await mine(kind)).toEqual([[all.connectionId, ALL_GAMES]]);
      expect((await mine('goa')).sort()).toEqual(
        [
          [one.connectionId, 'goa'],
          [other.connectionId, 'goa'],
          [all.connectionId, ALL_GAMES],
        ].sort(),
      );
      await listings.unwatch(one.connectionId);
      expect((await connections.getConnection(one.connectionId))!.watchesLobby).not.toBe(true);
      expect(await mine('goa')).toEqual([
        [other.connectionId, 'goa'],
        [all.connectionId, ALL_GAMES],
      ]);
      // A frame found the connection gone: its watch is dropped; a stale filter drops nothing.
      await listings.dropWatcher({ connectionId: other.connectionId, filter: kind });
      await listings.dropWatcher({ connectionId: other.connectionId, filter: 'goa' });
      expect(await mine('goa')).toEqual([[all.connectionId, ALL_GAMES]]);
      // $disconnect: the connection's deletion says it watched, and unwatch then removes the watch.
      const closed = await connections.deleteConnection(all.connectionId);
      expect(closed!.watchesLobby).not.toBe(false);
      await listings.unwatch(all.connectionId);
      expect(await mine(kind)).toEqual([]);
    });
  });
}
