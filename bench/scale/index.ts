/** Scale suite: memory per live game and per connection; load time of a 10,000-event game. */
import { longGameSuite } from './long-game';
import { memorySuite } from './memory';

export async function scaleSuite(opts: { quick?: boolean } = {}) {
  return {
    memory: await memorySuite(opts.quick ? { games: 50, connections: 100 } : { games: 200, connections: 500 }),
    longGame: await longGameSuite({ events: 10_000, runs: opts.quick ? 3 : 7 }),
  };
}
