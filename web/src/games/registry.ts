/**
 * The games the client offers and the browser UI of each, with a plain fallback for games that
 * have none yet. Titles, seat counts, bot levels and options come from the domain's plain-data
 * descriptors (domain/games/meta.ts), which carry no rules or bot code.
 */
import { GAME_META, type GameOption } from '../../../domain/games/meta';
import { connectFourUi } from './connect-four';
import { genericUi } from './generic';
import { goaUi } from './goa';
import { navegadorUi } from './navegador';
import { ticTacToeUi } from './tic-tac-toe';
import type { GameUi } from './ui';
import { vascoDaGamaUi } from './vasco-da-gama';

export interface GameInfo {
  id: string;
  title: string;
  players: [number, number];
  /** Bots offered as seat fillers, strongest first. */
  bots: string[];
  /** Yes/no game options offered when creating a game (keys of the module's options). */
  options: readonly GameOption[];
  /** Whether a finished game is told in points or only by who won. */
  scoring: 'points' | 'winner';
  /** What the points shown during a game count (games whose frames carry `points`). */
  pointsNote?: string;
  ui: GameUi;
}

const UIS: Readonly<Record<string, GameUi>> = {
  'vasco-da-gama': vascoDaGamaUi,
  navegador: navegadorUi,
  goa: goaUi,
  'connect-four': connectFourUi,
  'tic-tac-toe': ticTacToeUi,
};

export const GAME_INFO: GameInfo[] = GAME_META.map((m) => ({
  id: m.id,
  title: m.title,
  players: [m.minPlayers, m.maxPlayers],
  bots: [...m.bots].reverse(),
  options: m.options,
  scoring: m.scoring,
  ...('pointsNote' in m ? { pointsNote: m.pointsNote } : {}),
  ui: UIS[m.id] ?? genericUi,
}));

export const gameInfo = (id: string): GameInfo | undefined => GAME_INFO.find((g) => g.id === id);
export const gameTitle = (id: string): string => gameInfo(id)?.title ?? id;
export const gameScoring = (id: string): 'points' | 'winner' => gameInfo(id)?.scoring ?? 'points';
export const gameUi = (id: string): GameUi => gameInfo(id)?.ui ?? genericUi;
