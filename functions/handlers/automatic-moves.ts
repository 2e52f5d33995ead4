/**
 * The automatic-moves part of the Bots function (handlers/bots.ts): a bot's move, an absent
 * seat's (never computed in a request), for each commit whose head names an automatic seat to
 * act (CommitHead `automatic`), one filter of the Bots function's mapping. A chain stops once the
 * invocation has run until `until`, and the reaction to its last commit plays on.
 */
import type { App } from '../app/app';
import { host } from '../app/games';
import { observer, senderFor } from '../app/outside';
import type { StreamPart } from '../api/stream-batch';
import type { CommitItem } from '../adapters/store/items';
import { MoveLeased } from '../host/reactions';

/** Whether a record is one the automatic moves play on (the stack's event filter names the same). */
export const playsOn = (image: { kind?: { S?: string }; automatic?: { N?: string } }): boolean =>
  image.kind?.S === 'commit' && image.automatic?.N !== undefined;

/** The part for one invocation, whose budget ends at `until` (performance.now()). */
export function automaticMoves(app: App, until: number): StreamPart<CommitItem> {
  const { reactions } = app.get(host);
  return {
    wants: playsOn,
    react: (head) => {
      app.get(observer).log.appendKeys({ gameId: head.gameId, version: head.version });
      return reactions.play(head, app.get(senderFor)(), until);
    },
    failed: 'playing an automatic move failed; the stream delivers it again',
    // Another invocation holds the move: delivered again, no fault.
    notYet: (error) => error instanceof MoveLeased,
  };
}
