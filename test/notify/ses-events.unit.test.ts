/**
 * SES bounces and complaints, fed to the handler as SNS delivers them (SES event publishing's
 * JSON inside an SNS notification), against the local runtime (in-process): a permanent bounce or a
 * complaint stops mail to the address the player still has, the settings say why, the notifier
 * and the digest send nothing there, nor do sign-in links, and entering another address starts anew. Soft bounces,
 * other events, malformed messages and mail without the player's tag change nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesEvents as sesEventsHandler } from '../../functions/handlers/ses-events';
import { sesReport } from '../../functions/core/ses-event';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { post, signInLinks } from '../support/accounts';
import { waitOffline } from '../support/table';
import { digestStore } from '../../functions/app/notify';
import { playerStore } from '../../functions/app/players';

let server: InProcessServer;
const now = new Date('2026-04-01T09:00:00Z');

beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, now: () => now, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

type Notifications = Extract<ServerFrame, { type: 'notifications' }>;

/** SES's mail object, as its event publishing writes it (tags include the configuration set's own). */
const mailOf = (to: string, playerId?: string) => ({
  timestamp: '2026-04-01T08:59:58.012Z',
  source: 'Caravela <games@example.com>',
  sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/example.com',
  sendingAccountId: '123456789012',
  messageId: '0100018e9f0a1b2c-3d4e5f60-7a8b-4c9d-8e7f-6a5b4c3d2e1f-000000',
  destination: [to],
  headersTruncated: false,
  headers: [
    { name: 'From', value: 'Caravela <games@example.com>' },
    { name: 'To', value: to },
    { name: 'Subject', value: 'Your turn in 2 games' },
  ],
  commonHeaders: { from: ['Caravela <games@example.com>'], to: [to], messageId: '0100018e9f0a1b2c', subject: 'Your turn in 2 games' },
  tags: {
    'ses:configuration-set': ['CaravelaEmailEvents'],
    'ses:source-ip': ['192.0.2.0'],
    'ses:from-domain': ['example.com'],
    'ses:caller-identity': ['CaravelaNotify'],
    ...(playerId ? { playerId: [playerId] } : {}),
  },
});
const bounce = (to: string, playerId: string | undefined, bounceType = 'Permanent') => ({
  eventType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
    bouncedRecipients: [{ emailAddress: to, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    timestamp: '2026-04-01T09:00:01.669Z',
    feedbackId: '0100018e9f0a1b2c-aaaa-bbbb-cccc-dddd-000000',
    reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
  },
  mail: mailOf(to, playerId),
});
const complaint = (to: string, playerId: string) => ({
  eventType: 'Complaint',
  complaint: {
    feedbackId: '0100018e9f0a1b2c-eeee-ffff-0000-1111-000000',
    complaintSubType: null,
    complainedRecipients: [{ emailAddress: to }],
    timestamp: '2026-04-02T10:00:00.000Z',
    userAgent: 'ExampleCorp Feedback Loop (V0.01)',
    complaintFeedbackType: 'abuse',
    arrivalDate: '2026-04-02T09:59:00.000Z',
  },
  mail: mailOf(to, playerId),
});
/** An SNS notification to a Lambda subscription carrying these messages. */
const sns = (...messages: (object | string)[]): SNSEvent => ({
  Records: messages.map((m, i) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:CaravelaEmailEvents:2bcfbf39-05c3-41de-beaa-fcfcc21c8f55',
    Sns: {
      Type: 'Notification',
      MessageId: `95df01b4-ee98-5cb9-9903-4c221d41eb5${i}`,
      TopicArn: 'arn:aws:sns:us-east-1:123456789012:CaravelaEmailEvents',
      Subject: null as unknown as string,
      Message: typeof m === 'string' ? m : JSON.stringify(m),
      Timestamp: '2026-04-01T09:00:02.000Z',
      SignatureVersion: '1',
      Signature: 'EXAMPLE',
      SigningCertUrl: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-example.pem',
      UnsubscribeUrl: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe',
      MessageAttributes: {},
    },
  })),
});

/** Register with a confirmed address (the link from the outbox). */
async function withEmail(name: string, email: string): Promise<{ player: Player; client: Client }> {
  const player = await register(server.url, name);
  const client = await Client.connect(server.wsUrl, player);
  await client.request({ action: 'setNotifications', settings: { email } });
  const file = readdirSync(server.outboxDir).find((f) => f.includes(`confirm-email-${player.playerId}`))!;
  const eml = readFileSync(`${server.outboxDir}/${file}`, 'utf8');
  const token = decodeURIComponent(/#\/confirm-email\/(\S+)\r$/m.exec(eml)![1]!);
  await fetchFrom(`${server.url}/api/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { player, client };
}
const settingsItem = (player: Player) => server.app.get(playerStore).getSettingsRecord(player.playerId, true);

describe('SES bounces and complaints', () => {
  it('a permanent bounce stops mail to the address, says why in the settings, and a new address starts anew', async () => {
    const { player: ana, client: a } = await withEmail('Ana', 'ana@example.org');
    expect(await a.request<Notifications>({ action: 'getNotifications' })).toMatchObject({ emailConfirmed: true, emailProblem: null });

    // Soft bounces, deliveries, malformed messages, untagged mail, another player's address: nothing changes.
    const before = await settingsItem(ana);
    expect(
      await server.app.get(sesEventsHandler)(
        sns(
          bounce('ana@example.org', ana.playerId, 'Transient'),
          { eventType: 'Delivery', mail: mailOf('ana@example.org', ana.playerId) },
          'not json',
          '{"eventType":"Bounce"}',
          bounce('ana@example.org', undefined),
          bounce('someone@example.org', ana.playerId),
        ),
      ),
    ).toEqual({ marked: 0 });
    expect(await settingsItem(ana)).toEqual(before);

    // The bounce, delivered twice by SNS: marked once (case of the address as SES reports it does not matter).
    expect(
      await server.app.get(sesEventsHandler)(sns(bounce('Ana@Example.org', ana.playerId), bounce('ana@example.org', ana.playerId))),
    ).toEqual({ marked: 1 });
    const marked = await settingsItem(ana);
    expect(marked).toMatchObject({
      emailBlocked: { address: 'ana@example.org', kind: 'bounced', at: '2026-04-01T09:00:01.669Z', reason: 'smtp; 550 5.1.1 user unknown' },
      confirmedEmail: 'ana@example.org',
    });
    expect(await server.app.get(sesEventsHandler)(sns(bounce('ana@example.org', ana.playerId)))).toEqual({ marked: 0 });
    expect(await settingsItem(ana)).toEqual(marked);
    const shown = await a.request<Notifications>({ action: 'getNotifications' });
    expect(shown).toMatchObject({
      emailConfirmed: true,
      emailProblem: { kind: 'bounced', at: '2026-04-01T09:00:01.669Z', reason: 'smtp; 550 5.1.1 user unknown' },
    });
    expect(JSON.stringify(shown)).not.toContain('emailBlocked');

    // Asking for another link to the bounced address is refused with a sentence, and nothing changes.
    expect(await a.request({ action: 'setNotifications', settings: shown.settings, resendConfirmation: true })).toMatchObject({
      type: 'error',
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/bounced.*enter another address/),
    });
    expect(await settingsItem(ana)).toEqual(marked);

    // A turn waits for Ana while she is offline: no digest is made due for the bounced address.
    const bruno = await register(server.url, 'Bruno');
    const b = await Client.connect(server.wsUrl, bruno);
    const { gameId } = await b.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await a.request({ action: 'joinGame', gameId });
    await a.close();
    await waitOffline(server.app, ana.playerId);
    await b.request({ action: 'command', gameId, commandId: 'b0', command: { type: 'mark', cell: 0 } });
    await server.notified();
    expect(await server.app.get(digestStore).state(ana.playerId)).toEqual({ lastSentAt: null, pending: null });
    await b.close();

    // Another address: the bounce is gone with the old one; the new one needs its confirmation.
    const a2 = await Client.connect(server.wsUrl, ana);
    const moved = await a2.request<Notifications>({
      action: 'setNotifications',
      settings: { ...shown.settings, email: 'ana@elsewhere.org' },
    });
    expect(moved).toMatchObject({ emailConfirmed: false, emailProblem: null, settings: { email: 'ana@elsewhere.org' } });
    expect((await settingsItem(ana))!.emailBlocked).toBeUndefined();
    // A late bounce of the old address changes nothing now.
    expect(await server.app.get(sesEventsHandler)(sns(bounce('ana@example.org', ana.playerId)))).toEqual({ marked: 0 });
    await a2.close();
  });

  it('a complaint stops mail to the address too', async () => {
    const { player: carla, client: c } = await withEmail('Carla', 'carla@example.org');
    expect(await server.app.get(sesEventsHandler)(sns(complaint('carla@example.org', carla.playerId)))).toEqual({ marked: 1 });
    expect(await c.request<Notifications>({ action: 'getNotifications' })).toMatchObject({
      emailProblem: { kind: 'complained', at: '2026-04-02T10:00:00.000Z', reason: 'the recipient reported it (abuse)' },
    });
    await c.close();
  });

  it('a bounced address gets no more sign-in links and is no longer offered for them; the answer stays the same', async () => {
    const { player: dora, client: d } = await withEmail('Dora', 'dora@example.org');
    const ask = async () => {
      const answer = await post(server.url, '/api/signin/email', { email: 'dora@example.org' });
      await server.notified(); // the stream answers the ask
      return answer;
    };
    const first = await ask();
    expect(first.status).toBe(202);
    expect(signInLinks(server.outboxDir)).toHaveLength(1);
    const devices = () => d.request<Extract<ServerFrame, { type: 'devices' }>>({ action: 'myDevices' });
    expect((await devices()).signInEmail).toBe('dora@example.org');
    expect(await server.app.get(sesEventsHandler)(sns(bounce('dora@example.org', dora.playerId)))).toEqual({ marked: 1 });
    expect(await ask()).toEqual(first);
    expect(signInLinks(server.outboxDir)).toHaveLength(1);
    // The devices screen no longer offers it.
    expect((await devices()).signInEmail).toBeNull();
    await d.close();
  });

  it('reads the older feedback-notification shape (notificationType) as well', () => {
    const old = { ...bounce('x@example.org', 'p1'), eventType: undefined, notificationType: 'Bounce' };
    expect(sesReport(JSON.stringify(old))).toEqual({
      playerId: 'p1',
      blocks: [{ address: 'x@example.org', kind: 'bounced', at: '2026-04-01T09:00:01.669Z', reason: 'smtp; 550 5.1.1 user unknown' }],
    });
  });
});
