/**
 * "Your turn" notifications through the local runtime (in-process), its stores' stream and loopback push and
 * webhook services: online players are left alone; an offline one gets exactly one message per
 * turn on each channel, even when a stream record comes twice or a delivery fails and is
 * retried; expired subscriptions are dropped; quiet hours hold messages back. Email goes only to
 * an address confirmed through the link the server mailed to it, at most 3 links an hour.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream as streamPart } from '../../functions/handlers/stream';
import { issueEmailToken } from '../../functions/core/token';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { browser, startReceiver, verifyVapid, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';
import { digestStore } from '../../functions/app/notify';
import { playerStore } from '../../functions/app/players';
import { signingKeys, vapid } from '../../functions/app/keys';

let server: InProcessServer;
let push: LoopbackServer;
let hook: LoopbackServer;
// The games' clock (quiet hours are checked against it); DynamoDB's expiry follows the real one.
let now = new Date('2026-01-15T12:00:00Z');

beforeAll(async () => {
  push = await startReceiver(201);
  hook = await startReceiver(204);
  // The loopback push service and webhook receiver are allowed, for this server only.
  server = await startInProcessServer({
    dataDir: null,
    now: () => now,
    sweepIntervalMs: 0,
    env: { ...process.env, PUSH_ALLOW: push.origin, WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await push?.close();
  await hook?.close();
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

/** Wait until the server has run a player's $disconnect. */
const offline = (player: Player) => waitOffline(server.app, player.playerId);

/** Bruno takes his turn (connecting for it) and leaves again. */
async function brunoMoves(bruno: Player, gameId: string, cell: number): Promise<void> {
  const c = await Client.connect(server.wsUrl, bruno);
  expect(await c.request({ action: 'command', gameId, commandId: `b${cell}`, command: { type: 'mark', cell } })).toMatchObject({
    type: 'ack',
  });
  await c.close();
  await offline(bruno);
}

const pushesTo = (path: string) => push.received.filter((r) => r.path === path);

const outbox = (part: string) =>
  readdirSync(server.outboxDir)
    .filter((f) => f.includes(part))
    .sort();
const mail = (file: string) => readFileSync(`${server.outboxDir}/${file}`, 'utf8');
/** The player's confirmation emails, oldest first. */
const confirmations = (player: Player) => outbox(`confirm-email-${player.playerId}`).map(mail);
/** The token of the link in a confirmation email. */
function linkToken(eml: string): string {
  const link = new RegExp(
    `^${server.app.deps.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/#/confirm-email/(\\S+)\r$`,
    'm',
  ).exec(eml);
  expect(link, eml).not.toBeNull();
  return decodeURIComponent(link![1]!);
}
const confirm = async (token: unknown) => {
  const res = await fetchFrom(`${server.url}/api/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { status: res.status, body: (await res.json()) as { email?: string; code?: string; message?: string } };
};
/** The player's stored settings item, to check that a refusal changed nothing. */
const settingsItem = (player: Player) => server.app.get(playerStore).getSettingsRecord(player.playerId, true);
const hooksTo = (path: string) => hook.received.filter((r) => r.path === path);

describe('notifications', () => {
  it('reach an offline player once per turn on every channel, and never an online one', async () => {
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const a = await Client.connect(server.wsUrl, ana);
    const b = await Client.connect(server.wsUrl, bruno);
    const brunoDevice = browser(push.origin, '/push/bruno');
    const anaDevice = browser(push.origin, '/push/ana');

    // A webhook aimed at an address that is not allowed is refused, and nothing is saved.
    const refused = await b.request<Frame<'error'>>({
      action: 'setNotifications',
      settings: { webhook: { url: 'http://169.254.169.254/latest/meta-data' } },
    });
    expect(refused).toMatchObject({ type: 'error', code: 'BAD_REQUEST', message: expect.stringMatching(/public host name/) });
    const badPush = await b.request<Frame<'error'>>({
      action: 'setNotifications',
      settings: { webPush: [{ ...brunoDevice.subscription, endpoint: 'https://10.0.0.1/push' }] },
    });
    expect(badPush).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/push service/) });
    expect((await b.request<Frame<'notifications'>>({ action: 'getNotifications' })).settings.webhook).toBeNull();

    const settings = await b.request<Frame<'notifications'>>({
      action: 'setNotifications',
      settings: { webPush: [brunoDevice.subscription], webhook: { url: `${hook.origin}/hooks/bruno` }, email: 'bruno@example.org' },
    });
    expect(settings.pushKey).toBe(await server.app.get(vapid).publicKey());
    // The new address gets one email: the confirmation link, and nothing else until it is opened.
    expect(settings.emailConfirmed).toBe(false);
    const [confirmation, ...more] = confirmations(bruno);
    expect(more).toEqual([]);
    expect(confirmation).toMatch(/^To: bruno@example\.org\r$/m);
    expect(confirmation).toMatch(/^Subject: Confirm your email address for Caravela\r$/m);
    const brunoLink = linkToken(confirmation!);
    await a.request({ action: 'setNotifications', settings: { webPush: [anaDevice.subscription] } });

    const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await b.request({ action: 'joinGame', gameId });
    await server.notified(); // the game started while both were online: no messages
    expect(push.received).toEqual([]);
    await b.close();
    await offline(bruno);

    // Ana (online) moves: Bruno's turn begins while he is offline.
    expect(await a.request({ action: 'command', gameId, commandId: 'a0', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
      version: 3,
    });
    await server.notified();
    expect(pushesTo('/push/ana')).toEqual([]); // online players see it live
    const [first] = pushesTo('/push/bruno');
    expect(pushesTo('/push/bruno')).toHaveLength(1);
    const claims = verifyVapid(first!.headers, (await server.app.get(vapid).publicKey())!);
    expect(claims.aud).toBe(push.origin);
    expect(first!.headers.topic).toMatch(/^[\w-]{1,32}$/);
    expect(brunoDevice.decrypt(first!.body)).toMatchObject({ title: 'Your turn in Tic-tac-toe', gameId, version: 3, kind: 'yourTurn' });
    const hooked = hooksTo('/hooks/bruno');
    expect(hooked).toHaveLength(1);
    expect(hooked[0]!.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(hooked[0]!.body.toString())).toMatchObject({
      username: 'Caravela',
      content: expect.stringContaining('Your turn in Tic-tac-toe'),
    });
    expect(outbox(gameId)).toEqual([]); // the address is not confirmed yet
    expect(confirmations(bruno)).toHaveLength(1);

    // The stream delivers the same record twice more: nothing is sent again.
    const item = server.stores.games.items(gameId).find((i) => i.version === 3)!;
    const record = { eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(item, { removeUndefinedValues: true }) } };
    expect(await server.app.get(streamPart)({ Records: [record, record] } as unknown as DynamoDBStreamEvent)).toEqual({
      batchItemFailures: [],
    });
    expect(pushesTo('/push/bruno')).toHaveLength(1);
    expect(hooksTo('/hooks/bruno')).toHaveLength(1);

    // Bruno opens the link: from now on his turns lead to an email digest too.
    expect(await confirm(brunoLink)).toEqual({ status: 200, body: { email: 'bruno@example.org' } });

    // Next turn: the push service fails once. The stream retries; Bruno gets one push and one
    // webhook call (already delivered on the first try), and his email digest becomes due.
    await brunoMoves(bruno, gameId, 4);
    push.answerNext(500);
    await a.request({ action: 'command', gameId, commandId: 'a8', command: { type: 'mark', cell: 8 } });
    await server.notified();
    const attempts = pushesTo('/push/bruno').slice(1);
    expect(attempts.map((r) => r.status)).toEqual([500, 201]);
    expect(brunoDevice.decrypt(attempts[1]!.body)).toMatchObject({ version: 5 });
    expect(hooksTo('/hooks/bruno')).toHaveLength(2);
    // Email is a daily digest (test/async/digest.test.ts): the turn made Bruno's next one due; nothing is mailed per turn.
    expect(outbox(gameId)).toEqual([]);
    const digest = await server.app.get(digestStore).state(bruno.playerId);
    expect(digest.pending).toMatchObject({ key: expect.stringContaining(bruno.playerId) });

    // Next turn: the subscription has expired (410): it is removed from Bruno's settings.
    await brunoMoves(bruno, gameId, 2);
    push.answerNext(410);
    await a.request({ action: 'command', gameId, commandId: 'a6', command: { type: 'mark', cell: 6 } });
    await server.notified();
    const b2 = await Client.connect(server.wsUrl, bruno);
    const after = await b2.request<Frame<'notifications'>>({ action: 'getNotifications' });
    expect(after.settings.webPush).toEqual([]);
    expect(after.settings.webhook).toEqual({ url: `${hook.origin}/hooks/bruno` });
    expect(after.emailConfirmed).toBe(true); // dropping the subscription kept the confirmation

    // Quiet hours (22:00–07:00 in Lisbon, where it is 23:00): the next message waits until 07:00.
    await b2.request({
      action: 'setNotifications',
      settings: { ...after.settings, quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' } },
    });
    expect(await b2.request({ action: 'command', gameId, commandId: 'b3', command: { type: 'mark', cell: 3 } })).toMatchObject({
      type: 'ack',
    });
    await b2.close();
    await offline(bruno);
    now = new Date('2026-01-15T23:00:00Z');
    const hooksBefore = hooksTo('/hooks/bruno').length;
    await a.request({ action: 'command', gameId, commandId: 'a5', command: { type: 'mark', cell: 5 } });
    await server.notified();
    expect(hooksTo('/hooks/bruno')).toHaveLength(hooksBefore);
    expect((await server.sweep()).released).toBe(0); // still quiet
    now = new Date('2026-01-16T07:01:00Z');
    expect((await server.sweep()).released).toBe(1);
    expect(hooksTo('/hooks/bruno')).toHaveLength(hooksBefore + 1);
    expect(JSON.parse(hooksTo('/hooks/bruno').at(-1)!.body.toString()).content).toMatch(/Your turn/);
    await a.close();
  });

  it('confirm an address only with a valid, current link, and send at most 3 links an hour', async () => {
    const carla = await register(server.url, 'Carla');
    const c = await Client.connect(server.wsUrl, carla);
    const set = (email: string | null, resend?: boolean) =>
      c.request<Frame<'notifications'> | Frame<'error'>>({
        action: 'setNotifications',
        settings: { email },
        ...(resend === undefined ? {} : { resendConfirmation: resend }),
      });
    expect(await set('carla@example.org')).toMatchObject({ type: 'notifications', emailConfirmed: false });
    expect(confirmations(carla)).toHaveLength(1);
    const first = linkToken(confirmations(carla)[0]!);

    // Links that are not valid, or no longer valid, are refused with a sentence and change nothing.
    const stored = await settingsItem(carla);
    const refused = async (token: unknown, message: RegExp) => {
      expect(await confirm(token)).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: expect.stringMatching(message) } });
      expect(await settingsItem(carla)).toEqual(stored);
    };
    await refused('e1.not-a-token.at-all', /not valid/);
    await refused(`${first.slice(0, -3)}abc`, /not valid/);
    await refused(123, /\{"token":"…"\}/);
    const [prefix, payload, signature] = first.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), e: 'stranger@example.org' }),
    ).toString('base64url');
    await refused([prefix, forged, signature].join('.'), /not valid/);
    const res = await fetchFrom(`${server.url}/api/email/confirm`, { method: 'POST', body: 'no json' });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: expect.stringMatching(/Send JSON like \{"token":"…"\}/) },
    });
    now = new Date(now.getTime() + 25 * 3_600_000);
    await refused(first, /expired/);
    expect(await c.request({ action: 'getNotifications' })).toMatchObject({
      emailConfirmed: false,
      settings: { email: 'carla@example.org' },
    });

    // A new address: a second link; the first one is for an address no longer set.
    expect(await set('carla@elsewhere.org')).toMatchObject({ emailConfirmed: false, settings: { email: 'carla@elsewhere.org' } });
    const second = linkToken(confirmations(carla)[1]!);
    expect(confirmations(carla)[1]).toMatch(/^To: carla@elsewhere\.org\r$/m);
    const changed = await settingsItem(carla);
    expect(
      await confirm(
        issueEmailToken({ playerId: carla.playerId, email: 'carla@example.org' }, await server.app.get(signingKeys).legacySecret(), now),
      ),
    ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/no longer/) } });
    expect(await settingsItem(carla)).toEqual(changed);
    // Saving the same address again sends nothing; asking for the link again does.
    expect(await set('carla@elsewhere.org')).toMatchObject({ emailConfirmed: false });
    expect(confirmations(carla)).toHaveLength(2);
    expect(await set('carla@elsewhere.org', true)).toMatchObject({ emailConfirmed: false });
    expect(await set('carla@elsewhere.org', true)).toMatchObject({ emailConfirmed: false });
    expect(confirmations(carla)).toHaveLength(4);

    // The 4th within the hour is refused, saying when to try again, and nothing is stored or sent.
    const limited = await settingsItem(carla);
    for (const attempt of [() => set('carla@elsewhere.org', true), () => set('carla@third.org')]) {
      expect(await attempt()).toMatchObject({
        type: 'error',
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^At most 3 confirmation emails are sent per hour; open a link already sent, or wait\. Try again in 60 minutes\.$/,
        ),
      });
    }
    expect(await settingsItem(carla)).toEqual(limited);
    expect(confirmations(carla)).toHaveLength(4);
    now = new Date(now.getTime() + 61 * 60_000);
    expect(await set('carla@elsewhere.org', true)).toMatchObject({ type: 'notifications' });
    expect(confirmations(carla)).toHaveLength(5);

    // Any link sent for the current address confirms it; opening it again changes nothing more.
    expect(await confirm(second)).toEqual({ status: 200, body: { email: 'carla@elsewhere.org' } });
    const confirmed = await settingsItem(carla);
    expect(await confirm(linkToken(confirmations(carla)[4]!))).toEqual({ status: 200, body: { email: 'carla@elsewhere.org' } });
    expect(await settingsItem(carla)).toEqual(confirmed);
    expect(await c.request({ action: 'getNotifications' })).toMatchObject({ emailConfirmed: true });
    // A confirmed address needs no link, even when asked; changing it drops the confirmation.
    expect(await set('carla@elsewhere.org', true)).toMatchObject({ emailConfirmed: true });
    expect(confirmations(carla)).toHaveLength(5);
    expect(await set(null)).toMatchObject({ emailConfirmed: false, settings: { email: null } });
    expect(await set('carla@elsewhere.org')).toMatchObject({ emailConfirmed: false });
    expect(confirmations(carla)).toHaveLength(6);
    // Links sent before the address was set again are outdated.
    expect(await confirm(second)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/no longer/) } });
    await c.close();
  });
});
