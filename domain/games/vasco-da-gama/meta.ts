/** Vasco da Gama as offered before a game starts (plain data; see ../meta.ts). */
import type { GameMeta } from '../meta';

export const META = {
  id: 'vasco-da-gama',
  title: 'Vasco da Gama',
  minPlayers: 2,
  maxPlayers: 4,
  bots: ['safe', 'random', 'heuristic', 'strong'],
  options: [],
  scoring: 'points',
} as const satisfies GameMeta;
