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
    does: 'thinks ahead: it plays each promising move out many times with the real rules, guessing only what it cannot see, and takes the one that turned out best (a few tenths of a second a move)',
  },
  heuristic: { name: 'Standard', does: 'weighs every legal move by what it earns at once and plays the best one' },
  random: { name: 'Random', does: 'picks any legal move at random; easy to beat, good for learning the rules' },
  safe: { name: 'Cautious', does: 'makes simple moves that never gamble; it is also the bot that plays for a player whose time ran out' },
};

/** A level's measured strength: the share of 2-player games it won against another level. */
export interface Strength {
  readonly against: string;
  readonly games: number;
  /** Wins over games, a tie for first counting half. */
  readonly winRate: number;
}

/**
 * From `npm run bench -- --suite bots` (100 seeded 2-player games per pairing, seats alternating),
 * on the reference machine; docs/performance.md has the run.
 */
export const MEASURED: Readonly<Record<string, Readonly<Record<string, Strength>>>> = {};

export const levelName = (bot: string): string => BOT_LEVELS[bot]?.name ?? bot.charAt(0).toUpperCase() + bot.slice(1);

/** The sentence that explains a level of a game, with its measured strength when there is one. */
export function explainLevel(game: string, bot: string): string {
  const level = BOT_LEVELS[bot];
  if (!level) return '';
  const m = MEASURED[game]?.[bot];
  const measured = m ? ` In ${m.games} two-player test games it won ${Math.round(m.winRate * 100)} % against ${levelName(m.against)}.` : '';
  return `${level.name}: ${level.does}.${measured}`;
}
