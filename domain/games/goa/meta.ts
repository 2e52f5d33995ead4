/** Goa as offered before a game starts (plain data; see ../meta.ts). */
import type { GameMeta } from '../meta';

export const META = {
  id: 'goa',
  title: 'Goa',
  minPlayers: 2,
  maxPlayers: 4,
  bots: ['safe', 'random', 'heuristic', 'strong'],
  options: [
    {
      key: 'variant',
      label: 'Rule variant: a stronger start',
      help: 'Before the game begins, each player in turn takes 10 ducats or moves two of their markers to row 2.',
    },
  ],
  scoring: 'points',
  pointsNote:
    'Points everyone can see: development rows, colonies, single plantations and Duty. Expedition cards, mission tiles and the most-ducats bonus stay hidden until the end.',
} as const satisfies GameMeta;
