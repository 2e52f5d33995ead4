/** Whether a game changes ratings, in the words of the game screen and the new-game form. */
import { describe, expect, it } from 'vitest';
import { newGameRatedSentence, ratedSentence } from '../../web/src/screens/rated-sentence';

const won = {
  results: [
    { seat: 0, score: 1, rank: 1 },
    { seat: 1, score: 0, rank: 2 },
  ],
  winners: [0],
};

describe('rated or not, in words', () => {
  it('on the game screen: rated, private, left early, or ended without a ranking', () => {
    expect(ratedSentence({ status: 'active', outcome: null })).toBe("Rated: the result changes the players' ratings.");
    expect(ratedSentence({ status: 'finished', outcome: won })).toBe("Rated: the result changed the players' ratings.");
    expect(ratedSentence({ status: 'open', outcome: null, unrated: 'private' })).toBe(
      'Unrated: a private game between people changes no ratings.',
    );
    expect(ratedSentence({ status: 'finished', outcome: won, unrated: 'leftEarly' })).toBe(
      "Rated only for whoever left before making 2 moves: it counts as a loss for them, and nobody else's rating changes.",
    );
    expect(ratedSentence({ status: 'finished', outcome: { results: [], winners: [], ended: 'vote' } })).toBe(
      'Unrated: the game ended without a ranking.',
    );
  });

  it('on the new-game form: against bots, listed, or private', () => {
    expect(newGameRatedSentence(false, 1)).toBe('Rated: your result against the bots changes your rating.');
    expect(newGameRatedSentence(true, 3)).toBe("Rated: a game matched in the lobby changes the players' ratings.");
    expect(newGameRatedSentence(false, 2)).toMatch(/^Unrated: a private game between people changes no ratings\. List it/);
  });
});
