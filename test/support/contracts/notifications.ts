/** Notifications (NotificationStore): held until their time, earliest first; each delivery claimed once, retried, given up, or done. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../functions/core/notification';
import { MAX_ATTEMPTS } from '../../../functions/stores/notifications';
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
      for (const p of players) await store.hold(note(p), t(4));
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

    it('claim a delivery once, then retry it, then give it up after repeated failures', async () => {
      const store = kit().stores.notifications;
      const n = note(id('failing'));
      expect(await store.claim(n, 'webhook', t(1))).toBe('new');
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) expect(await store.claim(n, 'webhook', t(1))).toBe('retry');
      expect(await store.claim(n, 'webhook', t(1))).toBe('abandoned');
      expect(await store.claim(n, 'webhook', t(1))).toBe('abandoned');
      // Another target, another turn, another kind: claims of their own.
      expect(await store.claim(n, 'email', t(1))).toBe('new');
      expect(await store.claim(note(id('failing'), 8), 'webhook', t(1))).toBe('new');
      expect(await store.claim(note(id('failing'), 7, 'gameEnded'), 'webhook', t(1))).toBe('new');
    });

    it('answer a delivery marked sent as sent, however often it is claimed again', async () => {
      const store = kit().stores.notifications;
      const n = note(id('done'));
      expect(await store.claim(n, 'push:abc', t(1))).toBe('new');
      await store.markSent(n, 'push:abc');
      for (let i = 0; i < MAX_ATTEMPTS + 1; i++) expect(await store.claim(n, 'push:abc', t(2))).toBe('sent');
      expect(await store.claim(n, 'webhook', t(1))).toBe('new');
      expect(await store.deliveries(n)).toEqual([
        { target: 'push:abc', status: 'sent' },
        { target: 'webhook', status: 'claimed' },
      ]);
      expect(await store.deliveries(note(id('never')))).toEqual([]);
    });

    it('let one of many claims made at the same moment be the first', async () => {
      const store = kit().stores.notifications;
      const claims = await Promise.all([1, 2, 3].map(() => store.claim(note(id('racing')), 'webhook', t(1))));
      expect(claims.filter((c) => c === 'new')).toHaveLength(1);
      expect(claims.filter((c) => c === 'retry')).toHaveLength(2);
    });
  });
}
