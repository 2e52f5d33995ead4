/** Drive protocol clients through a whole game. */
import { Rng } from '../../domain/engine/rng';
import type { StateFrame } from '../../functions/protocol/frames';
import type { Client } from './client';

/** How a client picks among its legal commands (default: uniformly at random). */
export type Chooser = (state: StateFrame, rng: Rng) => unknown;
const uniform: Chooser = (s, rng) => s.legal[rng.int(s.legal.length)];

/**
 * Every client acts whenever its latest state says it is active, choosing from `legal` with a
 * seeded generator, until every client has seen the game finish (or `stopAfterAcks` commands
 * were acknowledged).
 */
export function playToEnd(clients: Client[], gameId: string, seed: number, stopAfterAcks = Infinity, choose: Chooser = uniform): Promise<void> {
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
            if (answer.type === 'error' && answer.code !== 'CONFLICT') finish(new Error(`${c.player.name}: ${answer.code} ${answer.message}`));
          }, finish)
          .finally(() => busy.delete(c));
      }
    };
  });
}

