/**
 * A finished game is compacted by the sweep a day and an hour after its end (COMPACT_AFTER_MS;
 * functions/adapters/store/archive.ts): its commits go into one archive item, and its hot commits
 * and snapshots but the last go. Every read of it answers as before, also with nothing cached:
 * state frames (a player's, a spectator's, a few log lines), the replay, the player's games, the
 * game's info, the player's rating from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host } from '../../functions/app/games';
import { COMPACT_AFTER_MS } from '../../functions/core/clock-due';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { Client, register } from '../support/client';
import { fetchFrom, startInProcessServer, type InProcessServer } from '../support/in-process';
import { playToEnd } from '../support/play';

let server: InProcessServer;
let now = new Date('2026-11-21T12:00:00.000Z');
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, now: () => now, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

const MINUTE = 60_000;

describe('compaction of a finished game', () => {
  it('happens once its grace has passed, and every read answers as before', async () => {
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const [a, b] = await Promise.all([Client.connect(server.wsUrl, ana), Client.connect(server.wsUrl, bruno)]);
    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'vasco-da-gama',
      players: 3,
      bots: [1, 2],
      // Listed: the game is rated, and its rating is among the reads.
      listed: true,
    });
    await a.request({ action: 'subscribe', gameId });
    await playToEnd([a], gameId, 3);
    const final = a.latest(gameId)!;
    expect(final.status).toBe('finished');
    await server.notified();
    const ended = now;

    /** Every read of the game, as its player and a spectator make them (request ids left out). */
    const reads = async () => {
      const ask = async (client: Client, frame: Record<string, unknown>) => {
        const { requestId, ...answer } = await client.request<ServerFrame & { requestId?: string }>(frame);
        return answer;
      };
      const replay = await fetchFrom(`${server.url}/api/games/${gameId}/replay`, { headers: { authorization: `Bearer ${bruno.token}` } });
      return {
        state: await ask(a, { action: 'subscribe', gameId }),
        lastLines: await ask(a, { action: 'subscribe', gameId, logLines: 3 }),
        spectator: await ask(b, { action: 'subscribe', gameId }),
        replay: { status: replay.status, body: await replay.json() },
        games: await ask(a, { action: 'myGames' }),
        info: await ask(a, { action: 'gameInfo', gameId }),
        profile: await ask(b, { action: 'profile', playerId: ana.playerId }),
      };
    };
    const before = await reads();
    expect((before.state as StateFrame).version).toBe(final.version);
    expect((before.replay.body as { commits: unknown[] }).commits).toHaveLength(final.version);
    expect(JSON.stringify(before.profile)).toContain(gameId);
    const store = server.stores.games;
    expect(store.items(gameId)).toHaveLength(final.version);

    // Within the grace nothing changes; once it has passed, one sweep compacts the game.
    now = new Date(ended.getTime() + COMPACT_AFTER_MS - MINUTE);
    await server.sweep();
    expect(store.items(gameId)).toHaveLength(final.version);
    expect(store.archiveItems(gameId)).toEqual([]);
    now = new Date(ended.getTime() + COMPACT_AFTER_MS + MINUTE);
    expect(await server.sweep()).toMatchObject({ games: 1, failures: 0 });
    expect(store.items(gameId).map((i) => i.version)).toEqual([final.version]);
    expect(store.archiveItems(gameId)).toHaveLength(1);
    expect(store.snapshotVersions(gameId)).toEqual([final.version]);

    // Read as before: from this process's cache, and from the store alone.
    expect(await reads()).toEqual(before);
    server.app.get(host).games.forget(gameId);
    expect(await reads()).toEqual(before);

    // Never due again.
    const due = await server.stores.schedule.dueClocks(new Date('2100-01-01T00:00:00Z'));
    expect(due.due.some((d) => d.gameId === gameId)).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });
});
