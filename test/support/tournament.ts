/** Bot matches for the bot tests: a heuristic seat (rotating) against random bots, over fixed seeds. */
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import type { AnyGameModule } from '../../domain/engine/contract';

/** Wraps a bot to check that every choice is one of the legal commands it was given (the same object). */
export function checked<B extends Bot>(bot: B): B {
  return {
    ...bot,
    choose(state, seat, legal, rng) {
      const c = bot.choose(state, seat, legal, rng);
      if (!legal.includes(c)) throw new Error(`${bot.name} returned a command not in legal: ${JSON.stringify(c)}`);
      return c;
    },
  };
}

export interface Tally {
  games: number;
  wins: number;
  heuristicScore: number;
  otherScore: number;
  others: number;
}

/** Plays `seeds` games with one `bot` seat (rotating) and random bots elsewhere. */
export function versusRandom(game: AnyGameModule, bot: Bot, players: number, seeds: number, firstSeed = 1): Tally {
  const t: Tally = { games: 0, wins: 0, heuristicScore: 0, otherScore: 0, others: 0 };
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const seat = seed % players;
    const bots: Bot[] = Array.from({ length: players }, (_, i) => (i === seat ? bot : randomBot));
    const { outcome } = playGame(game, { players, seed, bots });
    if (!outcome) throw new Error(`seed ${seed}: no outcome`);
    t.games++;
    if (outcome.winners.includes(seat)) t.wins++;
    for (const r of outcome.results) {
      if (r.seat === seat) t.heuristicScore += r.score;
      else {
        t.otherScore += r.score;
        t.others++;
      }
    }
  }
  return t;
}

export const avg = (sum: number, n: number) => Math.round((sum / n) * 10) / 10;

/** One line for the printed figures. */
export const describeTally = (label: string, t: Tally) =>
  `${label}, ${t.games} seeds: heuristic wins ${t.wins}/${t.games} (${Math.round((t.wins / t.games) * 100)}%), ` +
  `average score ${avg(t.heuristicScore, t.games)} vs ${avg(t.otherScore, t.others)}`;
