/**
 * Navegador bots: the heuristic against random bots over fixed seeds (figures printed once so
 * they can be quoted), heuristic-only games, and the safe bot that plays for an absent seat.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { navegador, type NavEvent, type NavState } from '../../domain/games/navegador';
import { heuristicBot, safeBot } from '../../domain/games/navegador/bots';
import { cloneState } from '../../domain/games/navegador/clone';
import { deepCopy } from '../../domain/engine/copy';
import { avg, checked, describeTally, versusRandom } from '../support/tournament';

const heuristic = checked(heuristicBot);
const figures: string[] = [];
afterAll(() => console.log(`Navegador bots\n${figures.join('\n')}`));

describe('Navegador heuristic bot', () => {
  it('beats the random bot in 2-player games', () => {
    const t = versusRandom(navegador, heuristic, 2, 10);
    figures.push(describeTally('2 players, heuristic vs random', t));
    expect(t.wins / t.games).toBeGreaterThanOrEqual(0.9);
    expect(t.heuristicScore / t.games).toBeGreaterThan((2 * t.otherScore) / t.others);
  });

  it('wins most 4-player games against three random bots', () => {
    const t = versusRandom(navegador, heuristic, 4, 8);
    figures.push(describeTally('4 players, 1 heuristic + 3 random (seat rotating)', t));
    expect(t.wins / t.games).toBeGreaterThanOrEqual(0.75);
  });

  it('finishes heuristic-only games with 3 and 5 players, and the same seed gives the same game', () => {
    for (const players of [3, 5]) {
      const start = performance.now();
      const played = playGame<NavState, NavEvent>(navegador, { players, seed: 11, bots: Array.from({ length: players }, () => heuristic) });
      expect(played.state.status).toBe('over');
      expect(played.outcome!.winners.length).toBeGreaterThan(0);
      const scores = played.outcome!.results.map((r) => r.score);
      figures.push(
        `${players} players, heuristic only: average score ${avg(
          scores.reduce((a, b) => a + b, 0),
          scores.length,
        )}, ${Math.round(performance.now() - start)} ms`,
      );
    }
    const again = () => playGame(navegador, { players: 3, seed: 7, bots: [heuristic, randomBot, heuristic] }).events;
    expect(again()).toEqual(again());
  });

  it("the bots' fast state copy equals the generic deep copy and shares no object with the original", () => {
    const objects = (v: unknown, into = new Set<object>()): Set<object> => {
      if (v && typeof v === 'object') {
        into.add(v);
        for (const x of Object.values(v)) objects(x, into);
      }
      return into;
    };
    let checkedStates = 0;
    playGame<NavState, NavEvent>(navegador, {
      players: 4,
      seed: 9,
      bots: Array(4).fill(randomBot),
      onCommand: ({ state }) => {
        const s = state as NavState;
        const copy = cloneState(s);
        expect(copy).toEqual(deepCopy(s));
        const original = objects(s);
        for (const o of objects(copy)) expect(original.has(o)).toBe(false);
        checkedStates++;
      },
    });
    expect(checkedStates).toBeGreaterThan(100);
  });

  it('the safe bot finishes a game for absent seats', () => {
    const played = playGame<NavState, NavEvent>(navegador, { players: 3, seed: 5, bots: [checked(safeBot), randomBot, checked(safeBot)] });
    expect(played.outcome).not.toBeNull();
  });
});
