/** Connections (ConnectionStore): what a connection watches and who is online, forgotten with it; the limits per player and per connection. */
import { describe, expect, it } from 'vitest';
import type { SeatPlayer } from '../../../functions/core/record';
import { rejectsWith, withLimits, type StoreKit, type SuiteContext } from './kit';

export function connectionStoreContract(kit: () => StoreKit, { id, person }: SuiteContext): void {
  const conn = (name: string, player: SeatPlayer = person(name)) => ({
    connectionId: id(`conn-${name}`),
    playerId: player.playerId,
    name: player.name,
  });
  const sorted = (ids: string[]) => [...ids].sort();

  describe('connections', () => {
    it('keep a connection: its subscriptions, its watch of the games, its presence; deleting it forgets them', async () => {
      const records = kit().stores.connections;
      const c = { ...conn('Ana'), deviceId: id('device'), connectedAt: '2026-11-27T12:00:00.000Z' };
      expect(await records.isOnline(c.playerId)).toBe(false);
      await records.putConnection(c);
      expect(await records.getConnection(c.connectionId)).toMatchObject({ ...c, games: [], watchesGames: false });
      expect(await records.isOnline(c.playerId)).toBe(true);
      expect(await records.connectionIdsOf(c.playerId)).toEqual([c.connectionId]);
      await records.subscribe(id('g-watched'), c, { logDelta: true });
      await records.subscribe(id('g-watched'), c, { logDelta: true }); // again: the same subscription
      expect(await records.subscribers(id('g-watched'))).toEqual([{ connectionId: c.connectionId, playerId: c.playerId, logDelta: true }]);
      expect((await records.getConnection(c.connectionId))!.games).toEqual([id('g-watched')]);
      await records.watchGames(c);
      expect(await records.getConnection(c.connectionId)).toMatchObject({ watchesGames: true });
      expect(await records.gamesWatchers(c.playerId)).toEqual([c.connectionId]);
      expect(await records.deleteConnection(c.connectionId)).toMatchObject({ playerId: c.playerId, games: [id('g-watched')] });
      expect(await records.subscribers(id('g-watched'))).toEqual([]);
      expect(await records.gamesWatchers(c.playerId)).toEqual([]);
      expect(await records.isOnline(c.playerId)).toBe(false);
      expect(await records.connectionIdsOf(c.playerId)).toEqual([]);
    });

    // (What a deleted connection's id answers is left open: the table lets its item expire, as no lookup follows.)
    it("count a connection's refused frames, shared by whoever counts, and nothing for a connection never made", async () => {
      const records = kit().stores.connections;
      const c = conn('Flood');
      await records.putConnection(c);
      expect(await records.strike(c.connectionId)).toBe(1);
      expect(await records.strike(c.connectionId)).toBe(2);
      expect(await records.strike(id('conn-never'))).toBe(0);
      expect(await records.getConnection(id('conn-never'))).toBeNull();
    });

    it('know nothing of a connection never made', async () => {
      const records = kit().stores.connections;
      expect(await records.getConnection(id('conn-never'))).toBeNull();
      expect(await records.deleteConnection(id('conn-never'))).toBeNull();
    });

    it("tell a player's connections apart from another's, and keep a connection's subscriptions apart from another's", async () => {
      const records = kit().stores.connections;
      const ana = person('Multi');
      const [a1, a2, b] = [conn('multi-1', ana), conn('multi-2', ana), conn('Else')];
      for (const c of [a1, a2, b]) await records.putConnection(c);
      expect(sorted(await records.connectionIdsOf(ana.playerId))).toEqual(sorted([a1.connectionId, a2.connectionId]));
      await records.subscribe(id('g-multi'), a1);
      await records.subscribe(id('g-multi'), b, { logDelta: true, lean: true });
      await records.subscribe(id('g-other'), a2);
      expect((await records.subscribers(id('g-multi'))).sort((x, y) => x.connectionId.localeCompare(y.connectionId))).toEqual(
        [
          { connectionId: a1.connectionId, playerId: ana.playerId, logDelta: false },
          { connectionId: b.connectionId, playerId: b.playerId, logDelta: true, lean: true },
        ].sort((x, y) => x.connectionId.localeCompare(y.connectionId)),
      );
      await records.watchGames(a1);
      await records.watchGames(a2);
      expect(sorted(await records.gamesWatchers(ana.playerId))).toEqual(sorted([a1.connectionId, a2.connectionId]));
      expect(await records.gamesWatchers(b.playerId)).toEqual([]);
      // One of two gone: still online, and its subscriptions gone with it alone.
      expect(await records.deleteConnection(a2.connectionId)).toMatchObject({ playerId: ana.playerId, games: [id('g-other')] });
      expect(await records.isOnline(ana.playerId)).toBe(true);
      expect(await records.subscribers(id('g-other'))).toEqual([]);
      expect((await records.subscribers(id('g-multi'))).length).toBe(2);
      expect(await records.gamesWatchers(ana.playerId)).toEqual([a1.connectionId]);
    });

    it('record a connection watching a game from its start: its subscription as subscribe makes it, which subscribing again keeps', async () => {
      const records = kit().stores.connections;
      const c = conn('Watcher');
      await records.putConnection(c, { gameId: id('g-start'), logDelta: true, lean: true });
      const subscription = { connectionId: c.connectionId, playerId: c.playerId, logDelta: true, lean: true };
      expect(await records.subscribers(id('g-start'))).toEqual([subscription]);
      expect((await records.getConnection(c.connectionId))!.games).toEqual([id('g-start')]);
      await records.subscribe(id('g-start'), c, { logDelta: true, lean: true });
      expect(await records.subscribers(id('g-start'))).toEqual([subscription]);
      // Other options replace it.
      await records.subscribe(id('g-start'), c, { logDelta: true });
      expect(await records.subscribers(id('g-start'))).toEqual([{ connectionId: c.connectionId, playerId: c.playerId, logDelta: true }]);
      expect(await records.deleteConnection(c.connectionId)).toMatchObject({ games: [id('g-start')] });
      expect(await records.subscribers(id('g-start'))).toEqual([]);
    });

    it('drop one subscription or one watch alone', async () => {
      const records = kit().stores.connections;
      const [a, b] = [conn('Ana2'), conn('Bo2')];
      await Promise.all([records.putConnection(a), records.putConnection(b)]);
      await Promise.all([records.subscribe(id('g-two'), a), records.subscribe(id('g-two'), b), records.watchGames(a)]);
      await records.deleteSubscription(id('g-two'), a.connectionId);
      expect(await records.subscribers(id('g-two'))).toEqual([{ connectionId: b.connectionId, playerId: b.playerId, logDelta: false }]);
      await records.unwatchGames(a.playerId, a.connectionId);
      expect(await records.gamesWatchers(a.playerId)).toEqual([]);
      expect(await records.isOnline(a.playerId)).toBe(true);
    });

    it('refuse a subscription of a connection that is gone, and ignore its watch', async () => {
      const records = kit().stores.connections;
      const gone = conn('Ghost');
      await expect(records.subscribe(id('g-ghost'), gone)).rejects.toThrow();
      await records.watchGames(gone);
      expect(await records.subscribers(id('g-ghost'))).toEqual([]);
      expect(await records.gamesWatchers(gone.playerId)).toEqual([]);
      expect(await records.getConnection(gone.connectionId)).toBeNull();
    });

    it('hold the connections per player and the subscriptions per connection to their limits', async () => {
      const records = kit().stores.connections;
      await withLimits({ CONNECTIONS_PER_PLAYER: 2, SUBSCRIPTIONS_PER_CONNECTION: 2 }, async () => {
        const player = person('Many');
        const [c1, c2, c3] = [1, 2, 3].map((n) => conn(`many-${n}`, player));
        await records.putConnection(c1!);
        await records.putConnection(c2!);
        await rejectsWith(records.putConnection(c3!), 'RATE_LIMITED');
        expect(await records.getConnection(c3!.connectionId)).toBeNull();
        await records.deleteConnection(c1!.connectionId);
        await records.putConnection(c3!);
        await records.subscribe(id('g-l1'), c3!);
        await records.subscribe(id('g-l2'), c3!);
        await rejectsWith(records.subscribe(id('g-l3'), c3!), 'RATE_LIMITED');
        expect(await records.subscribers(id('g-l3'))).toEqual([]);
        await records.subscribe(id('g-l2'), c3!); // one it watches already
      });
    });

    it('let no more than the limit connect when a player connects from many places at once', async () => {
      const records = kit().stores.connections;
      await withLimits({ CONNECTIONS_PER_PLAYER: 2 }, async () => {
        const player = person('Rush');
        const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => records.putConnection(conn(`rush-${n}`, player))));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
        expect(await records.connectionIdsOf(player.playerId)).toHaveLength(2);
      });
    });
  });
}
