/**
 * The notifier's delivery bookkeeping, on the memory stores: a retried notification is not
 * sent again where it already went; a target that fails is tried again on every delivery of its
 * record, however many (a stream redelivers a record for others' sake too), and given up only once
 * it has failed for GIVE_UP_AFTER_MS, so one dead webhook holds the stream back no longer; two
 * instances delivering one record at once send it once. (The claims themselves, on every store,
 * are in the notifications' behaviour suite, test/support/contracts/.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../functions/adapters/channels/webhook';
import type { Notification } from '../../functions/core/notification';
import { Notifier } from '../../functions/host/notifier';
import { memoryStores } from '../../functions/adapters/memory';
import { GIVE_UP_AFTER_MS, SEND_LEASE_MS } from '../../functions/stores/notifications';
import { CONNECT_GRACE_MS } from '../../functions/stores/connections';
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

/** A notifier on memory stores whose webhooks may reach `allow`; `isOpen` as Sender.isOpen answers it; its clock `now`. */
function notifierOn(
  stores: ReturnType<typeof memoryStores>,
  allow: string[],
  isOpen?: (connectionId: string) => Promise<boolean>,
  now: () => Date = () => new Date(),
) {
  return new Notifier({
    observer: testObserver(),
    connections: stores.connections,
    players: stores.players,
    notifications: stores.notifications,
    now,
    gameUrl: (id) => id,
    ...(isOpen ? { isOpen } : {}),
    channels: { webPush: null, webhook: (url, n) => sendWebhook(url, n, allow), email: null },
  });
}

describe('deliveries', () => {
  it('send a repeated notification once where it went', async () => {
    const stores = memoryStores();
    const notifier = notifierOn(stores, [`${good.origin}/`]);
    await stores.players.putSettings('ok', { webPush: [], webhook: { url: `${good.origin}/hook` }, email: null, quietHours: null });
    const before = good.received.length;
    await notifier.deliver(note('ok'));
    await notifier.deliver(note('ok')); // a repeat: already sent
    expect(good.received.length - before).toBe(1);
    expect(await stores.notifications.deliveries(note('ok'))).toEqual([{ target: 'webhook', status: 'sent' }]);
  });

  it('try a failing webhook again on every redelivery of its record, however many, and send once it is back', async () => {
    const flaky = await startReceiver(204);
    try {
      let time = Date.parse('2026-11-21T12:00:00.000Z');
      const stores = memoryStores();
      const notifier = notifierOn(stores, [`${flaky.origin}/`], undefined, () => new Date(time));
      await stores.players.putSettings('flaky', { webPush: [], webhook: { url: `${flaky.origin}/hook` }, email: null, quietHours: null });
      flaky.answerNext(500, 8); // down for its first eight answers: two minutes of redeliveries
      await expect(notifier.deliver(note('flaky'))).rejects.toThrow(/failed/);
      // Each redelivery tries again at once (the failed attempt let go of its claim) and spends nothing.
      for (let redelivery = 1; redelivery < 8; redelivery++) {
        time += SEND_LEASE_MS;
        await expect(notifier.deliver(note('flaky'))).rejects.toThrow(/failed/);
      }
      time += SEND_LEASE_MS; // two minutes after the first attempt, well within GIVE_UP_AFTER_MS: it is back
      await notifier.deliver(note('flaky'));
      expect(flaky.received.map((r) => r.status)).toEqual([...Array(8).fill(500), 204]);
      expect(await stores.notifications.deliveries(note('flaky'))).toEqual([{ target: 'webhook', status: 'sent' }]);
    } finally {
      await flaky.close();
    }
  });

  it('give up a target once it has failed for longer than GIVE_UP_AFTER_MS: its record is delivered, nothing sent', async () => {
    let time = Date.parse('2026-11-21T12:00:00.000Z');
    const stores = memoryStores();
    const notifier = notifierOn(stores, [`${good.origin}/`, `${dead.origin}/`], undefined, () => new Date(time));
    await stores.players.putSettings('gone', { webPush: [], webhook: { url: `${dead.origin}/gone` }, email: null, quietHours: null });
    const before = { dead: dead.received.length, good: good.received.length };
    await expect(notifier.deliver(note('gone'))).rejects.toThrow(/failed/);
    time += GIVE_UP_AFTER_MS - 1000; // just within the window: tried again
    await expect(notifier.deliver(note('gone'))).rejects.toThrow(/failed/);
    // Past it, the record goes through: the target is given up, even where it would answer now.
    await stores.players.putSettings('gone', { webPush: [], webhook: { url: `${good.origin}/gone` }, email: null, quietHours: null });
    time += 2000;
    await expect(notifier.deliver(note('gone'))).resolves.toBeUndefined();
    expect(dead.received.length - before.dead).toBe(2);
    expect(good.received.length - before.good).toBe(0);
  });

  it('two instances delivering one record at once send it once; the other is told to try again, and then finds it sent', async () => {
    const stores = memoryStores();
    const [one, two] = [notifierOn(stores, [`${good.origin}/`]), notifierOn(stores, [`${good.origin}/`])];
    await stores.players.putSettings('twice', { webPush: [], webhook: { url: `${good.origin}/twice` }, email: null, quietHours: null });
    const before = good.received.length;
    const outcomes = await Promise.allSettled([one.deliver(note('twice')), two.deliver(note('twice'))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(/busy in another instance/);
    await two.deliver(note('twice')); // the stream's retry
    expect(good.received.length - before).toBe(1);
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

  it('a connection whose $connect has not answered yet is not forgotten: API Gateway calls it gone until then', async () => {
    let time = Date.parse('2026-11-21T12:00:00.000Z');
    const stores = memoryStores();
    const { players, connections } = stores;
    const open = new Set<string>();
    const notifier = notifierOn(
      stores,
      [`${good.origin}/`],
      async (id) => open.has(id),
      () => new Date(time),
    );
    await players.putSettings('bo', { webPush: [], webhook: { url: `${good.origin}/bo` }, email: null, quietHours: null });
    const before = good.received.length;
    // $connect recorded the connection and has not answered: @connections does not know it yet.
    await connections.putConnection({ connectionId: 'c-new', playerId: 'bo', name: 'Bo', connectedAt: new Date(time).toISOString() });
    time += CONNECT_GRACE_MS - 1;
    await notifier.deliver({ ...note('bo'), version: 1 });
    // Kept, and believed: the socket opening now sees the game live.
    expect(good.received.length - before).toBe(0);
    expect(await connections.getConnection('c-new')).not.toBeNull();

    // Past the grace (longer than any $connect may take), gone means gone.
    time += 1;
    await notifier.deliver({ ...note('bo'), version: 2 });
    expect(good.received.length - before).toBe(1);
    expect(await connections.getConnection('c-new')).toBeNull();
  });
});
