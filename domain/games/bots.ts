/** The bots each game offers, weakest first (simulate, seat-fillers and benchmarks pick from here). */
import { randomBot, type Bot } from '../engine/bots';
import { heuristicBot } from './vasco-da-gama/bot';

export const BOTS: Readonly<Record<string, Readonly<Record<string, Bot>>>> = {
  'vasco-da-gama': { random: randomBot, heuristic: heuristicBot },
  'tic-tac-toe': { random: randomBot },
};
