/**
 * The headline of a finished game in words: points where the game scores points, only who won
 * where the score is a win flag (tic-tac-toe, Connect Four), and the early endings.
 */
import { describe, expect, it } from 'vitest';
import { rankedOutcome, winnerOutcome } from '../../domain/engine/contract';
import { endSentence } from '../../web/src/screens/end-sentence';

const names = ['Ana', 'Bruno', 'Carla'];

describe('the end of a game in words', () => {
  it('names the winner and the points in a game that scores points, and where you finished', () => {
    const outcome = rankedOutcome([
      { seat: 0, score: 41, rank: 1 },
      { seat: 1, score: 1, rank: 3 },
      { seat: 2, score: 35, rank: 2 },
    ]);
    expect(endSentence(outcome, 0, names, 'points')).toBe('You win with 41 points.');
    expect(endSentence(outcome, 1, names, 'points')).toBe('Ana wins with 41 points. You finished third with 1 point.');
    expect(endSentence(outcome, null, names, 'points')).toBe('Ana wins with 41 points.');
    const tie = rankedOutcome([
      { seat: 0, score: 30, rank: 1 },
      { seat: 1, score: 30, rank: 1 },
      { seat: 2, score: 9, rank: 3 },
    ]);
    expect(endSentence(tie, 1, names, 'points')).toBe('You and Ana share the win with 30 points.');
    expect(endSentence(tie, 2, names, 'points')).toBe('Ana and Bruno share the win with 30 points. You finished third with 9 points.');
  });

  it('names no points where the score only says who won', () => {
    expect(endSentence(winnerOutcome(2, 1), 1, names, 'winner')).toBe('You win.');
    expect(endSentence(winnerOutcome(2, 1), 0, names, 'winner')).toBe('Bruno wins.');
    expect(endSentence(winnerOutcome(2, 0), null, names, 'winner')).toBe('Ana wins.');
    expect(endSentence(winnerOutcome(2, null), 0, names, 'winner')).toBe('A draw: nobody wins.');
  });

  it('tells an early end by vote or resignation without scores', () => {
    expect(endSentence({ results: [], winners: [], ended: 'vote' }, 0, names, 'points')).toBe('The players voted to end the game.');
    const resigned = { ...winnerOutcome(2, 1), ended: 'resign' as const, resigned: [0] };
    expect(endSentence(resigned, 0, names, 'winner')).toBe('You resigned. Bruno wins.');
    expect(endSentence(resigned, 1, names, 'points')).toBe('Ana resigned. You win.');
  });
});
