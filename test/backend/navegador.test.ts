/**
 * Five protocol clients play a whole 5-player game of Navegador through the local runtime
 * (in-process, on the memory stores; a whole game is too long for the unit tests' budget), choosing
 * from their `legal` lists: every client sees every version in order, the final outcome, and never
 * a hidden colony price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rng } from '../../domain/engine/rng';
import type { NavView } from '../../domain/games/navegador/view';
import type { NavState } from '../../domain/games/navegador/types';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { expectEveryVersionToTheEnd, playToEnd, startGame } from '../support/play';
import { recordsByVersion } from '../support/table';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

/** A plain player who likes to build: free rondel moves only, and not always stopping an action at once. */
function choose(s: StateFrame, rng: Rng): unknown {
  const view = s.view as NavView;
  const from = view.players[s.you!]!.position;
  const builds = s.legal.filter((c) => (c as { type: string }).type === 'build');
  if (builds.length) return builds[rng.int(builds.length)];
  const options = s.legal.filter((c) => {
    const cmd = c as { type: string; field?: number };
    if (cmd.type === 'move' && from !== null) return ((cmd.field! - from + 8) % 8 || 8) <= 3;
    return true;
  });
  const toBuildings = options.find(
    (c) => (c as { type: string; field?: number }).type === 'move' && (c as { type: string; field?: number }).field === 7,
  );
  if (toBuildings && rng.int(2) === 0) return toBuildings;
  const pool = options.length > 1 ? options.filter((c) => (c as { type: string }).type !== 'done' || rng.int(4) === 0) : options;
  const list = pool.length ? pool : options;
  return list[rng.int(list.length)];
}

describe('a 5-player game of Navegador through the local server', () => {
  it('is played to the end from the legal lists', async () => {
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva'];
    const { clients, gameId } = await startGame(server, 'navegador', names);
    await playToEnd(clients, gameId, 5, Infinity, choose);

    const truth = await recordsByVersion(server.app, gameId);
    for (const c of clients) {
      const last = expectEveryVersionToTheEnd(c, gameId);
      expect((last.outcome as { results: unknown[] }).results).toHaveLength(5);
      // No frame shows a hidden price: not in an unexplored stack, not among the removed tokens.
      for (const frame of c.states(gameId)) {
        const state = truth.get(frame.version)!.state as NavState | null;
        if (!state) continue;
        const view = frame.view as NavView;
        const hidden = Object.values(state.stacks).flat();
        for (const region of view.regions) if (!region.explored) expect(region.colonies).toEqual([]);
        expect(JSON.stringify(frame.view)).not.toMatch(/"rng"|"stacks"|"removedTokens"/);
        expect(hidden.length + state.removedTokens.length).toBeGreaterThan(0);
      }
    }
    await Promise.all(clients.map((c) => c.close()));
  }, 240_000);
});
