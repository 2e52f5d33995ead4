/**
 * The heuristic bot against the random bot, over fixed seeds. The figures are measured, asserted
 * with some margin, and printed once so they can be quoted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import { vascoDaGama, type VdgCommand, type VdgEvent, type VdgState } from '../../domain/games/vasco-da-gama';

/** Wraps a bot to check that every choice is one of the legal commands it was given (the same object). */
function checked(bot: Bot<VdgState, VdgCommand>): Bot<VdgState, VdgCommand> {
  return {
    name: bot.name,
    choose(state, seat, legal, rng) {
      const c = bot.choose(state, seat, legal, rng);
      if (!legal.includes(c)) throw new Error(`${bot.name} returned a command not in legal: ${JSON.stringify(c)}`);
      return c;
    },
  };
}

const heuristic = checked(heuristicBot);

interface Tally {
  games: number;
  wins: number;
  heuristicScore: number;
  otherScore: number;
  others: number;
}

/** Plays `seeds` games with one heuristic seat (rotating) and random bots elsewhere. */
function versusRandom(players: number, seeds: number): Tally {
  const t: Tally = { games: 0, wins: 0, heuristicScore: 0, otherScore: 0, others: 0 };
  for (let seed = 1; seed <= seeds; seed++) {
    const seat = seed % players;
    const bots: Bot[] = Array.from({ length: players }, (_, i) => (i === seat ? heuristic : randomBot));
    const { outcome } = playGame(vascoDaGama, { players, seed, bots });
    if (!outcome) throw new Error(`seed ${seed}: no outcome`);
    t.games++;
    if (outcome.winners.includes(seat)) t.wins++;
    for (const r of outcome.results) {
      if (r.seat === seat) t.heuristicScore += r.score;
      else (t.otherScore += r.score), t.others++;
    }
  }
  return t;
}

const figures: string[] = [];
afterAll(() => console.log(`Vasco da Gama bots\n${figures.join('\n')}`));

const avg = (sum: number, n: number) => Math.round((sum / n) * 10) / 10;

describe('Vasco da Gama heuristic bot', () => {
  it('beats the random bot in 2-player games', () => {
    const t = versusRandom(2, 30);
    const rate = t.wins / t.games;
    figures.push(
      `2 players, heuristic vs random, ${t.games} seeds: heuristic wins ${t.wins}/${t.games} (${Math.round(rate * 100)}%), ` +
        `average score ${avg(t.heuristicScore, t.games)} vs ${avg(t.otherScore, t.others)}`,
    );
    expect(rate).toBeGreaterThanOrEqual(0.8);
    expect(t.heuristicScore / t.games).toBeGreaterThan((2 * t.otherScore) / t.others);
  });

  it('wins most 4-player games against three random bots', () => {
    const t = versusRandom(4, 24);
    const rate = t.wins / t.games;
    figures.push(
      `4 players, 1 heuristic + 3 random, ${t.games} seeds (heuristic seat rotating): heuristic wins ${t.wins}/${t.games} ` +
        `(${Math.round(rate * 100)}%), average score ${avg(t.heuristicScore, t.games)} vs ${avg(t.otherScore, t.others)}`,
    );
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
      `${players} players, heuristic only, 4 seeds: average score ${avg(scores.reduce((a, b) => a + b, 0), scores.length)}, ` +
        `${Math.round(ms / 4)} ms a game`,
    );
  });

  it('is deterministic: the same seed gives the same game', () => {
    const play = () =>
      playGame(vascoDaGama, { players: 3, seed: 7, bots: [heuristic, heuristic, randomBot] }).events;
    expect(play()).toEqual(play());
  });
});
