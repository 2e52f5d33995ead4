/**
 * Digests (DigestStore): one pending digest per player, due by time, replaced or finished by
 * the sweep, stray due items removed; sending claimed once, left to a sweep that may still be
 * sending, taken over once its lease is over.
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, DIGEST_GIVE_UP_AFTER_MS } from '../../../functions/stores/digests';
import type { StoreKit, SuiteContext } from './kit';

export function digestStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  const t = (h: number, day = 1) => new Date(Date.UTC(2032, 0, day, h));
  const dueOf = async (now: Date, playerIds: string[]) =>
    (await kit().stores.digests.due(now)).filter((d) => playerIds.includes(d.playerId));

  describe('digests', () => {
    it('keep one pending digest per player, due from its time on, oldest first', async () => {
      const digests = kit().stores.digests;
      const [ana, bo] = [id('dg-ana'), id('dg-bo')];
      expect(await digests.state(ana)).toEqual({ lastSentAt: null, pending: null });
      expect(await digests.schedule(ana, t(9))).toBe(true);
      expect(await digests.schedule(ana, t(8))).toBe(false); // one is pending already
      expect(await digests.schedule(bo, t(7))).toBe(true);
      const { pending } = await digests.state(ana);
      expect(pending).not.toBeNull();
      expect(await dueOf(t(6), [ana, bo])).toEqual([]);
      const due = await dueOf(t(9), [ana, bo]);
      expect(due.map((d) => [d.playerId, d.due.toISOString()])).toEqual([
        [bo, t(7).toISOString()],
        [ana, t(9).toISOString()],
      ]);
      expect(due.find((d) => d.playerId === ana)).toMatchObject(pending!);
    });

    it("split the due digests among a sweep's parts: each in exactly one part", async () => {
      const digests = kit().stores.digests;
      const players = Array.from({ length: 24 }, (_, i) => id(`dg-part-${i}`));
      for (const p of players) await digests.schedule(p, t(5, 4));
      const of = 3;
      const parts = await Promise.all(
        Array.from({ length: of }, async (_, part) =>
          (await digests.due(t(6, 4), 500, { part, of })).map((d) => d.playerId).filter((p) => players.includes(p)),
        ),
      );
      expect(parts.flat().sort()).toEqual([...players].sort());
      expect(parts.filter((p) => p.length > 0).length).toBeGreaterThan(1);
    });

    it('finish a digest sent (its time kept) or dropped; it is no longer due, and another may be scheduled', async () => {
      const digests = kit().stores.digests;
      const [ana, bo] = [id('dg-fa'), id('dg-fb')];
      await digests.schedule(ana, t(9, 2));
      await digests.schedule(bo, t(9, 2));
      const due = await dueOf(t(10, 2), [ana, bo]);
      const [da, db] = [due.find((d) => d.playerId === ana)!, due.find((d) => d.playerId === bo)!];
      await digests.finish(da, t(10, 2));
      await digests.finish(db, null);
      expect(await digests.state(ana)).toEqual({ lastSentAt: t(10, 2), pending: null });
      expect(await digests.state(bo)).toEqual({ lastSentAt: null, pending: null });
      expect(await dueOf(t(23, 2), [ana, bo])).toEqual([]);
      expect(await digests.schedule(ana, t(11, 2))).toBe(true);
      expect(await digests.state(ana)).toMatchObject({ lastSentAt: t(10, 2), pending: { shard: expect.any(String) } });
    });

    it('move a pending digest (quiet hours) only while it is still the pending one', async () => {
      const digests = kit().stores.digests;
      const ana = id('dg-move');
      await digests.schedule(ana, t(3, 3));
      const [first] = await dueOf(t(4, 3), [ana]);
      expect(await digests.schedule(ana, t(8, 3), first)).toBe(true);
      expect((await dueOf(t(23, 3), [ana])).map((d) => d.due.toISOString())).toEqual([t(8, 3).toISOString()]);
      // Replacing the first again: it is no longer the pending one, so nothing changes.
      expect(await digests.schedule(ana, t(12, 3), first)).toBe(false);
      expect((await dueOf(t(23, 3), [ana])).map((d) => d.due.toISOString())).toEqual([t(8, 3).toISOString()]);
    });

    it("remove a due digest that is not its player's pending one, and keep the pending one", async () => {
      const digests = kit().stores.digests;
      const ana = id('dg-stale');
      await digests.schedule(ana, t(5, 4));
      const [pending] = await dueOf(t(6, 4), [ana]);
      await digests.removeIfStale(pending!);
      expect(await dueOf(t(6, 4), [ana])).toHaveLength(1);
      await digests.finish(pending!, null);
      await digests.removeIfStale(pending!); // gone already: nothing to do
      expect(await dueOf(t(6, 4), [ana])).toEqual([]);
    });

    it('claim sending once; leave it to the claimer within its lease, take it over after, give it up by time', async () => {
      const digests = kit().stores.digests;
      const ana = id('dg-claim');
      await digests.schedule(ana, t(1, 5));
      const [d] = await dueOf(t(2, 5), [ana]);
      const at = (ms: number) => new Date(t(2, 5).getTime() + ms);
      expect(await digests.claim(d!, at(0))).toBe('new');
      expect(await digests.claim(d!, at(CLAIM_LEASE_MS - 1000))).toBe('busy');
      let last = 0;
      while (last + CLAIM_LEASE_MS + 1000 <= DIGEST_GIVE_UP_AFTER_MS) {
        last += CLAIM_LEASE_MS + 1000;
        expect(await digests.claim(d!, at(last))).toBe('retry');
        expect(await digests.claim(d!, at(last + 1000))).toBe('busy'); // the new claimer's lease
      }
      expect(await digests.claim(d!, at(DIGEST_GIVE_UP_AFTER_MS + 1000))).toBe('abandoned');
    });

    it('answer a digest marked sent as sent; one of many sweeps claiming at once gets it', async () => {
      const digests = kit().stores.digests;
      const [ana, bo] = [id('dg-sent'), id('dg-race')];
      await digests.schedule(ana, t(1, 6));
      await digests.schedule(bo, t(1, 6));
      const [da, db] = [(await dueOf(t(2, 6), [ana]))[0]!, (await dueOf(t(2, 6), [bo]))[0]!];
      expect(await digests.claim(da, t(2, 6))).toBe('new');
      await digests.markSent(da);
      expect(await digests.claim(da, t(5, 6))).toBe('sent');
      const claims = await Promise.all([1, 2, 3].map(() => digests.claim(db, t(2, 6))));
      expect(claims.sort()).toEqual(['busy', 'busy', 'new']);
    });

    it("answer a player's name from their profile", async () => {
      const { digests, players } = kit().stores;
      expect(await digests.playerName(id('dg-named'))).toBeNull();
      await players.putPlayer(id('dg-named'), id('Dg named'));
      expect(await digests.playerName(id('dg-named'))).toBe(id('Dg named'));
    });
  });
}
