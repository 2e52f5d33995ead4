/**
 * The tournaments part of the Bots function (handlers/bots.ts): a commit that finishes a
 * tournament's game records its table's result and, after a round's last game, pairs the next
 * round (host/tournaments.ts). Idempotent, so a failure fails the record and the stream delivers
 * it again; the sweep at the round's deadline records any result still missing.
 */
import type { App } from '../app/app';
import { tournaments } from '../app/tournaments';
import type { StreamPart } from '../api/stream-batch';
import type { CommitItem } from '../adapters/store/items';

/** Whether a record finishes a tournament's game (it passes the Bots function's filter of finishing commits). */
export const recordsResultOn = (image: { kind?: { S?: string }; status?: { S?: string }; tournament?: { M?: unknown } }): boolean =>
  image.kind?.S === 'commit' && image.status?.S === 'finished' && image.tournament?.M !== undefined;

export function tournamentResults(app: App): StreamPart<CommitItem> {
  return {
    wants: recordsResultOn,
    react: (head) => app.get(tournaments).onGameFinished(head),
    failed: "recording a tournament game's result failed; the stream delivers it again",
  };
}
