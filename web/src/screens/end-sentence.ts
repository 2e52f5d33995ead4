/** A finished game's headline in words (no DOM: the end screen and its unit test share it). */
import { listWords } from '../words';

export interface Outcome {
  readonly results: readonly { seat: number; score: number; rank: number }[];
  readonly winners: readonly number[];
  readonly ended?: 'vote' | 'resign' | 'adjudicated';
  readonly resigned?: readonly number[];
}

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** The headline's words. `winner` scoring names no points: its scores only say who won (1) and who did not (0). */
export function endSentence(outcome: Outcome, you: number | null, names: readonly string[], scoring: 'points' | 'winner'): string {
  const won = you !== null && outcome.winners.includes(you);
  // "You" leads the list, so it is never a capital word mid-sentence.
  const ordered = [...outcome.winners].sort((a, b) => Number(b === you) - Number(a === you));
  const winners = ordered.map((s) => (s === you ? 'You' : (names[s] ?? `Seat ${s + 1}`)));
  const verb = winners.length > 1 ? 'share the win' : winners[0] === 'You' ? 'win' : 'wins';
  if (outcome.ended === 'vote' && !outcome.results.length) return 'The players voted to end the game.';
  if (outcome.ended && outcome.resigned?.length) {
    // Ended early after a resignation: no scores to tell, only who gave up and who is left on top.
    const quitter = outcome.resigned.at(-1)!;
    const how = outcome.ended === 'vote' ? ' resigned, and the others voted to end the game.' : ' resigned.';
    return `${quitter === you ? 'You' : (names[quitter] ?? 'A player')}${how} ${listWords(winners)} ${verb}.`;
  }
  if (outcome.ended === 'adjudicated') {
    const even = winners.length === outcome.results.length;
    return `The round's time ran out: ${even ? 'a draw as the game stood.' : `${listWords(winners)} ${verb} as the game stood.`}`;
  }
  if (scoring === 'winner') {
    return outcome.results.length > 1 && winners.length === outcome.results.length
      ? 'A draw: nobody wins.'
      : `${listWords(winners)} ${verb}.`;
  }
  const score = outcome.results.find((r) => r.seat === outcome.winners[0])?.score;
  let text = `${listWords(winners)} ${verb}${score === undefined ? '' : ` with ${points(score)}`}.`;
  const mine = you === null ? undefined : outcome.results.find((r) => r.seat === you);
  if (mine && !won) text += ` You finished ${ordinal(mine.rank)} with ${points(mine.score)}.`;
  return text;
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : n === 4 ? 'fourth' : n === 5 ? 'fifth' : `number ${n}`;
}
