/** The browser UI of each game, with a plain fallback for games that have none yet. */
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
  options?: { key: string; label: string; help: string }[];
  ui: GameUi;
}

export const GAME_INFO: GameInfo[] = [
  { id: 'vasco-da-gama', title: 'Vasco da Gama', players: [2, 4], bots: ['strong', 'heuristic', 'random', 'safe'], ui: vascoDaGamaUi },
  { id: 'navegador', title: 'Navegador', players: [2, 5], bots: ['strong', 'heuristic', 'random', 'safe'], ui: navegadorUi },
  {
    id: 'goa',
    title: 'Goa',
    players: [2, 4],
    bots: ['strong', 'heuristic', 'random', 'safe'],
    options: [
      {
        key: 'variant',
        label: 'Rule variant: a stronger start',
        help: 'Before the game begins, each player in turn takes 10 ducats or moves two of their markers to row 2.',
      },
    ],
    ui: goaUi,
  },
  { id: 'connect-four', title: 'Connect Four', players: [2, 2], bots: ['heuristic', 'random'], ui: connectFourUi },
  { id: 'tic-tac-toe', title: 'Tic-tac-toe', players: [2, 2], bots: ['random'], ui: ticTacToeUi },
];

export const gameInfo = (id: string): GameInfo | undefined => GAME_INFO.find((g) => g.id === id);
export const gameTitle = (id: string): string => gameInfo(id)?.title ?? id;
export const gameUi = (id: string): GameUi => gameInfo(id)?.ui ?? genericUi;
