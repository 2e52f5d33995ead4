/**
 * Clocks with an injected time: a reminder before the deadline (once), the time-out applies the
 * default rule (a bot plays safe moves for the absent seat), the game goes on, the player may
 * resume, and the others may vote to end a game after a time-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_MS } from '../../functions/core/clock-due';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { playToEnd } from '../support/play';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';

const HOUR = 3_600_000;
let server: InProcessServer;
let hook: LoopbackServer;
let now = new Date();

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

/** Wait until the server has run a player's $disconnect. */
const offline = (player: Player) => waitOffline(server.app, player.playerId);

/** Ana plays (from her legal list) until the game waits for Bruno's seat, or `limit` commands. */
async function anaPlaysUntilBruno(ana: Client, gameId: string, brunoSeat: number, limit = Infinity): Promise<StateFrame> {
  for (let i = 0; ; i++) {
    const s = await ana.request<StateFrame>({ action: 'subscribe', gameId });
    if (s.activeSeats.includes(brunoSeat) || s.status !== 'active' || i >= limit) return s;
    const command = s.legal.find((c) => (c as { type: string }).type !== 'launch') ?? s.legal[0];
    expect(await ana.request({ action: 'command', gameId, commandId: `ana-${i}-${s.version}`, command })).toMatchObject({ type: 'ack' });
  }
}

async function clockedGame(ana: Client, bruno: Client) {
  const { gameId } = await ana.request<Frame<'gameCreated'>>({
    action: 'createGame',
    game: 'vasco-da-gama',
    players: 2,
    clock: { type: 'perMove', hours: 24 },
  });
  const { seat } = await bruno.request<Frame<'joined'>>({ action: 'joinGame', gameId });
  return { gameId, brunoSeat: seat };
}

const hooksWith = (text: RegExp) => hook.received.filter((r) => text.test(JSON.parse(r.body.toString()).content));

describe('clocks', () => {
  it('remind once before the deadline, time out to a safe bot, and the game goes on and ends', async () => {
    const [ana, brunoPlayer] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const a = await Client.connect(server.wsUrl, ana);
    let b = await Client.connect(server.wsUrl, brunoPlayer);
    await b.request({ action: 'setNotifications', settings: { webhook: { url: `${hook.origin}/hooks/bruno` } } });
    const { gameId, brunoSeat } = await clockedGame(a, b);
    await server.notified();
    await b.close();
    await offline(brunoPlayer);

    const waiting = await anaPlaysUntilBruno(a, gameId, brunoSeat);
    const turnStart = now;
    await server.notified();

    // 17 hours in: nothing yet. 19 hours in (less than a quarter of the day left): one reminder, and only one.
    now = new Date(turnStart.getTime() + 17 * HOUR);
    expect(await server.sweep()).toMatchObject({ reminders: 0 });
    now = new Date(turnStart.getTime() + 19 * HOUR);
    // (The sweep may look at the other test's game too: its due time can be an earlier bound, see SetDueOptions.bound.)
    expect(await server.sweep()).toMatchObject({ reminders: 1 });
    now = new Date(turnStart.getTime() + 20 * HOUR);
    await server.sweep();
    expect(hooksWith(/Time is running out/)).toHaveLength(1);
    expect(JSON.parse(hooksWith(/Time is running out/)[0]!.body.toString()).content).toMatch(/About 5 hours left/);

    // Past the deadline: the seat times out; a bot plays safe moves for it and Ana goes on.
    now = new Date(turnStart.getTime() + 24 * HOUR + 60_000);
    await server.sweep();
    const after = await a.request<StateFrame>({ action: 'subscribe', gameId });
    expect(after.version).toBeGreaterThan(waiting.version + 1);
    expect(after.log.join('\n')).toMatch(/Bruno ran out of time; a bot plays safe moves for them/);
    await server.notified();
    expect(hooksWith(/Your time ran out/)).toHaveLength(1);

    // Ana keeps playing; the bot answers every turn of Bruno's at once.
    const later = await anaPlaysUntilBruno(a, gameId, brunoSeat, 20);
    expect(later.status).toBe('active');
    expect(later.activeSeats).not.toContain(brunoSeat);
    expect(later.version).toBeGreaterThan(after.version + 20);

    // Bruno comes back, resumes his seat and finishes the game with Ana.
    b = await Client.connect(server.wsUrl, brunoPlayer);
    expect(await b.request({ action: 'resume', gameId })).toMatchObject({ type: 'done', gameId });
    await b.request({ action: 'subscribe', gameId });
    await a.request({ action: 'subscribe', gameId });
    await playToEnd([a, b], gameId, 9);
    const last = b.latest(gameId)!;
    expect(last.status).toBe('finished');
    expect(last.log.join('\n')).toMatch(/Bruno is back/);
    expect(last.outcome).toMatchObject({ winners: expect.any(Array) });
    // A finished game needs no more sweeping but once, for its compaction (see compaction.unit.test.ts). Its due
    // time may still be an earlier bound (a turn's reminder, left by the moves after it): the sweep's look then moves it.
    await server.notified();
    const ended = now;
    const dues = async () =>
      (await server.stores.schedule.dueClocks(new Date('2100-01-01T00:00:00Z'))).due.filter((d) => d.gameId === gameId).map((d) => d.due);
    const bound = await dues();
    expect(bound).toHaveLength(1);
    expect(bound[0]!.getTime()).toBeLessThanOrEqual(ended.getTime() + COMPACT_AFTER_MS);
    now = bound[0]!;
    expect(await server.sweep()).toMatchObject({ reminders: 0 });
    expect(await dues()).toEqual([new Date(ended.getTime() + COMPACT_AFTER_MS)]);
    await Promise.all([a.close(), b.close()]);
  });

  it('let the present players vote to end a game after a time-out', async () => {
    const [ana, brunoPlayer] = await Promise.all([register(server.url, 'Alma'), register(server.url, 'Bento')]);
    const a = await Client.connect(server.wsUrl, ana);
    const b = await Client.connect(server.wsUrl, brunoPlayer);
    const { gameId, brunoSeat } = await clockedGame(a, b);
    // No vote before anyone has run out of time.
    expect(await a.request({ action: 'voteEnd', gameId })).toMatchObject({ type: 'error', code: 'ILLEGAL' });
    await b.close();
    await offline(brunoPlayer);
    await anaPlaysUntilBruno(a, gameId, brunoSeat);
    now = new Date(now.getTime() + 25 * HOUR);
    await server.sweep();
    const done = await a.request<Frame<'done'>>({ action: 'voteEnd', gameId });
    expect(done.type).toBe('done');
    const s = await a.request<StateFrame>({ action: 'subscribe', gameId });
    expect(s.status).toBe('finished');
    expect(s.outcome).toMatchObject({ ended: 'vote' });
    // The rules' state could still move, but the game is over: nothing is legal.
    expect(s.legal).toEqual([]);
    expect(await a.request({ action: 'command', gameId, commandId: 'late', command: { type: 'giveUp' } })).toMatchObject({
      code: 'GAME_OVER',
    });
    await a.close();
  });
});
