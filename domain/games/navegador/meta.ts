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
} as const satisfies GameMeta;
