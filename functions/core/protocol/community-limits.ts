/** The limits of tournaments, groups, follows and vacations: plain numbers (no schema), which the web client imports too. */

/** The most entrants a tournament takes. */
export const TOURNAMENT_CAP_MAX = 1024;
/** The most places its creator may fill with bots (a field of bots alone would play hundreds of games on the server's time). */
export const TOURNAMENT_BOTS_MAX = 31;
/** At most this many standings, tables and entrants in a `tournament` frame (and the asker's own beside them). */
export const TOURNAMENT_LINES_MAX = 100;
/** The most members a group takes (its page reads each member's open games). */
export const GROUP_MEMBERS_MAX = 100;
/** The most players one follows, and blocks. */
export const FOLLOWS_MAX = 200;
/** Vacation days a player may take in a calendar year (UTC). */
export const VACATION_DAYS_PER_YEAR = 21;
