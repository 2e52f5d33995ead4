/** The headline of a finished game: who won, with what, in words. */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import { h } from '../dom';
import { endSentence, type Outcome } from './end-sentence';

export function endHeadline(frame: StateFrame, names: readonly string[], scoring: 'points' | 'winner'): Node | null {
  const outcome = frame.outcome as Outcome | null;
  if (frame.status !== 'finished' || !outcome) return null;
  const won = frame.you !== null && outcome.winners.includes(frame.you);
  return h('p', { class: `headline${won ? ' won' : ''}`, role: 'status' }, endSentence(outcome, frame.you, names, scoring));
}
