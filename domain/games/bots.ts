/**
 * The bots each game offers, weakest first. `safe`, where a game has one, plays for a seat whose
 * time ran out; `strong` searches with the real rules (up to about 0.3 s of work per decision).
 */
import { randomBot, type Bot } from '../engine/bots';
import { heuristicBot as connectFourHeuristic } from './connect-four/bot';
import { heuristicBot } from './vasco-da-gama/bot';
import { safeBot } from './vasco-da-gama/safe-bot';
import { strongBot } from './vasco-da-gama/strong-bot';
import { heuristicBot as goaHeuristic, safeBot as goaSafe } from './goa/bots';
import { strongBot as goaStrong } from './goa/strong';
import { heuristicBot as navegadorHeuristic, safeBot as navegadorSafe } from './navegador/bots';
import { strongBot as navegadorStrong } from './navegador/strong';

export const BOTS: Readonly<Record<string, Readonly<Record<string, Bot>>>> = {
  'vasco-da-gama': { safe: safeBot, random: randomBot, heuristic: heuristicBot, strong: strongBot },
  navegador: { safe: navegadorSafe, random: randomBot, heuristic: navegadorHeuristic, strong: navegadorStrong() },
  goa: { safe: goaSafe, random: randomBot, heuristic: goaHeuristic, strong: goaStrong },
  'connect-four': { random: randomBot, heuristic: connectFourHeuristic },
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

/**
 * The bot a seat filler uses when none is named: the heuristic, which answers at once (a request
 * may play many bot moves in a row); a game without one gets its last-listed bot.
 */
export function defaultBot(game: string): string | undefined {
  const bots = botsOf(game);
  return Object.hasOwn(bots, 'heuristic') ? 'heuristic' : Object.keys(bots).at(-1);
}
