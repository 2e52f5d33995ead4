/**
 * Notifications (NotificationStore): held until their time, earliest first; each delivery claimed
 * once, left to its claimer for a lease, then retried by one claimer, given up by time, or done.
 */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../functions/core/notification';
import { GIVE_UP_AFTER_MS, SEND_LEASE_MS } from '../../../functions/stores/notifications';
import type { StoreKit, SuiteContext } from './kit';

export function notificationStoreContract(kit: () => StoreKit, { id }: SuiteContext): void {
  const note = (playerId: string, version = 7, kind: Notification['kind'] = 'yourTurn'): Notification => ({
    kind,
    gameId: id('g-note'),
    game: 'tic-tac-toe',
    version,
    playerId,
    urgent: false,
    title: 'Your turn',
    body: 'Go.',
    url: 'http://x/#/game/g1',
  });
  const t = (h: number) => new Date(Date.UTC(2031, 0, 1, h));

  describe('notifications', () => {
    it('hold a notification until its time, earliest first, the same one held at one time once; released, it is gone', async () => {
      const store = kit().stores.notifications;
      const mine = <T extends { notification: Notification }>(held: T[]) => held.filter((h) => h.notification.gameId === id('g-note'));
      await store.hold(note(id('late')), t(9));
      await store.hold(note(id('early')), t(7));
      await store.hold(note(id('early')), t(7)); // again: held once
      await store.hold(note(id('later')), t(23));
      expect(mine(await store.dueHeld(t(6)))).toEqual([]);
      const due = mine(await store.dueHeld(t(9)));
      expect(due.map((h) => h.notification)).toEqual([note(id('early')), note(id('late'))]);
      await store.release(due[0]!.key);
      expect(mine(await store.dueHeld(t(9))).map((h) => h.notification.playerId)).toEqual([id('late')]);
      expect(mine(await store.dueHeld(t(23))).map((h) => h.notification.playerId)).toEqual([id('late'), id('later')]);
    });

    it("split the held notifications among a sweep's parts: each in exactly one part, released from its own", async () => {
      const store = kit().stores.notifications;
      const players = Array.from({ length: 24 }, (_, i) => id(`held-part-${i}`));
      // A game of this test alone: the other tests read the held notifications of theirs.
      for (const p of players) await store.hold({ ...note(p), gameId: id('g-held-parts') }, t(4));
      const of = 4;
      const mine = (held: { notification: Notification }[]) => held.map((h) => h.notification.playerId).filter((p) => players.includes(p));
      const parts = await Promise.all(Array.from({ length: of }, (_, part) => store.dueHeld(t(5), { part, of })));
      expect(parts.flatMap(mine).sort()).toEqual([...players].sort());
      expect(parts.filter((p) => mine(p).length > 0).length).toBeGreaterThan(1);
      for (const h of parts[1]!.filter((h) => players.includes(h.notification.playerId))) await store.release(h.key);
      expect(mine(await store.dueHeld(t(5), { part: 1, of }))).toEqual([]);
      expect(mine(await store.dueHeld(t(5))).sort()).toEqual(
        parts
          .filter((_, i) => i !== 1)
          .flatMap(mine)
          .sort(),
      );
    });

    it('claim a delivery once, leave it to its claimer for a lease, then retry it, and give it up only by time', async () => {
      const store = kit().stores.notifications;
      const n = note(id('failing'));
      const plus = (ms: number) => new Date(t(1).getTime() + ms);
      expect(await store.claim(n, 'webhook', t(1))).toBe('new');
      expect(await store.claim(n, 'webhook', plus(SEND_LEASE_MS - 1000))).toBe('busy'); // its claimer may be sending
      // However often it is claimed again (a stream redelivering its record), only time gives it up.
      let last = 0;
      for (let i = 0; i < 12; i++) {
        last += SEND_LEASE_MS;
        expect(await store.claim(n, 'webhook', plus(last))).toBe('retry');
        expect(await store.claim(n, 'webhook', plus(last + 1000))).toBe('busy'); // the new claimer's lease
      }
      expect(await store.claim(n, 'webhook', plus(GIVE_UP_AFTER_MS))).toBe('retry');
      expect(await store.claim(n, 'webhook', plus(GIVE_UP_AFTER_MS + 1000))).toBe('abandoned');
      expect(await store.claim(n, 'webhook', plus(2 * GIVE_UP_AFTER_MS))).toBe('abandoned');
      // Another target, another turn, another kind: claims of their own.
      expect(await store.claim(n, 'email', t(1))).toBe('new');
      expect(await store.claim(note(id('failing'), 8), 'webhook', t(1))).toBe('new');
      expect(await store.claim(note(id('failing'), 7, 'gameEnded'), 'webhook', t(1))).toBe('new');
    });

    it('retry at once an attempt marked failed, but not a claim taken over since', async () => {
      const store = kit().stores.notifications;
      const n = note(id('failed'));
      const plus = (ms: number) => new Date(t(1).getTime() + ms);
      expect(await store.claim(n, 'webhook', t(1))).toBe('new');
      await store.markFailed(n, 'webhook', t(1));
      expect(await store.claim(n, 'webhook', plus(1000))).toBe('retry');
      expect(await store.claim(n, 'webhook', plus(2000))).toBe('busy');
      // The first attempt's late word changes nothing: the claim is the retry's now.
      await store.markFailed(n, 'webhook', t(1));
      expect(await store.claim(n, 'webhook', plus(3000))).toBe('busy');
      await store.markFailed(n, 'webhook', plus(1000));
      const retried = await Promise.all([1, 2, 3].map(() => store.claim(n, 'webhook', plus(4000))));
      expect(retried.sort()).toEqual(['busy', 'busy', 'retry']);
      expect(await store.deliveries(n)).toEqual([{ target: 'webhook', status: 'claimed' }]);
    });

    it('answer a delivery marked sent as sent, however often it is claimed again', async () => {
      const store = kit().stores.notifications;
      const n = note(id('done'));
      expect(await store.claim(n, 'push:abc', t(1))).toBe('new');
      await store.markSent(n, 'push:abc');
      for (let i = 0; i < 5; i++) expect(await store.claim(n, 'push:abc', t(2 + i))).toBe('sent');
      expect(await store.claim(n, 'webhook', t(1))).toBe('new');
      expect(await store.deliveries(n)).toEqual([
        { target: 'push:abc', status: 'sent' },
        { target: 'webhook', status: 'claimed' },
      ]);
      expect(await store.deliveries(note(id('never')))).toEqual([]);
    });

    it('let one of many claims made at the same moment send, first or again, and the others wait', async () => {
      const store = kit().stores.notifications;
      const n = note(id('racing'));
      const first = await Promise.all([1, 2, 3].map(() => store.claim(n, 'webhook', t(1))));
      expect(first.sort()).toEqual(['busy', 'busy', 'new']);
      // Its claimer died: once the lease is over, one claimer takes it over, the others wait for it.
      const again = new Date(t(1).getTime() + SEND_LEASE_MS + 1000);
      const retried = await Promise.all([1, 2, 3].map(() => store.claim(n, 'webhook', again)));
      expect(retried.sort()).toEqual(['busy', 'busy', 'retry']);
    });
  });
}
