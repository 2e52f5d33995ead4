/**
 * The heuristic bot against the random bot, over fixed seeds. The figures are measured, asserted
 * with some margin, and printed once so they can be quoted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../domain/engine/bots';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import { vascoDaGama, type VdgEvent, type VdgState } from '../../domain/games/vasco-da-gama';
import { avg, checked, describeTally, versusRandom } from '../support/tournament';

const heuristic = checked(heuristicBot);

const figures: string[] = [];
afterAll(() => console.log(`Vasco da Gama bots\n${figures.join('\n')}`));

describe('Vasco da Gama heuristic bot', () => {
  it('beats the random bot in 2-player games', () => {
    const t = versusRandom(vascoDaGama, heuristic, 2, 30);
    const rate = t.wins / t.games;
    figures.push(describeTally('2 players, heuristic vs random', t));
    expect(rate).toBeGreaterThanOrEqual(0.8);
    expect(t.heuristicScore / t.games).toBeGreaterThan((2 * t.otherScore) / t.others);
  });

  it('wins most 4-player games against three random bots', () => {
    const t = versusRandom(vascoDaGama, heuristic, 4, 24);
    const rate = t.wins / t.games;
    figures.push(describeTally('4 players, 1 heuristic + 3 random (seat rotating)', t));
    expect(rate).toBeGreaterThanOrEqual(0.75);
    expect(t.heuristicScore / t.games).toBeGreaterThan(t.otherScore / t.others);
  });

  it.each([2, 3, 4])('finishes heuristic-only games with %i players', (players) => {
    const scores: number[] = [];
    let ms = 0;
    for (let seed = 101; seed <= 104; seed++) {
      const start = performance.now();
      const played = playGame<VdgState, VdgEvent>(vascoDaGama, {
        players,
        seed,
        bots: Array.from({ length: players }, () => heuristic),
      });
      ms += performance.now() - start;
      expect(played.state.phase).toBe('over');
      const outcome = played.outcome!;
      expect(outcome.results).toHaveLength(players);
      expect(outcome.winners.length).toBeGreaterThan(0);
      scores.push(...outcome.results.map((r) => r.score));
    }
    figures.push(
      `${players} players, heuristic only, 4 seeds: average score ${avg(
        scores.reduce((a, b) => a + b, 0),
        scores.length,
      )}, ` + `${Math.round(ms / 4)} ms a game`,
    );
  });

  it('is deterministic: the same seed gives the same game', () => {
    const play = () => playGame(vascoDaGama, { players: 3, seed: 7, bots: [heuristic, heuristic, randomBot] }).events;
    expect(play()).toEqual(play());
  });
});
