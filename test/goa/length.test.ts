/**
 * Every bot mix finishes Goa games, none much longer than the rules make a game.
 *
 * The expected length, from the rules. A game is always 2 parts of 4 rounds. A round with P
 * players and P + 1 auction markers asks for:
 *   - marker placement: the flag and markers 2 … P + 1, one command each         P + 1
 *   - auctions: P + 1 lots, each seat bids or passes once on each               (P + 1) · P
 *   - action turns: 3 per player, and about 2 additional actions a round:       3P + 2 turns
 *     additional action cards come with the flag (1 a round), the Additional actions and
 *     Settlement tiles (2 + 1 in each part) and the all-markers bonuses, so about 16 a game;
 *     playing one is a command of its own                                         + 2
 *   - per turn, about 2.5 commands: the action; ending the turn (it ends by itself only with an
 *     empty hand or a card played, and players hold expedition cards for their symbols); and
 *     the steps an action opens — a harvest puts its spices one at a time where more than one
 *     field is free (about a sixth of the actions, 2–3 spices each), a card or tile now and then.
 * So E(P) = 8 · ((P + 1)² + 2.5 · (3P + 2) + 2) commands: 248, 364 and 496 for 2, 3 and 4
 * players. Each game must end after exactly 8 rounds and within 1.5 · E(P) commands.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import { goa, type GoaEvent, type GoaState } from '../../domain/games/goa';
import { heuristicBot, safeBot } from '../../domain/games/goa/bots';

const GAMES = 50;
const expected = (players: number) => 8 * ((players + 1) ** 2 + 2.5 * (3 * players + 2) + 2);

/** Seat i plays pattern[i mod pattern length]. */
const MIXES: Record<string, readonly Bot[]> = {
  'all safe': [safeBot],
  'all random': [randomBot],
  'all heuristic': [heuristicBot],
  'heuristic/random': [heuristicBot, randomBot],
  'heuristic/safe': [heuristicBot, safeBot],
};

const lines: string[] = [];
afterAll(() =>
  console.log(`Goa game lengths in commands (min/p50/p90/max over ${GAMES} seeds; limit 1.5 × expected)\n${lines.join('\n')}`),
);

const at = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

describe('Goa bot games end within 1.5 × the length the rules imply', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: every mix of safe, random and heuristic bots ends after 8 rounds, within ${1.5 * expected(players)} commands`, () => {
      const limit = 1.5 * expected(players);
      for (const [mix, pattern] of Object.entries(MIXES)) {
        const lengths: number[] = [];
        for (let i = 0; i < GAMES; i++) {
          const seed = 7000 + 100 * players + i;
          const bots = Array.from({ length: players }, (_, s) => pattern[s % pattern.length]!);
          const g = playGame<GoaState, GoaEvent>(goa, { players, seed, bots, maxCommands: Math.ceil(limit) });
          expect(g.outcome, `${mix}, seed ${seed}`).not.toBeNull();
          expect(g.events.filter((e) => e.type === 'RoundEnded')).toHaveLength(8);
          lengths.push(g.commands);
        }
        lengths.sort((a, b) => a - b);
        lines.push(
          `${players} players, ${mix.padEnd(16)} ${lengths[0]}/${at(lengths, 0.5)}/${at(lengths, 0.9)}/${lengths.at(-1)} (expected ${expected(players)})`,
        );
        expect(lengths.at(-1)!).toBeLessThanOrEqual(limit);
      }
    }, 120_000);
  }
});
