/** A worker process of the bots suite: plays the matches it is sent, one at a time, and sends each result back. */
import { playMatch, type MatchInput } from './match';

process.on('message', (m: MatchInput | 'done') => {
  if (m === 'done') process.exit(0);
  process.send!(playMatch(m));
});
process.send!('ready');
