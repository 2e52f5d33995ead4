/**
 * One seeded bot game for the bots suite: the named bots in their seats, each decision timed,
 * the outcome and the game's length. Run in worker processes (bench/bots/worker.ts).
 */
import { playGame, type Bot } from '../../domain/engine/bots';
import { findBot } from '../../domain/games/bots';
import { findGame } from '../../domain/games';

export interface MatchInput {
  game: string;
  seed: number;
  /** A bot name per seat. */
  seats: string[];
}

export interface MatchResult extends MatchInput {
  scores: number[];
  winners: number[];
  /** Commands played in the game. */
  commands: number;
  /** Decision times in milliseconds, per bot name (only decisions with more than one legal choice). */
  decisionMs: Record<string, number[]>;
}

export function playMatch(input: MatchInput): MatchResult {
  const module = findGame(input.game);
  if (!module) throw new Error(`no game ${input.game}`);
  const decisionMs: Record<string, number[]> = {};
  const bots: Bot[] = input.seats.map((name) => {
    const bot = findBot(input.game, name);
    if (!bot) throw new Error(`${input.game} has no bot ${name}`);
    const times = (decisionMs[name] ??= []);
    return {
      name,
      choose(state, seat, legal, rng) {
        const start = performance.now();
        const c = bot.choose(state, seat, legal, rng);
        if (legal.length > 1) times.push(performance.now() - start);
        return c;
      },
    };
  });
  const played = playGame(module, { players: input.seats.length, seed: input.seed, bots, maxCommands: 20_000 });
  const scores: number[] = [];
  for (const r of played.outcome!.results) scores[r.seat] = r.score;
  return { ...input, scores, winners: [...played.outcome!.winners], commands: played.commands, decisionMs };
}
