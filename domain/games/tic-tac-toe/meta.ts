/** Tic-tac-toe as offered before a game starts (plain data; see ../meta.ts). */
import type { GameMeta } from '../meta';

export const META = {
  id: 'tic-tac-toe',
  title: 'Tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,
  bots: ['random'],
  options: [],
  scoring: 'winner',
} as const satisfies GameMeta;
