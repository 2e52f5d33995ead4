/** The schedule (ScheduleStore): due items by time, each game's latest version's, removed once stale. */
import { describe, expect, it } from 'vitest';
import type { StoreKit, SuiteContext } from './kit';

export function scheduleStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  describe('the schedule', () => {
    const time = (h: number, day = 1) => new Date(Date.UTC(2026, 0, day, h));
    const dueAt = async (t: Date, gameIds: string[]) =>
      (await kit().stores.schedule.dueClocks(t)).due.filter((d) => gameIds.includes(d.gameId)).map((d) => [d.gameId, d.due.toISOString()]);

    it('gives the due items up to a time, whichever shard holds them, each game once', async () => {
      const schedule = kit().stores.schedule;
      const games = Array.from({ length: 8 }, (_, i) => id(`due-${i}`));
      for (const [i, gameId] of games.entries()) await schedule.setClockDue(gameId, time(i), 1);
      expect((await dueAt(time(3), games)).sort()).toEqual(
        games
          .slice(0, 4)
          .map((g, i) => [g, time(i).toISOString()])
          .sort(),
      );
      // A later version moves a due time, or clears it.
      await schedule.setClockDue(games[0]!, time(9), 2);
      await schedule.setClockDue(games[1]!, null, 2);
      expect((await dueAt(time(3), games)).map(([g]) => g).sort()).toEqual(games.slice(2, 4).sort());
      expect((await dueAt(time(9), games)).filter(([g]) => g === games[0])).toEqual([[games[0], time(9).toISOString()]]);
    });

    it("split the due items among a sweep's parts: each in exactly one part", async () => {
      const schedule = kit().stores.schedule;
      const games = Array.from({ length: 24 }, (_, i) => id(`part-${i}`));
      for (const gameId of games) await schedule.setClockDue(gameId, time(2, 3), 1);
      const of = 4;
      const parts = await Promise.all(
        Array.from({ length: of }, async (_, part) =>
          (await schedule.dueClocks(time(3, 3), 1000, { part, of })).due.map((d) => d.gameId).filter((g) => games.includes(g)),
        ),
      );
      expect(parts.flat().sort()).toEqual([...games].sort());
      expect(parts.filter((p) => p.length > 0).length).toBeGreaterThan(1); // spread, not all in one part
    });

    it('keep the due time of the latest version when writes land out of order', async () => {
      const schedule = kit().stores.schedule;
      const late = [id('late')];
      await schedule.setClockDue(late[0]!, time(10, 2), 5);
      await schedule.setClockDue(late[0]!, time(12, 2), 4); // an older commit's write, landing second
      expect(await dueAt(time(11, 2), late)).toEqual([[late[0], time(10, 2).toISOString()]]);
      await schedule.setClockDue(late[0]!, null, 3); // an older "no clock" must not delete it either
      expect(await dueAt(time(23, 2), late)).toHaveLength(1);
      await schedule.setClockDue(late[0]!, time(20, 2), 5); // the same version again: the sweep's recomputation
      expect(await dueAt(time(11, 2), late)).toEqual([]);
      await schedule.setClockDue(late[0]!, null, 6); // the game ended
      expect(await dueAt(time(23, 2), late)).toEqual([]);
    });

    it("let the stream's write stand aside when the request (or the sweep) set this version already", async () => {
      const schedule = kit().stores.schedule;
      const twice = [id('twice')];
      await schedule.setClockDue(twice[0]!, time(10, 3), 7); // the request's write
      await schedule.setClockDue(twice[0]!, time(15, 3), 7); // the sweep moves it (same version)
      await schedule.setClockDue(twice[0]!, time(10, 3), 7, { unlessSet: true }); // the stream's, later: nothing written
      expect(await dueAt(time(23, 3), twice)).toEqual([[twice[0], time(15, 3).toISOString()]]);
      // A version the request did not get to write: the stream writes it.
      await schedule.setClockDue(twice[0]!, time(18, 3), 8, { unlessSet: true });
      expect(await dueAt(time(23, 3), twice)).toEqual([[twice[0], time(18, 3).toISOString()]]);
    });

    it("leave a commit's later due time to the sweep while the current one bounds it from below, an hour or more ahead", async () => {
      const schedule = kit().stores.schedule;
      const game = [id('bounded')];
      await schedule.setClockDue(game[0]!, time(12, 5), 1);
      // Moves at 6:00 push the due time later (the next turn's reminder): nothing is written, the sweep looks at 12:00.
      await schedule.setClockDue(game[0]!, time(14, 5), 2, { bound: time(6, 5) });
      await schedule.setClockDue(game[0]!, time(20, 5), 3, { unlessSet: true, bound: time(6, 5) });
      expect(await dueAt(time(23, 5), game)).toEqual([[game[0], time(12, 5).toISOString()]]);
      // One that pulls it earlier is written.
      await schedule.setClockDue(game[0]!, time(9, 5), 4, { bound: time(6, 5) });
      expect(await dueAt(time(23, 5), game)).toEqual([[game[0], time(9, 5).toISOString()]]);
      // Less than an hour ahead (an automatic seat's re-drive), the bound is not kept: the later time is written.
      await schedule.setClockDue(game[0]!, time(13, 5), 5, { bound: time(8, 30) });
      expect(await dueAt(time(23, 5), game)).toEqual([[game[0], time(13, 5).toISOString()]]);
      // The sweep, at the due time, moves it later from the latest record; and a game that ends clears it.
      await schedule.setClockDue(game[0]!, time(18, 5), 5);
      expect(await dueAt(time(23, 5), game)).toEqual([[game[0], time(18, 5).toISOString()]]);
      await schedule.setClockDue(game[0]!, null, 6, { bound: time(14, 5) });
      expect(await dueAt(time(23, 5), game)).toEqual([]);
    });

    it("remove a handled due item only if it is no longer the game's current one", async () => {
      const schedule = kit().stores.schedule;
      const game = [id('handled')];
      await schedule.setClockDue(game[0]!, time(5, 4), 1);
      const [item] = (await schedule.dueClocks(time(6, 4))).due.filter((d) => d.gameId === game[0]);
      await schedule.removeDueIfStale(item!); // still the current one: it stays
      expect(await dueAt(time(6, 4), game)).toHaveLength(1);
      await schedule.setClockDue(game[0]!, time(8, 4), 2);
      await schedule.removeDueIfStale(item!); // gone already: nothing to do
      expect(await dueAt(time(23, 4), game)).toEqual([[game[0], time(8, 4).toISOString()]]);
    });
  });
}
