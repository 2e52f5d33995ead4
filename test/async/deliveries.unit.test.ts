/**
 * The notifier's delivery bookkeeping, on the memory stores: a retried notification is not
 * sent again where it already went, and a target that keeps failing is given up after a few
 * attempts, so one dead webhook cannot hold the stream back for every game. (The claims
 * themselves, on every store, are in the notifications' behaviour suite, test/support/contracts/.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../functions/adapters/channels/webhook';
import type { Notification } from '../../functions/core/notification';
import { Notifier } from '../../functions/host/notifier';
import { memoryStores } from '../../functions/adapters/memory';
import { MAX_ATTEMPTS } from '../../functions/stores/notifications';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { testObserver } from '../support/observer';

let good: LoopbackServer;
let dead: LoopbackServer;

beforeAll(async () => {
  [good, dead] = await Promise.all([startReceiver(204), startReceiver(500)]);
});
afterAll(async () => {
  await Promise.all([good?.close(), dead?.close()]);
});

const note = (playerId: string): Notification => ({
  kind: 'yourTurn',
  gameId: 'g1',
  game: 'tic-tac-toe',
  version: 7,
  playerId,
  urgent: false,
  title: 'Your turn',
  body: 'Go.',
  url: 'http://x/#/game/g1',
});

/** A notifier on memory stores whose webhooks may reach `allow`; `isOpen` as Sender.isOpen answers it. */
function notifierOn(stores: ReturnType<typeof memoryStores>, allow: string[], isOpen?: (connectionId: string) => Promise<boolean>) {
  return new Notifier({
    observer: testObserver(),
    connections: stores.connections,
    players: stores.players,
    notifications: stores.notifications,
    now: () => new Date(),
    gameUrl: (id) => id,
    ...(isOpen ? { isOpen } : {}),
    channels: { webPush: null, webhook: (url, n) => sendWebhook(url, n, allow), email: null },
  });
}

describe('deliveries', () => {
  it('retry only what failed, and give up a target after repeated failures', async () => {
    const stores = memoryStores();
    const { players, notifications } = stores;
    const notifier = notifierOn(stores, [`${good.origin}/`, `${dead.origin}/`]);
    await players.putSettings('ok', { webPush: [], webhook: { url: `${good.origin}/hook` }, email: null, quietHours: null });
    await players.putSettings('dead', { webPush: [], webhook: { url: `${dead.origin}/hook` }, email: null, quietHours: null });

    await notifier.deliver(note('ok'));
    await notifier.deliver(note('ok')); // a repeat: already sent
    expect(good.received).toHaveLength(1);
    expect(await notifications.deliveries(note('ok'))).toEqual([{ target: 'webhook', status: 'sent' }]);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) await expect(notifier.deliver(note('dead'))).rejects.toThrow(/failed/);
    await expect(notifier.deliver(note('dead'))).resolves.toBeUndefined(); // given up: the stream moves on
    expect(dead.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('a connection whose $disconnect was lost does not keep its player online: the push goes out, and the record is forgotten', async () => {
    const stores = memoryStores();
    const { players, connections } = stores;
    const open = new Set<string>();
    const notifier = notifierOn(stores, [`${good.origin}/`], async (id) => open.has(id));
    await players.putSettings('ana', { webPush: [], webhook: { url: `${good.origin}/ana` }, email: null, quietHours: null });
    const before = good.received.length;
    await connections.putConnection({ connectionId: 'c-open', playerId: 'ana', name: 'Ana' });
    open.add('c-open');
    // Online for real: nothing sent, she sees it live.
    await notifier.deliver({ ...note('ana'), version: 1 });
    expect(good.received.length - before).toBe(0);
    expect(await connections.isOnline('ana')).toBe(true);

    // Her socket closes and its $disconnect never comes: the table still says online…
    open.delete('c-open');
    expect(await connections.isOnline('ana')).toBe(true);
    // … but the push goes out, and the connection is forgotten as $disconnect would have.
    await notifier.deliver({ ...note('ana'), version: 2 });
    expect(good.received.length - before).toBe(1);
    expect(await connections.isOnline('ana')).toBe(false);
    expect(await connections.getConnection('c-open')).toBeNull();
  });
});
