/** Start games and drive protocol clients through them. */
import { expect } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import type { ServerFrame, StateFrame } from '../../functions/core/protocol/frames';
import { Client, register } from './client';

/** How a client picks among its legal commands (default: uniformly at random). */
export type Chooser = (state: StateFrame, rng: Rng) => unknown;
const uniform: Chooser = (s, rng) => s.legal[rng.int(s.legal.length)];

/**
 * Every client acts whenever its latest state says it is active, choosing from `legal` with a
 * seeded generator, until every client has seen the game finish (or `stopAfterAcks` commands
 * were acknowledged).
 */
export function playToEnd(
  clients: Client[],
  gameId: string,
  seed: number,
  stopAfterAcks = Infinity,
  choose: Chooser = uniform,
): Promise<void> {
  const rng = new Rng(seed);
  let commands = 0;
  let acks = 0;
  const busy = new Set<Client>();
  return new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => tick(), 5);
    const finish = (error?: Error) => {
      clearInterval(timer);
      if (error) reject(error);
      else resolve();
    };
    const tick = () => {
      if (acks >= stopAfterAcks && busy.size === 0) return finish();
      if (clients.every((c) => c.latest(gameId)?.status === 'finished')) return finish();
      for (const c of clients) {
        const s = c.latest(gameId);
        if (acks >= stopAfterAcks) break;
        if (!s || busy.has(c) || s.you === null || !s.activeSeats.includes(s.you) || s.legal.length === 0) continue;
        busy.add(c);
        const command = choose(s, rng);
        c.request({ action: 'command', gameId, commandId: `${c.player.name}-${++commands}`, expectedVersion: s.version, command })
          .then((answer) => {
            if (answer.type === 'ack') acks++;
            // CONFLICT: another seat acted on the same version first (simultaneous phases); act on the new state.
            if (answer.type === 'error' && answer.code !== 'CONFLICT')
              finish(new Error(`${c.player.name}: ${answer.code} ${answer.message}`));
          }, finish)
          .finally(() => busy.delete(c));
      }
    };
  });
}

/**
 * Players with these names sign in and connect; the first creates a game for all of them, everyone
 * subscribes, the others join (each must be seated). The game has started when this returns.
 */
export async function startGame(
  server: { url: string; wsUrl: string },
  game: string,
  names: readonly string[],
): Promise<{ clients: Client[]; gameId: string }> {
  const clients = await Promise.all(names.map(async (n) => Client.connect(server.wsUrl, await register(server.url, n))));
  const { gameId } = await clients[0]!.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
    action: 'createGame',
    game,
    players: names.length,
  });
  for (const c of clients) await c.request({ action: 'subscribe', gameId });
  for (const c of clients.slice(1)) {
    const joined = await c.request({ action: 'joinGame', gameId });
    if (joined.type !== 'joined') throw new Error(`${c.player.name} could not join: ${JSON.stringify(joined)}`);
  }
  return { clients, gameId };
}

/** The client saw each version from its subscription on exactly once, in order, up to the finished game; its last state. */
export function expectEveryVersionToTheEnd(c: Client, gameId: string): StateFrame {
  const versions = c.states(gameId).map((s) => s.version);
  expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => versions[0]! + i));
  const last = c.latest(gameId)!;
  expect(last.status).toBe('finished');
  return last;
}
