/**
 * Memory per live game and per connection in the local runtime: the server runs in a child
 * process (bench/scale/server.ts); the parent creates games and opens connections, and reads the
 * child's heap after a full collection before and after each step.
 */
import { Client, register } from '../../test/support/client';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { inBatches, round } from '../measure';
import { startServerProcess } from './child';

export async function memorySuite(opts: { games: number; connections: number }) {
  const server = await startServerProcess();
  const { url, wsUrl } = server;
  const measure = () => server.measure();
  try {
    const host = await Client.connect(wsUrl, await register(url, 'Host'));
    const create = async () =>
      (
        await host.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
          action: 'createGame',
          game: 'vasco-da-gama',
          players: 4,
          bots: [1, 2, 3],
        })
      ).gameId;
    await inBatches(5, 5, create); // warm up: modules loaded, caches sized
    const before = await measure();
    const gameIds = await inBatches(opts.games, 10, create);
    const withGames = await measure();
    const clients = await inBatches(opts.connections, 25, async (i) => {
      const c = await Client.connect(wsUrl, await register(url, `Watcher ${i}`));
      await c.request({ action: 'subscribe', gameId: gameIds[i % gameIds.length]! });
      return c;
    });
    const withConnections = await measure();
    await Promise.all([host, ...clients].map((c) => c.close()));
    const perGame = (withGames.heapUsed - before.heapUsed) / opts.games;
    const perConnection = (withConnections.heapUsed - withGames.heapUsed) / opts.connections;
    return {
      description: 'server process heap after a full GC, local runtime; DynamoDB Local (a separate Java process) not included',
      liveGames: opts.games,
      game: 'vasco-da-gama, 4 players (3 bots), started and waiting for its human seat',
      connections: opts.connections,
      heapBytesPerLiveGame: Math.round(perGame),
      heapBytesPerConnection: Math.round(perConnection),
      serverHeapMiBBefore: round(before.heapUsed / 2 ** 20),
      serverHeapMiBAfter: round(withConnections.heapUsed / 2 ** 20),
      serverRssMiBAfter: round(withConnections.rss / 2 ** 20),
    };
  } finally {
    await server.close();
  }
}
