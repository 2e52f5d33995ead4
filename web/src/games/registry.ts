/** The browser UI of each game, with a plain fallback for games that have none yet. */
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
  ui: GameUi;
}

export const GAME_INFO: GameInfo[] = [
  { id: 'vasco-da-gama', title: 'Vasco da Gama', players: [2, 4], bots: ['heuristic', 'random', 'safe'], ui: vascoDaGamaUi },
  { id: 'navegador', title: 'Navegador', players: [2, 5], bots: ['heuristic', 'random', 'safe'], ui: navegadorUi },
  { id: 'goa', title: 'Goa', players: [2, 4], bots: ['heuristic', 'random', 'safe'], ui: goaUi },
  { id: 'tic-tac-toe', title: 'Tic-tac-toe', players: [2, 2], bots: ['random'], ui: ticTacToeUi },
];

export const gameInfo = (id: string): GameInfo | undefined => GAME_INFO.find((g) => g.id === id);
export const gameTitle = (id: string): string => gameInfo(id)?.title ?? id;
export const gameUi = (id: string): GameUi => gameInfo(id)?.ui ?? genericUi;
