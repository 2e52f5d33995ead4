/**
 * The bot levels as players meet them: the name a bot's seat carries, what the level does, and
 * how strong it measured. Plain data (the web client imports it without any bot's code).
 */

export interface BotLevel {
  /** The level's name on screens and in a bot seat's name ("Strong bot 2"). */
  readonly name: string;
  /** What it does, in a sentence a player can read. */
  readonly does: string;
}

export const BOT_LEVELS: Readonly<Record<string, BotLevel>> = {
  strong: {
    name: 'Strong',
    does: 'thinks ahead: it plays each promising move out many times with the real rules, guessing only what it cannot see, and takes the one that turned out best (a tenth or two of a second a move)',
  },
  heuristic: { name: 'Standard', does: 'weighs every legal move by what it earns at once and plays the best one' },
  random: { name: 'Random', does: 'picks any legal move at random; easy to beat, good for learning the rules' },
  safe: { name: 'Cautious', does: 'makes simple moves that never gamble; it is also the bot that plays for a player whose time ran out' },
};

/** A level's measured strength against another level, a tie for first counting half a win. */
export interface Strength {
  readonly against: string;
  /** 2-player games, seats alternating, and the share it won. */
  readonly games: number;
  readonly winRate: number;
  /** 4-player games against three of `against`, its seat rotating, and the share it won. */
  readonly fourPlayer?: { readonly games: number; readonly winRate: number };
}

/**
 * From `npm run bench -- --suite bots --games 100` on the reference machine (2 cores);
 * docs/performance.md has the run.
 */
export const MEASURED: Readonly<Record<string, Readonly<Record<string, Strength>>>> = {
  'vasco-da-gama': {
    strong: { against: 'heuristic', games: 100, winRate: 0.96, fourPlayer: { games: 50, winRate: 0.94 } },
  },
  navegador: {
    strong: { against: 'heuristic', games: 100, winRate: 0.81, fourPlayer: { games: 50, winRate: 0.44 } },
    heuristic: { against: 'random', games: 100, winRate: 1 },
  },
  goa: {
    strong: { against: 'heuristic', games: 100, winRate: 0.69, fourPlayer: { games: 50, winRate: 0.48 } },
    heuristic: { against: 'random', games: 100, winRate: 1 },
  },
};

export const levelName = (bot: string): string => BOT_LEVELS[bot]?.name ?? bot.charAt(0).toUpperCase() + bot.slice(1);

const percent = (x: number) => `${Math.round(x * 100)} %`;

/** The sentence that explains a level of a game, with its measured strength when there is one. */
export function explainLevel(game: string, bot: string): string {
  const level = BOT_LEVELS[bot];
  if (!level) return '';
  const m = MEASURED[game]?.[bot];
  if (!m) return `${level.name}: ${level.does}.`;
  const against = levelName(m.against);
  const four = m.fourPlayer
    ? ` and ${percent(m.fourPlayer.winRate)} of ${m.fourPlayer.games} four-player games against three ${against} bots`
    : '';
  return `${level.name}: ${level.does}. In test games it won ${percent(m.winRate)} of ${m.games} two-player games against the ${against} bot${four}.`;
}
