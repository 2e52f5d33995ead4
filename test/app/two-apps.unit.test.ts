/**
 * The composition root builds each service once per app, and two apps in one process share
 * nothing: not their stores, clocks, keys, configuration, caches or metrics. A part that asks
 * for itself is a mistake the root names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { host } from '../../functions/app/games';
import { links, observer } from '../../functions/app/outside';
import type { ServerFrameOf } from '../../functions/core/protocol/frames';
import { METRICS } from '../../functions/observe/metric-names';
import { Client, register } from '../support/client';
import { startInProcessServer, type InProcessServer } from '../support/in-process';

let one: InProcessServer;
let two: InProcessServer;
beforeAll(async () => {
  [one, two] = await Promise.all([
    startInProcessServer({
      dataDir: null,
      now: () => new Date('2026-01-01T00:00:00.000Z'),
      env: { ...process.env, PUBLIC_URL: 'https://one.example' },
    }),
    startInProcessServer({
      dataDir: null,
      now: () => new Date('2027-06-30T12:00:00.000Z'),
      env: { ...process.env, PUBLIC_URL: 'https://two.example' },
    }),
  ]);
});
afterAll(async () => Promise.all([one?.close(), two?.close()]));

describe('two apps in one process', () => {
  it('keep their own games, players, keys, clocks and configuration', async () => {
    const ana = await register(one.url, 'Ana');
    const a = await Client.connect(one.wsUrl, ana);
    const { gameId } = await a.request<ServerFrameOf<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    expect(await a.request({ action: 'gameInfo', gameId })).toMatchObject({ type: 'gameInfo', createdAt: '2026-01-01T00:00:00.000Z' });

    // The other app knows neither the game nor the player, and its keys refuse her token.
    await expect(Client.connect(two.wsUrl, ana)).rejects.toThrow(/401/);
    const bo = await register(two.url, 'Bo');
    const b = await Client.connect(two.wsUrl, bo);
    expect(await b.request({ action: 'gameInfo', gameId })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });

    expect(one.app.get(links).game('g')).toBe('https://one.example/#/game/g');
    expect(two.app.get(links).game('g')).toBe('https://two.example/#/game/g');
    expect(one.app.get(host)).not.toBe(two.app.get(host));
    await Promise.all([a.close(), b.close()]);
  });

  it('count their own metrics', () => {
    one.app.get(observer).count(METRICS.retries, 3);
    expect(one.app.get(observer).counted.get(METRICS.retries)).toBe(3);
    expect(two.app.get(observer).counted.get(METRICS.retries)).toBeUndefined();
  });
});

describe('the composition root', () => {
  const app = (): App => createApp({ config: configFromEnv({}), now: () => new Date(), ids: randomIds });

  it('builds a part once per app, on first use', () => {
    let builds = 0;
    const counter = () => ({ n: ++builds });
    const first = app();
    expect(builds).toBe(0);
    expect(first.get(counter)).toBe(first.get(counter));
    expect(builds).toBe(1);
    expect(app().get(counter)).not.toBe(first.get(counter));
    expect(builds).toBe(2);
  });

  it('names a part that needs itself', () => {
    const a = (x: App): unknown => x.get(b);
    const b = (x: App): unknown => x.get(a);
    expect(() => app().get(a)).toThrow(/the part a depends on itself/);
  });
});
