/**
 * Presence is announced only when the set of online seats changes, coalesced per game: a
 * spectator or a player's second tab announces nothing, and 200 sockets subscribing to one game
 * cost at most 2 presence frames per subscribe (it was one frame to every other watcher, the
 * square of the sockets). The server keeps answering /healthz meanwhile (its latency is
 * measured by `npm run bench -- --suite abuse`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { Client, register, type Player } from '../support/client';
import { inBatches } from '../../bench/measure';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null });
}, 90_000);
afterAll(async () => server?.close());

type Presence = Extract<ServerFrame, { type: 'presence' }>;
const presences = (clients: Client[], gameId: string) =>
  clients.flatMap((c) => c.frames.filter((f): f is Presence => f.type === 'presence' && f.gameId === gameId));

/** A started 4-player Goa game of these players (every seat a person). */
async function goaGame(seated: Player[]): Promise<string> {
  const [first, ...others] = await Promise.all(seated.map((p) => Client.connect(server.wsUrl, p)));
  const { gameId } = await first!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({ action: 'createGame', game: 'goa', players: 4 });
  for (const c of others) expect(await c.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined' });
  await Promise.all([first!, ...others].map((c) => c.close()));
  return gameId;
}

describe('presence', () => {
  it('is announced when a seat comes online or goes offline, not for spectators or second tabs', async () => {
    const players = await Promise.all(['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva'].map((n) => register(server.url, n)));
    const gameId = await goaGame(players.slice(0, 4));
    const [ana, bruno, brunoAgain, eva] = await Promise.all(
      [players[0]!, players[1]!, players[1]!, players[4]!].map((p) => Client.connect(server.wsUrl, p)),
    );
    expect((await ana!.request<StateFrame>({ action: 'subscribe', gameId })).online).toEqual([0]);
    // Bruno's first tab brings seat 1 online: Ana is told once.
    const told = ana!.waitFor((f) => f.type === 'presence');
    expect((await bruno!.request<StateFrame>({ action: 'subscribe', gameId })).online).toEqual([0, 1]);
    expect(await told).toEqual({ type: 'presence', gameId, online: [0, 1] });
    await new Promise((r) => setTimeout(r, 300));
    const sofar = presences([ana!, bruno!, brunoAgain!, eva!], gameId).length;
    // His second tab, and Eva watching, change no seat: nobody is told.
    expect((await brunoAgain!.request<StateFrame>({ action: 'subscribe', gameId })).online).toEqual([0, 1]);
    expect((await eva!.request<StateFrame>({ action: 'subscribe', gameId })).online).toEqual([0, 1]);
    await eva!.close();
    await brunoAgain!.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(presences([ana!, bruno!, brunoAgain!, eva!], gameId)).toHaveLength(sofar);
    // His last tab closing takes seat 1 offline: Ana is told.
    const left = ana!.waitFor((f) => f.type === 'presence');
    await bruno!.close();
    expect(await left).toEqual({ type: 'presence', gameId, online: [0] });
    await ana!.close();
  });

  it('costs at most 2 presence frames per subscribe with 200 sockets on one game', async () => {
    // 4 seated players and 16 spectators, 10 sockets each (the most a player may open).
    const seated = await Promise.all(['S1', 'S2', 'S3', 'S4'].map((n) => register(server.url, n)));
    const spectators = await Promise.all(Array.from({ length: 16 }, (_, i) => register(server.url, `Watcher ${i}`)));
    const gameId = await goaGame(seated);
    const owners = [...seated, ...spectators].flatMap((p) => Array<Player>(10).fill(p));
    // Shuffled, so that the seats come online at different moments.
    for (let i = owners.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [owners[i], owners[j]] = [owners[j]!, owners[i]!];
    }
    const clients = await inBatches(owners.length, 50, (i) => Client.connect(server.wsUrl, owners[i]!));
    let healthChecks = 0;
    let healthy = true;
    let stop = false;
    const probing = (async () => {
      for (let done = false; !done; ) {
        const res = await fetchFrom(`${server.url}/healthz`);
        healthy &&= res.status === 200;
        healthChecks++;
        done = stop;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const states = await inBatches(clients.length, 25, (i) => clients[i]!.request<StateFrame>({ action: 'subscribe', gameId }));
    // Every watcher ends up knowing all four seats are online (the last announcement is coalesced, so it comes a little later).
    const lastKnown = (c: Client) =>
      (c.frames.filter((f) => (f.type === 'presence' || f.type === 'state') && f.gameId === gameId).at(-1) as Presence | StateFrame).online;
    await expect.poll(() => clients.filter((c) => lastKnown(c).length < 4).length, { timeout: 10_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 300)); // anything still on its way counts too
    stop = true;
    await probing;

    expect(states.every((s) => s.type === 'state')).toBe(true);
    for (const c of clients) expect(lastKnown(c)).toEqual([0, 1, 2, 3]);
    expect(presences(clients, gameId).length / clients.length).toBeLessThanOrEqual(2);
    expect(healthy).toBe(true);
    expect(healthChecks).toBeGreaterThan(1);
    await Promise.all(clients.map((c) => c.close()));
  });
});
