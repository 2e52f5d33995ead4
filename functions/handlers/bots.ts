/**
 * The Bots function: the automatic moves (a bot's, an absent seat's; never computed in a request),
 * from the table's stream through its own mapping, filtered to the commits whose head names an
 * automatic seat (CommitHead `automatic`). Sized for the search (a whole vCPU); a chain stops once
 * the invocation has run CHAIN_BUDGET_MS, and the reaction to its last commit plays on.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eachInserted } from '../api/stream-batch';
import type { App } from '../app/app';
import { host } from '../app/games';
import { observer, senderFor } from '../app/outside';
import type { CommitItem } from '../adapters/store/items';
import { CHAIN_BUDGET_MS, MoveLeased } from '../host/reactions';
import { observed } from '../observe/observed';

/** Whether a record is one the Bots function plays on (the stack's event filter names the same). */
export const playsOn = (image: { kind?: { S?: string }; automatic?: { N?: string } }): boolean =>
  image.kind?.S === 'commit' && image.automatic?.N !== undefined;

export function bots(app: App) {
  const { reactions } = app.get(host);
  return observed(app.get(observer), 'bots', (event: DynamoDBStreamEvent) => {
    const until = performance.now() + CHAIN_BUDGET_MS; // the invocation's budget: every record still gets its move
    const play = (head: CommitItem) => {
      app.get(observer).log.appendKeys({ gameId: head.gameId, version: head.version });
      return reactions.play(head, app.get(senderFor)(), until);
    };
    const failed = 'playing an automatic move failed; the stream delivers it again';
    return eachInserted(event, playsOn, play, app.get(observer), failed, (error) => error instanceof MoveLeased);
  });
}
