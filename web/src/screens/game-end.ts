/** The headline of a finished game: who won, with what, in words. */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { h } from '../dom';
import { listWords } from './game-log';

interface Outcome {
  results: { seat: number; score: number; rank: number }[];
  winners: number[];
  ended?: 'vote' | 'resign';
  resigned?: number[];
}

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

export function endHeadline(frame: StateFrame, names: readonly string[]): Node | null {
  const outcome = frame.outcome as Outcome | null;
  if (frame.status !== 'finished' || !outcome) return null;
  const you = frame.you;
  const won = you !== null && outcome.winners.includes(you);
  let text: string;
  if (outcome.ended === 'vote' && !outcome.results.length) text = 'The players voted to end the game.';
  else if (outcome.ended && outcome.resigned?.length) {
    // Ended early after a resignation: no scores to tell, only who gave up and who is left on top.
    const quitter = outcome.resigned.at(-1)!;
    const winners = outcome.winners.map((s) => (s === you ? 'You' : (names[s] ?? `Seat ${s + 1}`)));
    const how = outcome.ended === 'vote' ? ' resigned, and the others voted to end the game.' : ' resigned.';
    text = `${quitter === you ? 'You' : (names[quitter] ?? 'A player')}${how} ${listWords(winners)} ${winners.length > 1 ? 'share the win' : winners[0] === 'You' ? 'win' : 'wins'}.`;
  } else {
    const winners = outcome.winners.map((s) => (s === you ? 'You' : (names[s] ?? `Seat ${s + 1}`)));
    const score = outcome.results.find((r) => r.seat === outcome.winners[0])?.score;
    const verb = winners.length > 1 ? 'share the win' : winners[0] === 'You' ? 'win' : 'wins';
    text = `${listWords(winners)} ${verb}${score === undefined ? '' : ` with ${points(score)}`}.`;
    const mine = you === null ? undefined : outcome.results.find((r) => r.seat === you);
    if (mine && !won) text += ` You finished ${ordinal(mine.rank)} with ${points(mine.score)}.`;
  }
  return h('p', { class: `headline${won ? ' won' : ''}`, role: 'status' }, text);
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : n === 4 ? 'fourth' : n === 5 ? 'fifth' : `number ${n}`;
}
