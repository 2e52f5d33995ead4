/**
 * Email as a daily digest, through the local runtime (in-process), its stream and sweep, with the games'
 * clock moved by hand: a player with several games waiting gets one email listing them (the
 * local outbox), not one per turn, and at most one a day; nothing when no game waits by the
 * time it is due; never inside quiet hours. The webhook still gets every turn. A stream record
 * delivered again or two sweeps at once send nothing twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream as streamPart } from '../../functions/handlers/stream';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';

let server: InProcessServer;
let hook: LoopbackServer;
let now = new Date('2026-03-10T09:00:00Z');
const minutes = (n: number) => (now = new Date(now.getTime() + n * 60_000));

beforeAll(async () => {
  hook = await startReceiver(204);
  // The loopback push service and webhook receiver are allowed, for this server only.
  server = await startInProcessServer({
    dataDir: null,
    now: () => now,
    sweepIntervalMs: 0,
    env: { ...process.env, WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await hook?.close();
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

const digests = (player: Player) =>
  readdirSync(server.outboxDir)
    .filter((f) => f.includes(`digest-${player.playerId}`))
    .sort();
const mail = (file: string) => readFileSync(`${server.outboxDir}/${file}`, 'utf8');
/** The webhook calls saying it is the player's turn. */
const hooksTo = (path: string) => hook.received.filter((r) => r.path === path && r.body.toString().includes('Your turn'));

/** Register, set a webhook and an email address, and confirm it with the link from the outbox. */
async function withEmail(name: string): Promise<{ player: Player; client: Client }> {
  const player = await register(server.url, name);
  const client = await Client.connect(server.wsUrl, player);
  const email = `${name.toLowerCase()}@example.org`;
  await client.request({ action: 'setNotifications', settings: { email, webhook: { url: `${hook.origin}/hooks/${name}` } } });
  const confirmation = readdirSync(server.outboxDir).find((f) => f.includes(`confirm-email-${player.playerId}`))!;
  const token = decodeURIComponent(/#\/confirm-email\/(\S+)\r$/m.exec(mail(confirmation))![1]!);
  const res = await fetchFrom(`${server.url}/api/email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return { player, client };
}

async function mark(c: Client, gameId: string, cell: number): Promise<void> {
  expect(
    await c.request({ action: 'command', gameId, commandId: `${c.player.name}-${cell}-${now.getTime()}`, command: { type: 'mark', cell } }),
  ).toMatchObject({ type: 'ack' });
}

// The games' clock moves on from test to test: steps in order.
describe('the email digest', { shuffle: false }, () => {
  it('lists every game waiting, once a day, instead of one email per turn; the webhook still gets each turn', async () => {
    const ana = await register(server.url, 'Ana');
    const a = await Client.connect(server.wsUrl, ana);
    const { player: bruno, client: b } = await withEmail('Bruno');
    const games: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
      await b.request({ action: 'joinGame', gameId });
      games.push(gameId);
    }
    await b.close();
    await waitOffline(server.app, bruno.playerId);

    // Three turns wait for Bruno: three webhook calls, no email yet.
    for (const gameId of games) await mark(a, gameId, 0);
    await server.notified();
    expect(hooksTo('/hooks/Bruno')).toHaveLength(3);
    expect(digests(bruno)).toEqual([]);
    expect((await server.sweep()).digests.sent).toBe(0); // due an hour after the first turn

    // An hour later: one email listing the three games.
    minutes(61);
    expect((await server.sweep()).digests).toMatchObject({ sent: 1, failures: 0 });
    expect(digests(bruno)).toHaveLength(1);
    const first = mail(digests(bruno)[0]!);
    expect(first).toMatch(/^To: bruno@example\.org\r$/m);
    expect(first).toMatch(/^Subject: Your turn in 3 games\r$/m);
    for (const gameId of games) expect(first).toContain(`/#/game/${gameId}`);
    expect(first).toContain('Tic-tac-toe with Ana');
    expect(first).toMatch(/at most once a day/);
    expect((await server.sweep()).digests.sent).toBe(0);

    // Bruno plays in two games; Ana answers: more turns the same day, more webhook calls, no more email.
    const b2 = await Client.connect(server.wsUrl, bruno);
    await mark(b2, games[0]!, 4);
    await mark(b2, games[1]!, 4);
    await b2.close();
    await waitOffline(server.app, bruno.playerId);
    minutes(30);
    await mark(a, games[0]!, 8);
    await mark(a, games[1]!, 8);
    await server.notified();
    expect(hooksTo('/hooks/Bruno')).toHaveLength(5);
    // The stream delivers one of those commits again: nothing more is made due or sent.
    const item = server.stores.games.items(games[0]!).at(-1)!;
    const record = { eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(item, { removeUndefinedValues: true }) } };
    await server.app.get(streamPart)({ Records: [record, record] } as unknown as DynamoDBStreamEvent);
    for (const at of ['2026-03-10T12:00:00Z', '2026-03-10T20:00:00Z', '2026-03-11T09:59:00Z']) {
      now = new Date(at);
      await server.sweep();
    }
    expect(digests(bruno)).toHaveLength(1);

    // A day after the first: the second, listing the three games that wait now. Two sweeps at once send it once.
    now = new Date(Date.parse('2026-03-11T10:02:00Z'));
    const [x, y] = await Promise.all([server.sweep(), server.sweep()]);
    expect(x.digests.sent + y.digests.sent).toBeGreaterThanOrEqual(1);
    expect(digests(bruno)).toHaveLength(2);
    const second = mail(digests(bruno)[1]!);
    for (const gameId of games) expect(second).toContain(`/#/game/${gameId}`);
    await a.close();
  });

  it('sends nothing when no game waits by the time it is due, and never in quiet hours', async () => {
    const carla = await register(server.url, 'Carla');
    const c = await Client.connect(server.wsUrl, carla);
    const { player: dina, client: d } = await withEmail('Dina');
    const { gameId } = await c.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await d.request({ action: 'joinGame', gameId });
    await d.close();
    await waitOffline(server.app, dina.playerId);

    // Carla moves; Dina comes back within the hour and plays: the digest due finds nothing waiting.
    await mark(c, gameId, 0);
    await server.notified();
    const d2 = await Client.connect(server.wsUrl, dina);
    await mark(d2, gameId, 4);
    await d2.close();
    await waitOffline(server.app, dina.playerId);
    minutes(61);
    expect((await server.sweep()).digests).toMatchObject({ sent: 0, dropped: 1 });
    expect(digests(dina)).toEqual([]);

    // Quiet hours 22:00–08:00 in Lisbon (UTC in March). Carla moves at 21:30: due at 22:30, inside them; it goes at 08:00.
    const d3 = await Client.connect(server.wsUrl, dina);
    const current = await d3.request<Frame<'notifications'>>({ action: 'getNotifications' });
    await d3.request({
      action: 'setNotifications',
      settings: { ...current.settings, quietHours: { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' } },
    });
    await d3.close();
    await waitOffline(server.app, dina.playerId);
    now = new Date('2026-03-11T21:30:00Z');
    await mark(c, gameId, 1);
    await server.notified();
    for (const at of ['2026-03-11T22:31:00Z', '2026-03-12T03:00:00Z', '2026-03-12T07:59:00Z']) {
      now = new Date(at);
      await server.sweep();
      expect(digests(dina), at).toEqual([]);
    }
    now = new Date('2026-03-12T08:01:00Z');
    expect((await server.sweep()).digests.sent).toBe(1);
    expect(mail(digests(dina)[0]!)).toMatch(/^Subject: Your turn in Tic-tac-toe\r$/m);
    await c.close();
  });
});
