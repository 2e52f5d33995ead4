/** Every game Caravela can host, by id and rules version. */
import type { AnyGameModule } from '../engine/contract';
import { connectFour } from './connect-four';
import { goa } from './goa';
import { navegador } from './navegador';
import { ticTacToe } from './tic-tac-toe';
import { vascoDaGama } from './vasco-da-gama';

export const GAMES: readonly AnyGameModule[] = [vascoDaGama, navegador, goa, connectFour, ticTacToe];

/** The module for a game id; with `rulesVersion`, exactly that version (a game keeps the one it started with). */
export function findGame(id: string, rulesVersion?: string): AnyGameModule | undefined {
  return GAMES.find((g) => g.id === id && (rulesVersion === undefined || g.rulesVersion === rulesVersion));
}
