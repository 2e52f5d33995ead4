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
  pointsNote: 'Victory Points so far, with the Reals and the launched ships with a captain that the end would count.',
} as const satisfies GameMeta;
