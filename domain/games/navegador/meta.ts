/** Navegador as offered before a game starts (plain data; see ../meta.ts). */
import type { GameMeta } from '../meta';

export const META = {
  id: 'navegador',
  title: 'Navegador',
  minPlayers: 2,
  maxPlayers: 5,
  bots: ['safe', 'random', 'heuristic', 'strong'],
  options: [],
  scoring: 'points',
  pointsNote: 'Points if the game ended now: workers, ships at sea, each full 200 cruzados and the five privilege columns.',
} as const satisfies GameMeta;
