/**
 * Email confirmations on a real DynamoDB Local: the hourly limit holds when requests race (the
 * count lives in the settings item, under a conditional write), a confirmation email that cannot
 * be sent leaves the settings as they were, and settings stored before confirmations existed
 * are read and updated.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../functions/adapters/channels/email';
import { EmailConfirmations } from '../../functions/host/confirm-email';
import { limit } from '../../functions/adapters/limits';
import { NO_SETTINGS } from '../../functions/core/notification';
import type { ProtocolError } from '../../functions/core/protocol/frames';
import { DynamoAccountStore } from '../../functions/adapters/store/accounts';
import { DynamoPlayerStore } from '../../functions/adapters/store/players';
import { standaloneTable } from '../../local/tables';
import { testObserver } from '../support/observer';

const CONFIRMATIONS_PER_HOUR = limit('EMAIL_CONFIRMATIONS_PER_HOUR');

const TABLE = 'confirmations';
let table: Awaited<ReturnType<typeof standaloneTable>>;
let dir: string;
let players: DynamoPlayerStore;
const now = () => new Date('2026-02-01T12:00:00Z');

beforeAll(async () => {
  [table, dir] = await Promise.all([standaloneTable(TABLE), mkdtemp(join(tmpdir(), 'caravela-confirm-'))]);
  players = new DynamoPlayerStore(table.doc, TABLE, now);
}, 90_000);
afterAll(async () => {
  await table?.stop();
  await rm(dir, { recursive: true, force: true });
});

const confirmations = (outbox: string) =>
  new EmailConfirmations({
    observer: testObserver(),
    players,
    accounts: new DynamoAccountStore(table.doc, TABLE),
    mailer: new OutboxMailer(outbox),
    secret: async () => 'secret',
    now,
    linkFor: (t) => `http://localhost/#/confirm-email/${t}`,
  });
const item = async (playerId: string) =>
  (await table.doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `PLAYER#${playerId}`, sk: 'SETTINGS' }, ConsistentRead: true })))
    .Item;

describe('email confirmations in the table', () => {
  it(`send at most ${CONFIRMATIONS_PER_HOUR} an hour even when requests race`, async () => {
    const outbox = join(dir, 'race');
    const c = confirmations(outbox);
    const settings = { ...NO_SETTINGS, email: 'ana@example.com' };
    await c.save('race', settings, false);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => c.save('race', settings, true)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as ProtocolError).code);
    expect(refused).toEqual(Array(6 - (CONFIRMATIONS_PER_HOUR - 1)).fill('RATE_LIMITED'));
    expect(await readdir(outbox)).toHaveLength(CONFIRMATIONS_PER_HOUR);
    expect((await item('race'))!.confirmationsSent).toHaveLength(CONFIRMATIONS_PER_HOUR);
  });

  it('leave the settings as they were when the confirmation email cannot be sent', async () => {
    const ok = confirmations(join(dir, 'ok'));
    await ok.save('fails', { ...NO_SETTINGS, email: 'old@example.com' }, false);
    const before = await item('fails');
    // The outbox path runs through a file: writing the email fails as a full disk or an SES outage would.
    await writeFile(join(dir, 'file'), '');
    const broken = confirmations(join(dir, 'file', 'outbox'));
    await expect(broken.save('fails', { ...NO_SETTINGS, email: 'new@example.com' }, false)).rejects.toThrow(
      /could not be sent, so nothing was saved/,
    );
    const after = await item('fails');
    expect({ ...after, rev: 0 }).toEqual({ ...before, rev: 0 }); // the same content (the put-back counts as a write)
    expect(await players.getSettingsRecord('fails')).toMatchObject({
      settings: { email: 'old@example.com' },
      confirmationsSent: before!.confirmationsSent,
    });
  });

  it('read and update settings stored before confirmations existed (no rev): their address is not confirmed', async () => {
    const old = { ...NO_SETTINGS, email: 'legacy@example.com', webhook: { url: 'https://discord.com/api/webhooks/1/x' } };
    await table.doc.send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'PLAYER#legacy', sk: 'SETTINGS', kind: 'settings', settings: JSON.stringify(old) } }),
    );
    expect(await players.getSettingsRecord('legacy')).toEqual({
      settings: old,
      confirmedEmail: null,
      emailSince: 0,
      confirmationsSent: [],
      rev: 0,
    });
    const outbox = join(dir, 'legacy');
    await confirmations(outbox).save('legacy', old, true);
    expect(await readdir(outbox)).toHaveLength(1);
    expect(await players.getSettingsRecord('legacy')).toMatchObject({ settings: old, rev: 1, confirmationsSent: [now().getTime()] });
  });
});
