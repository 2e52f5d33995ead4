/**
 * The ratings reactor: a second consumer of the table's stream, with its own event source
 * mapping (filtered to commits that finish a game, and the sweep's asks to rate a finished game
 * whose commit it never rated: host/rating-fallback.ts), bundle and failure domain, so neither
 * the rating library's weight nor a failing update touches the notifier. Each finished game's
 * ratings change once (host/ratings.ts), however often its commit or an ask is delivered.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eachInserted } from '../api/stream-batch';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { rater } from '../app/rater';
import type { CommitItem, RateAskItem } from '../adapters/store/items';
import { observed } from '../observe/observed';

/** The kinds of item the reactor rates from, once finished (the stack's filter lets only these through). */
export const RATED_FROM = ['commit', 'rateAsk'];

export function ratings(app: App) {
  const ratings = app.get(rater);
  // The cloud's filter lets only these through; the local poller hands over every record.
  const finished = (image: { kind?: { S?: string }; status?: { S?: string } }) =>
    RATED_FROM.includes(image.kind?.S ?? '') && image.status?.S === 'finished';
  const rate = async (head: CommitItem | RateAskItem) => {
    app.get(observer).log.appendKeys({ gameId: head.gameId, version: head.version });
    await ratings.onCommit(head, head.at);
  };
  return observed(app.get(observer), 'ratings', (event: DynamoDBStreamEvent) =>
    eachInserted(event, finished, rate, app.get(observer), 'rating a finished game failed; the stream delivers it again'),
  );
}
