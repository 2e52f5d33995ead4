/**
 * Every game the non-searching bots play ends, within 1.5× the length the rules imply.
 *
 * The expected length, in commands (what a seat sends; the unit a bot could drag out):
 * - The game lasts 5 rounds, always; every round is Phase 1, 2 and 3 in that order.
 * - Phase 1: each player places his 4 Action Discs, one command each; the Manuel I holder places
 *   his Additional Action Disc too (one seat at most): 4P + 1 placements a round.
 * - Phase 2: each placed Sequence Number is called once, and its owner performs the action or
 *   gives it up. Giving up, taking Vasco da Gama's money, hosting a character, buying projects,
 *   a captain alone are one command; recruiting is two (the section, then the sailors); an
 *   expedition is the landing, one command a ship, and its end. Hosting Sernigi or Manuel I adds
 *   the merchant ship or the extra disc; every project bought is launched later (one command),
 *   a Natal or Terra de Boa Gente ship adds its bonus choice. We count an action as 2 commands
 *   on average, so a disc costs 3 commands: its placement and its action.
 * - Phase 3: the merchant ship, if not sent in Phase 2: one command a round.
 * - Before round 1, the Sernigi holder sends the merchant ship dealt to him: one command; after
 *   round 5, each player finishes: P commands.
 * Expected commands for P players: 1 + 5 × (3 × (4P + 1) + 1) + P — 143 for 2 players, 204 for
 * 3, 265 for 4; a game must stay within 1.5× that.
 *
 * Mixes of the bots that answer at once: all safe, all random, all heuristic, heuristic and random
 * alternating, heuristic and safe alternating; 50 seeded games each for 2, 3 and 4 players. The
 * distribution of lengths (min/p50/p90/max) is printed once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot } from '../../domain/engine/bots';
import { heuristicBot } from '../../domain/games/vasco-da-gama/bot';
import { DATA } from '../../domain/games/vasco-da-gama/data';
import type { VdgEvent } from '../../domain/games/vasco-da-gama/events';
import { safeBot } from '../../domain/games/vasco-da-gama/safe-bot';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { game } from './fixtures';

const GAMES = 50;
const ROUNDS = DATA.rounds.value;
const DISCS = DATA.actionDiscs.value;

/** Commands the rules imply for a game of `players` (see the header). */
const expectedCommands = (players: number): number => 1 + ROUNDS * (3 * (DISCS * players + 1) + 1) + players;

const MIXES: Record<string, (seat: number) => Bot> = {
  'all safe': () => safeBot,
  'all random': () => randomBot,
  'all heuristic': () => heuristicBot,
  'heuristic/random': (seat) => (seat % 2 ? randomBot : heuristicBot),
  'heuristic/safe': (seat) => (seat % 2 ? safeBot : heuristicBot),
};

const lines: string[] = [];
afterAll(() => console.log(`Vasco da Gama game lengths in commands, ${GAMES} games each\n${lines.join('\n')}`));

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

describe('Vasco da Gama game length with the non-searching bots', () => {
  it('derives 143, 204 and 265 expected commands for 2, 3 and 4 players', () => {
    expect([2, 3, 4].map(expectedCommands)).toEqual([143, 204, 265]);
  });

  for (const players of [2, 3, 4])
    for (const [mix, botFor] of Object.entries(MIXES))
      it(`${players} players, ${mix}: every game ends after round ${ROUNDS} within 1.5× the expected length`, () => {
        const limit = 1.5 * expectedCommands(players);
        const lengths: number[] = [];
        for (let i = 0; i < GAMES; i++) {
          const played = playGame<VdgState, VdgEvent>(game, {
            players,
            seed: 7000 + 100 * players + i,
            bots: Array.from({ length: players }, (_, seat) => botFor(seat)),
            maxCommands: Math.ceil(limit),
          });
          expect(played.state.phase).toBe('over');
          expect(played.state.round).toBe(ROUNDS);
          expect(played.commands).toBeLessThanOrEqual(limit);
          lengths.push(played.commands);
        }
        lengths.sort((a, b) => a - b);
        lines.push(
          `${players} players, ${mix.padEnd(16)} min ${lengths[0]}, p50 ${at(lengths, 0.5)}, p90 ${at(lengths, 0.9)}, max ${lengths.at(-1)} ` +
            `(expected ${expectedCommands(players)}, limit ${Math.floor(limit)})`,
        );
      });
});
