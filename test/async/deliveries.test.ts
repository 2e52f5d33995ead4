/**
 * The notifier's delivery bookkeeping on a real DynamoDB Local: a retried notification is not
 * sent again where it already went, and a target that keeps failing is given up after a few
 * attempts, so one dead webhook cannot hold the stream back for every game. The clock items
 * the sweep reads keep the latest version's due time whatever order the writes land in.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../functions/adapters/channels/webhook';
import type { Notification } from '../../functions/core/notification';
import { Notifier } from '../../functions/host/notifier';
import { Records } from '../../functions/adapters/store/records';
import { MAX_ATTEMPTS, Schedule } from '../../functions/adapters/store/schedule';
import { standaloneTable } from '../../local/tables';
import { startReceiver, type LoopbackServer } from '../support/push-service';

let table: Awaited<ReturnType<typeof standaloneTable>>;
let doc: DynamoDBDocumentClient;
let good: LoopbackServer;
let dead: LoopbackServer;
const TABLE = 'deliveries';

beforeAll(async () => {
  [table, good, dead] = await Promise.all([standaloneTable(TABLE), startReceiver(204), startReceiver(500)]);
  doc = table.doc;
}, 90_000);
afterAll(async () => {
  await Promise.all([table?.stop(), good?.close(), dead?.close()]);
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

describe('deliveries', () => {
  it('retry only what failed, and give up a target after repeated failures', async () => {
    const records = new Records(doc, TABLE);
    const schedule = new Schedule(doc, TABLE);
    const allow = [`${good.origin}/`, `${dead.origin}/`];
    const notifier = new Notifier({
      records,
      schedule,
      now: () => new Date(),
      gameUrl: (id) => id,
      channels: { webPush: null, webhook: (url, n) => sendWebhook(url, n, allow), email: null },
    });
    await records.putSettings('ok', { webPush: [], webhook: { url: `${good.origin}/hook` }, email: null, quietHours: null });
    await records.putSettings('dead', { webPush: [], webhook: { url: `${dead.origin}/hook` }, email: null, quietHours: null });

    await notifier.deliver(note('ok'));
    await notifier.deliver(note('ok')); // a repeat: already sent
    expect(good.received).toHaveLength(1);
    expect(await schedule.deliveries(note('ok'))).toEqual([{ target: 'webhook', status: 'sent' }]);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) await expect(notifier.deliver(note('dead'))).rejects.toThrow(/failed/);
    await expect(notifier.deliver(note('dead'))).resolves.toBeUndefined(); // given up: the stream moves on
    expect(dead.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('keep the due time of the latest version when clock writes land out of order', async () => {
    const schedule = new Schedule(doc, TABLE);
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    const dueAt = async (t: Date) => (await schedule.dueClocks(t)).due.map((d) => d.gameId);
    const due = () => dueAt(at(23));
    await schedule.setClockDue('late', at(10), 5);
    await schedule.setClockDue('late', at(12), 4); // an older commit's write, landing second
    expect(await dueAt(at(11))).toEqual(['late']);
    await schedule.setClockDue('late', null, 3); // an older "no clock" must not delete it either
    expect(await due()).toEqual(['late']);
    await schedule.setClockDue('late', at(20), 5); // the same version again: the sweep's recomputation
    expect(await dueAt(at(11))).toEqual([]);
    await schedule.setClockDue('late', null, 6); // the game ended
    expect(await due()).toEqual([]);
  });

  it("let the stream's clock write stand aside when the request (or the sweep) set this version already", async () => {
    const schedule = new Schedule(doc, TABLE);
    const at = (h: number) => new Date(Date.UTC(2026, 0, 2, h));
    const dueAt = async (t: Date) => (await schedule.dueClocks(t)).due.filter((d) => d.gameId === 'twice').map((d) => d.due.toISOString());
    await schedule.setClockDue('twice', at(10), 7); // the request's write
    await schedule.setClockDue('twice', at(15), 7); // the sweep moves it (same version)
    await schedule.setClockDue('twice', at(10), 7, { unlessSet: true }); // the stream's, later: nothing written
    expect(await dueAt(at(23))).toEqual([at(15).toISOString()]);
    // A version the request did not get to write: the stream writes it.
    await schedule.setClockDue('twice', at(18), 8, { unlessSet: true });
    expect(await dueAt(at(23))).toEqual([at(18).toISOString()]);
  });
});
