/**
 * The points shown beside every name during a game (a module's `standings`): where nothing a score
 * counts is hidden (Vasco da Gama, Navegador) they are the end's own scores once it ends; Goa's
 * leave out exactly the hidden parts (expedition cards, mission tiles, the most-ducats bonus).
 */
import { describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import type { AnyGameModule, Tagged } from '../../domain/engine/contract';
import { goa } from '../../domain/games/goa';
import { navegador } from '../../domain/games/navegador';
import { vascoDaGama } from '../../domain/games/vasco-da-gama';

/** A random game, its standings checked in every state on the way: a finite number for every seat. */
function played(game: AnyGameModule, players: number, seed: number) {
  return playGame<unknown, Tagged>(game, {
    players,
    seed,
    bots: Array(players).fill(randomBot),
    onCommand: ({ state }) => {
      const points = game.standings!(state);
      expect(points).toHaveLength(players);
      for (const p of points) expect(Number.isInteger(p) && p >= 0).toBe(true);
    },
  });
}

describe('standings', () => {
  for (const game of [vascoDaGama, navegador] as AnyGameModule[])
    it(`${game.id}: at the end, every seat's score`, () => {
      for (const [players, seed] of [
        [2, 11],
        [4, 12],
      ] as const) {
        const { state, outcome } = played(game, players, seed);
        const scores = Array<number>(players);
        for (const r of outcome!.results) scores[r.seat] = r.score;
        expect(game.standings!(state)).toEqual(scores);
      }
    });

  it("goa: at the end, every seat's score but its expedition symbols, missions and money", () => {
    for (const [players, seed] of [
      [2, 21],
      [4, 22],
    ] as const) {
      const { outcome, state } = played(goa as AnyGameModule, players, seed);
      const shown = (goa as AnyGameModule).standings!(state);
      for (const r of outcome!.results) {
        const d = r.details!;
        expect(shown[r.seat]).toBe(r.score - d.symbols! - d.missions! - d.money!);
        expect(shown[r.seat]).toBe(d.rows! + d.colonies! + d.plantations! + d.duty!);
      }
    }
  });
});
