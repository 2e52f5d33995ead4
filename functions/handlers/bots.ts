/**
 * The Bots function: the table stream's second reader, one mapping with two filters (Lambda ORs
 * them), each a part: the automatic moves (handlers/automatic-moves.ts), for which it is sized
 * (a whole vCPU for the search; CHAIN_BUDGET_MS an invocation), and the ratings
 * (handlers/ratings.ts) with the tournaments' results (handlers/tournament-results.ts). A stream shard allows two readers at once, the notifier being the
 * other, so the ratings are not a reader of their own. Each record goes to the parts that want
 * it (a record both want, to both); the first record the moves fail on is reported with those
 * after it. The ratings never fail a record: one that fails is let go, the sweep's ask its retry.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eachInsertedBy } from '../api/stream-batch';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { CHAIN_BUDGET_MS } from '../host/reactions';
import { observed } from '../observe/observed';
import { automaticMoves, playsOn } from './automatic-moves';
import { ratesOn, ratings } from './ratings';
import { tournamentResults } from './tournament-results';

/** Whether a record is one the Bots function's mapping lets through (either of its filters). */
export const botsTake = (image: Parameters<typeof playsOn>[0] & Parameters<typeof ratesOn>[0]): boolean => playsOn(image) || ratesOn(image);

export function bots(app: App) {
  const rating = ratings(app);
  const results = tournamentResults(app);
  return observed(app.get(observer), 'bots', (event: DynamoDBStreamEvent) => {
    const until = performance.now() + CHAIN_BUDGET_MS; // the invocation's budget: every record still gets its move
    return eachInsertedBy(event, [rating, results, automaticMoves(app, until)], app.get(observer));
  });
}
