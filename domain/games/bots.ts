/**
 * The bots each game offers, strongest last (simulate and seat-fillers default to it). `safe`,
 * where a game has one, plays for a seat whose time ran out.
 */
import { randomBot, type Bot } from '../engine/bots';
import { heuristicBot } from './vasco-da-gama/bot';
import { safeBot } from './vasco-da-gama/safe-bot';
import { heuristicBot as goaHeuristic, safeBot as goaSafe } from './goa/bots';
import { heuristicBot as navegadorHeuristic, safeBot as navegadorSafe } from './navegador/bots';

export const BOTS: Readonly<Record<string, Readonly<Record<string, Bot>>>> = {
  'vasco-da-gama': { safe: safeBot, random: randomBot, heuristic: heuristicBot },
  navegador: { safe: navegadorSafe, random: randomBot, heuristic: navegadorHeuristic },
  goa: { safe: goaSafe, random: randomBot, heuristic: goaHeuristic },
  'tic-tac-toe': { random: randomBot },
};

/** A game's bots by name (own keys only: a name like "constructor" is no game and no bot). */
export function botsOf(game: string): Readonly<Record<string, Bot>> {
  return Object.hasOwn(BOTS, game) ? BOTS[game]! : {};
}

/** A bot of the game by name, if it has one. */
export function findBot(game: string, name: string): Bot | undefined {
  const bots = botsOf(game);
  return Object.hasOwn(bots, name) ? bots[name] : undefined;
}
