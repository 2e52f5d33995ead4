/** Game quotas (QuotaStore): games per hour, games waiting for players (checked against their heads), createIds recognised. */
import { describe, expect, it } from 'vitest';
import { planJoin } from '../../../functions/core/plans';
import { at, rejectsWith, withLimits, type StoreKit, type SuiteContext } from './kit';

export function quotaStoreContract(kit: () => StoreKit, { id, person, write, ticTacToe }: SuiteContext): void {
  describe('the game quotas', () => {
    it('count the games a player creates per hour, and those waiting for players', async () => {
      const records = kit().stores.quotas;
      const me = person('Creator');
      const hour = new Date('2026-11-21T12:10:00Z');
      await withLimits({ GAMES_PER_HOUR: 3, OPEN_GAMES: 1 }, async () => {
        const { record } = await ticTacToe(id('g-q1'), me);
        await records.countNewGame(me.playerId, id('g-q1'), true, hour);
        await rejectsWith(records.countNewGame(me.playerId, id('g-q2'), true, hour), 'RATE_LIMITED');
        // Once the open game has started, another may wait.
        await write(record, planJoin(record, person('Friend'), 1, 1, at)!);
        await records.countNewGame(me.playerId, id('g-q2'), true, hour);
        await records.countNewGame(me.playerId, id('g-q3'), false, hour);
        await rejectsWith(records.countNewGame(me.playerId, id('g-q4'), false, hour), 'RATE_LIMITED');
        await records.countNewGame(me.playerId, id('g-q4'), false, new Date(hour.getTime() + 3_600_000));
      });
    });

    it('recognise a creation sent again by its createId: the game counted then, nothing counted now', async () => {
      const records = kit().stores.quotas;
      const me = person('Retrier');
      const other = person('Other');
      const hour = new Date('2026-11-21T12:10:00Z');
      await withLimits({ GAMES_PER_HOUR: 6 }, async () => {
        expect(await records.countNewGame(me.playerId, id('g-c1'), false, hour, 'c-1')).toBe(id('g-c1'));
        expect(await records.countNewGame(me.playerId, id('g-c1-again'), false, hour, 'c-1')).toBe(id('g-c1'));
        expect(await records.countNewGame(other.playerId, id('g-c1-other'), false, hour, 'c-1')).toBe(id('g-c1-other'));
        // Five creations with createIds and one without: six counted, the hour is full; the last 4 createIds are kept.
        for (let i = 2; i <= 5; i++) await records.countNewGame(me.playerId, id(`g-c${i}`), false, hour, `c-${i}`);
        expect(await records.countNewGame(me.playerId, id('g-c6'), false, hour)).toBe(id('g-c6'));
        await rejectsWith(records.countNewGame(me.playerId, id('g-c7'), false, hour), 'RATE_LIMITED');
        expect(await records.countNewGame(me.playerId, id('g-c2-again'), false, hour, 'c-2')).toBe(id('g-c2'));
        // c-1 is the oldest of five: forgotten, so it would count (and the hour is full).
        await rejectsWith(records.countNewGame(me.playerId, id('g-c1-late'), false, hour, 'c-1'), 'RATE_LIMITED');
      });
    });

    it('count creations sent at the same moment each once: the hour holds no more than its limit', async () => {
      const records = kit().stores.quotas;
      const me = person('Burst');
      const hour = new Date('2026-11-21T15:10:00Z');
      await withLimits({ GAMES_PER_HOUR: 3 }, async () => {
        const results = await Promise.allSettled(
          [1, 2, 3, 4, 5, 6].map((i) => records.countNewGame(me.playerId, id(`g-burst-${i}`), false, hour, `burst-${i}`)),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
        for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('RATE_LIMITED');
      });
    });
  });
}
