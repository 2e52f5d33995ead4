/**
 * Whether a game changes ratings, in words (no DOM: the game screen, the new-game form and their
 * unit test share it). The rules are the server's (functions/core/ratings.ts); a game's `state`
 * says which of them applies (`unrated`).
 */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { MOVES_BEFORE_LEAVING } from '../../../functions/core/ratings';

const PRIVATE = 'Unrated: a private game between people changes no ratings.';

/** The game screen's line: rated or not, and why not. */
export function ratedSentence(frame: Pick<StateFrame, 'status' | 'outcome' | 'unrated'>): string {
  if (frame.unrated === 'private') return PRIVATE;
  if (frame.unrated === 'leftEarly')
    return `Rated only for whoever left before making ${MOVES_BEFORE_LEAVING} moves: it counts as a loss for them, and nobody else's rating changes.`;
  if (frame.status !== 'finished') return "Rated: the result changes the players' ratings.";
  return (frame.outcome?.results.length ?? 0) < 2
    ? 'Unrated: the game ended without a ranking.'
    : "Rated: the result changed the players' ratings.";
}

/** The new-game form's line, for the seats and listing chosen: `people` counts the seats not given to bots. */
export function newGameRatedSentence(listed: boolean, people: number): string {
  if (people < 2) return 'Rated: your result against the bots changes your rating.';
  if (listed) return "Rated: a game matched in the lobby changes the players' ratings.";
  return `${PRIVATE} List it in the lobby to play it rated.`;
}
