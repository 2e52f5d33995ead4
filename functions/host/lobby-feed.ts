/**
 * Keeps the public lobby: when a listed game is created, gains a player or starts, its listing
 * is written (or removed) and the connections watching the lobby are told (`openGameChanged`).
 * Two ways in, like the players' index: the request that stored the commit (so the lobby shows
 * it at once) and the table's stream (the guarantee: at least once per commit, so a Lambda that
 * dies after the commit loses nothing). Writes are conditioned by version (see ListingStore.write):
 * whichever comes first writes and tells the watchers, once per version. Telling is best effort,
 * as every frame: a watcher that reconnects asks for the page again.
 */
import { inLobby, openGameOf } from '../core/lobby';
import type { ServerFrame } from '../core/protocol/frames';
import type { GameRecord } from '../core/record';
import type { CommitHead } from '../core/triggers';
import type { Sender } from '../adapters/sender';
import type { ListingStore } from '../stores/listings';
import type { Games } from './games';
import { reindexes } from './reactions';

export class LobbyFeed {
  constructor(
    private readonly listings: ListingStore,
    private readonly games: Games,
  ) {}

  /** The request path: after a commit of a listed game that changed its seats or status. */
  async afterCommit(before: GameRecord | null, record: GameRecord, sender: Sender): Promise<void> {
    // Only an open game is in the lobby: what happens after it started is none of the lobby's business.
    if (!record.listed || (before?.status !== 'open' && record.status !== 'open')) return;
    const seatsChanged = !before || before.seats.some((s, i) => s?.playerId !== record.seats[i]?.playerId);
    if (!seatsChanged && before.status === record.status) return;
    await this.publish(record, sender);
  }

  /** The stream's reaction to one commit of a listed game (at least once, in order per game). */
  async react(head: CommitHead, sender: Sender): Promise<void> {
    if (!head.listed || !reindexes(head) || (head.wasStatus !== 'open' && head.status !== 'open')) return;
    // The latest record: a later version's listing is as good (its own reaction writes it again).
    await this.publish(await this.games.fresh(head.gameId), sender);
  }

  private async publish(record: GameRecord, sender: Sender): Promise<void> {
    const open = inLobby(record);
    const ratings = open
      ? await this.listings.ratings(
          record.game,
          record.seats.flatMap((s) => (s ? [s.playerId] : [])),
        )
      : new Map<string, number>();
    if (!(await this.listings.write(record, ratings))) return; // this version or a later one is listed already
    const frame: ServerFrame = { type: 'openGameChanged', game: openGameOf(record, ratings), open };
    const watchers = await this.listings.watchers(record.game);
    await Promise.all(
      watchers.map(async (w) => {
        if ((await sender.send(w.connectionId, frame)) === 'gone') await this.listings.dropWatcher(w);
      }),
    );
  }
}
