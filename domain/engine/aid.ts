/**
 * A game's player aid: how a turn goes, each action, the end and scoring, in the rulebook's words,
 * each section naming where the rulebook says it. Plain data (domain/games/<game>/aid.ts); numbers
 * in it come from the game's data module, so a corrected value shows in the aid too.
 */

/** A game's player aid: how a turn goes, each action, the end and scoring, in the rulebook's words, each section naming where the rulebook says it. */
export interface AidSection {
  title: string;
  /** the rulebook's section heading or page, e.g. "4. Actions — Recruiting" */
  source: string;
  /** 1–6 short sentences or bullet lines, plain text, no markdown */
  lines: string[];
}

export interface PlayerAid {
  /** one sentence: what the game is about and how it is won */
  goal: string;
  turn: AidSection[];
  actions: AidSection[];
  end: AidSection[];
}
