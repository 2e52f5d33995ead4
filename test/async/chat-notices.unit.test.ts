/**
 * Chat notices through the local runtime (in-process), its stores' stream and loopback push and webhook
 * services: an offline seated player hears of a game's chat at most once per game and clock
 * hour, by push and webhook and never by email, even when a stream record comes again; online
 * players, the author and players who muted the author hear nothing; quiet hours hold the
 * notice, and every message of a quiet night makes one notice when they end.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTopic } from '../../functions/adapters/channels/webpush';
import { stream as streamPart } from '../../functions/handlers/stream';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { browser, startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';

let server: InProcessServer;
let push: LoopbackServer;
let hook: LoopbackServer;
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

const hooksTo = (path: string) =>
  hook.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body.toString()) as { content: string });
const pushesTo = (path: string) => push.received.filter((r) => r.path === path);
const outbox = () => readdirSync(server.outboxDir);

/** Open the link of the player's confirmation email, so notices could be mailed to the address. */
async function confirmEmail(player: Player): Promise<void> {
  const file = outbox().find((f) => f.includes(`confirm-email-${player.playerId}`))!;
  const token = decodeURIComponent(/#\/confirm-email\/(\S+)\r$/m.exec(readFileSync(`${server.outboxDir}/${file}`, 'utf8'))![1]!);
  const res = await fetchFrom(`${server.url}/api/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
}

describe('chat notices', () => {
  it('tell an offline player once per game and hour, by push and webhook only, never the author, an online player or a muter', async () => {
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const a = await Client.connect(server.wsUrl, ana);
    let b = await Client.connect(server.wsUrl, bruno);
    const device = browser(push.origin, '/push/bruno');
    await b.request({
      action: 'setNotifications',
      settings: { webPush: [device.subscription], webhook: { url: `${hook.origin}/hooks/bruno` }, email: 'bruno@example.org' },
    });
    await a.request({ action: 'setNotifications', settings: { webhook: { url: `${hook.origin}/hooks/ana` } } });
    await confirmEmail(bruno);
    const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await b.request({ action: 'joinGame', gameId });
    await server.notified();
    const mailsBefore = outbox().length;

    // While Bruno is online he reads along: no notice.
    expect(await a.request({ action: 'chat', gameId, text: 'Are you there?' })).toMatchObject({ type: 'chatSent' });
    await server.notified();
    expect(hooksTo('/hooks/bruno')).toEqual([]);
    await b.close();
    await waitOffline(server.app, bruno.playerId);

    // Three messages in one hour: one notice on each channel, about the first.
    for (const text of ['First!', 'Second', 'Third'])
      expect(await a.request({ action: 'chat', gameId, text })).toMatchObject({ type: 'chatSent' });
    await server.notified();
    expect(hooksTo('/hooks/bruno')).toEqual([
      expect.objectContaining({
        content: `**Ana wrote in your game of Tic-tac-toe**\nAna: “First!”\n${server.app.deps.config.publicUrl}/#/game/${gameId}`,
      }),
    ]);
    const pushes = pushesTo('/push/bruno');
    expect(pushes).toHaveLength(1);
    expect(device.decrypt(pushes[0]!.body)).toMatchObject({
      kind: 'chat',
      gameId,
      title: 'Ana wrote in your game of Tic-tac-toe',
      body: 'Ana: “First!”',
    });
    // A topic of its own: a chat notice never replaces a waiting "your turn" at the push service.
    expect(pushes[0]!.headers.topic).not.toBe(pushTopic(gameId));
    expect(outbox()).toHaveLength(mailsBefore); // chat is never mailed
    expect(hooksTo('/hooks/ana')).toEqual([]); // nor told to its author

    // The stream delivers a message's record again: nothing more is sent.
    const stored = (await server.stores.chat.page(gameId, undefined, 10)).messages.find((m) => m.id === 2)!;
    const item = { kind: 'chatMessage', ...stored };
    const record = { eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(item, { removeUndefinedValues: true }) } };
    expect(await server.app.get(streamPart)({ Records: [record, record] } as unknown as DynamoDBStreamEvent)).toEqual({
      batchItemFailures: [],
    });
    expect(hooksTo('/hooks/bruno')).toHaveLength(1);
    expect(pushesTo('/push/bruno')).toHaveLength(1);

    // The next clock hour: one more.
    now = new Date('2026-01-15T13:05:00Z');
    await a.request({ action: 'chat', gameId, text: 'An hour later' });
    await a.request({ action: 'chat', gameId, text: 'and again' });
    await server.notified();
    expect(hooksTo('/hooks/bruno').map((h) => h.content.split('\n')[1])).toEqual(['Ana: “First!”', 'Ana: “An hour later”']);

    // Bruno mutes Ana: her messages no longer reach him, even offline.
    b = await Client.connect(server.wsUrl, bruno);
    expect(await b.request({ action: 'mute', playerId: ana.playerId })).toMatchObject({ type: 'muted' });
    await b.close();
    await waitOffline(server.app, bruno.playerId);
    now = new Date('2026-01-15T14:05:00Z');
    await a.request({ action: 'chat', gameId, text: 'Bruno?' });
    await server.notified();
    expect(hooksTo('/hooks/bruno')).toHaveLength(2);
    expect(pushesTo('/push/bruno')).toHaveLength(2);
    await a.close();
  });

  it("hold notices through quiet hours: a quiet night's messages make one notice when it ends", async () => {
    now = new Date('2026-01-20T22:10:00Z'); // 22:10 in Lisbon (winter: UTC+0)
    const [ana, bruno] = await Promise.all([register(server.url, 'Alma'), register(server.url, 'Bento')]);
    const a = await Client.connect(server.wsUrl, ana);
    const b = await Client.connect(server.wsUrl, bruno);
    await b.request({
      action: 'setNotifications',
      settings: {
        webhook: { url: `${hook.origin}/hooks/bruno-night` },
        quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' },
      },
    });
    const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await b.request({ action: 'joinGame', gameId });
    await server.notified(); // the game started while Bruno was online
    await b.close();
    await waitOffline(server.app, bruno.playerId);

    await a.request({ action: 'chat', gameId, text: 'Good night' });
    now = new Date('2026-01-20T23:30:00Z');
    await a.request({ action: 'chat', gameId, text: 'Still up?' });
    now = new Date('2026-01-21T03:00:00Z');
    await a.request({ action: 'chat', gameId, text: 'Insomnia' });
    await server.notified();
    expect(hooksTo('/hooks/bruno-night')).toEqual([]);
    expect((await server.sweep()).released).toBe(0);
    now = new Date('2026-01-21T07:01:00Z');
    expect((await server.sweep()).released).toBe(1);
    expect(hooksTo('/hooks/bruno-night').map((h) => h.content.split('\n')[0])).toEqual(['**Alma wrote in your game of Tic-tac-toe**']);
    expect((await server.sweep()).released).toBe(0);

    // Within the hour the night's notice went out in: nothing more; the hour after: one more.
    now = new Date('2026-01-21T07:40:00Z');
    await a.request({ action: 'chat', gameId, text: 'Good morning' });
    await server.notified();
    expect(hooksTo('/hooks/bruno-night')).toHaveLength(1);
    now = new Date('2026-01-21T08:02:00Z');
    await a.request({ action: 'chat', gameId, text: 'Coffee?' });
    await server.notified();
    expect(hooksTo('/hooks/bruno-night').map((h) => h.content.split('\n')[1])).toEqual([expect.any(String), 'Alma: “Coffee?”']);
    await a.close();
  });
});
