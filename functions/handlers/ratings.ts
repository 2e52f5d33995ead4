/**
 * The ratings part of the Bots function (handlers/bots.ts): commits that finish a game, and the
 * sweep's asks to rate a finished game whose commit it never rated (host/rating-fallback.ts),
 * one filter of the Bots function's mapping. Each finished game's ratings change once
 * (host/ratings.ts), however often its commit or an ask is delivered.
 */
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { rater } from '../app/rater';
import type { StreamPart } from '../api/stream-batch';
import type { CommitItem, RateAskItem } from '../adapters/store/items';
import { METRICS } from '../observe/metric-names';
import { failure } from '../observe/observer';

/** The kinds of item the ratings part rates from, once finished (the stack's filter names the same). */
export const RATED_FROM = ['commit', 'rateAsk'];

/** Whether a record is one the ratings part rates from (the local poller hands over every record). */
export const ratesOn = (image: { kind?: { S?: string }; status?: { S?: string } }): boolean =>
  RATED_FROM.includes(image.kind?.S ?? '') && image.status?.S === 'finished';

export function ratings(app: App): StreamPart<CommitItem | RateAskItem> {
  const ratings = app.get(rater);
  return {
    wants: ratesOn,
    // A rating that fails is not delivered again: that would hold the automatic moves behind it
    // in its lane (one mapping, see handlers/bots.ts) for as long as the rating keeps failing. The
    // sweep is its retry: it looks at every finished game an hour after its end, and hourly after,
    // and asks for the ratings of one still unrated (host/rating-fallback.ts).
    react: async (head) => {
      const seen = app.get(observer);
      seen.log.appendKeys({ gameId: head.gameId, version: head.version });
      try {
        await ratings.onCommit(head, head.at);
      } catch (error) {
        seen.log.error('rating a finished game failed; the sweep asks for it again an hour after its end', failure(error));
        seen.count(METRICS.reactorFailures);
      }
    },
  };
}
