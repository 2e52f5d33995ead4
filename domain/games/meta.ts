/**
 * What a player is offered of each game before it starts, as plain data: its id, title, seat
 * counts, bot levels and yes/no options. Each game keeps its own in `<game>/meta.ts`; the game
 * module reads its `id`, `title`, `minPlayers` and `maxPlayers` from there, `bots.ts` must have
 * exactly the listed bots in the listed order (test/engine/meta.test.ts), and the web client's
 * registry (web/src/games/registry.ts) imports this file without any rules or bot code.
 */
import { META as connectFour } from './connect-four/meta';
import { META as goa } from './goa/meta';
import { META as navegador } from './navegador/meta';
import { META as ticTacToe } from './tic-tac-toe/meta';
import { META as vascoDaGama } from './vasco-da-gama/meta';

/** A yes/no option offered when creating a game: a boolean key of the module's `optionsSchema`, in words. */
export interface GameOption {
  readonly key: string;
  /** The checkbox's label. */
  readonly label: string;
  /** One sentence under it. */
  readonly help: string;
}

export interface GameMeta {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The bot levels that can fill a seat (keys of `BOT_LEVELS` in bot-levels.ts), weakest first. */
  readonly bots: readonly string[];
  /** The yes/no options offered at creation, in the order shown. */
  readonly options: readonly GameOption[];
  /**
   * How the end is told: `points` when the outcome's scores are points the players count, `winner`
   * when the score only says who won (the engine's `winnerOutcome`: 1 for the winner, all ranked 1 in a draw).
   */
  readonly scoring: 'points' | 'winner';
  /** With `standings` in the module: what the points shown during the game count, in a sentence. */
  readonly pointsNote?: string;
}

/** Every game, in the order of `GAMES` (domain/games/index.ts) and of the new-game screen. */
export const GAME_META: readonly GameMeta[] = [vascoDaGama, navegador, goa, connectFour, ticTacToe];
