/** Connect Four as offered before a game starts (plain data; see ../meta.ts). */
import type { GameMeta } from '../meta';

export const META = {
  id: 'connect-four',
  title: 'Connect Four',
  minPlayers: 2,
  maxPlayers: 2,
  bots: ['random', 'heuristic'],
  options: [],
  scoring: 'winner',
} as const satisfies GameMeta;
