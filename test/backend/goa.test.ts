/**
 * Four protocol clients play a whole game of Goa through the local runtime (in-process, on the
 * memory stores; a whole game is too long for the unit tests' budget), choosing from their `legal`
 * lists: every client sees every version in order and the final outcome, and while the game runs no
 * frame shows another seat's ducats, another seat's expedition cards or the order of the deck.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rng } from '../../domain/engine/rng';
import type { GoaState } from '../../domain/games/goa/types';
import type { GoaView } from '../../domain/games/goa/view';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { expectEveryVersionToTheEnd, playToEnd, startGame } from '../support/play';
import { recordsByVersion } from '../support/table';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

/** A plain player: bids low, and takes an action rather than discarding cards. */
function choose(s: StateFrame, rng: Rng): unknown {
  const type = (c: unknown) => (c as { type: string }).type;
  const bids = s.legal.filter((c) => type(c) === 'bid').slice(0, 3);
  if (bids.length || s.legal.some((c) => type(c) === 'pass' && (s.view as GoaView).stage === 'auctions')) {
    const pool = [...bids, s.legal.find((c) => type(c) === 'pass')!];
    return pool[rng.int(pool.length)];
  }
  const pool = s.legal.filter((c) => type(c) !== 'discardCard');
  const list = pool.length ? pool : s.legal;
  return list[rng.int(list.length)];
}

describe('a 4-player game of Goa through the local server', () => {
  it('is played to the end from the legal lists, with money and hands kept secret', async () => {
    const names = ['Ana', 'Bruno', 'Carla', 'Duarte'];
    const { clients, gameId } = await startGame(server, 'goa', names);
    await playToEnd(clients, gameId, 4, Infinity, choose);

    const truth = await recordsByVersion(server.app, gameId);
    let checkedCards = 0;
    for (const c of clients) {
      const last = expectEveryVersionToTheEnd(c, gameId);
      expect((last.outcome as { results: unknown[] }).results).toHaveLength(4);
      for (const frame of c.states(gameId)) {
        const state = truth.get(frame.version)!.state as GoaState | null;
        if (state?.status !== 'playing') continue;
        const view = frame.view as GoaView;
        const text = JSON.stringify(frame);
        expect(text).not.toMatch(/"rng"|"tileDeck"|"deck"/);
        for (const p of view.players) {
          if (p.seat === frame.you) {
            expect(p.ducats).toBe(state.seats[p.seat]!.ducats);
            continue;
          }
          expect(p.ducats).toBeNull();
          expect(p.hand).toBeNull();
          expect(p.handSize).toBe(state.seats[p.seat]!.hand.length);
          for (const card of state.seats[p.seat]!.hand) {
            expect(text).not.toContain(`"${card}"`);
            checkedCards++;
          }
        }
      }
    }
    expect(checkedCards).toBeGreaterThan(100);
    await Promise.all(clients.map((c) => c.close()));
  }, 240_000);
});
