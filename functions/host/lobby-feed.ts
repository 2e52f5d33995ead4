/**
 * Keeps the public lobby: when a listed game is created, gains a player or starts, its listing
 * is written (or removed) and the connections watching the lobby are told (`openGameChanged`).
 * Two ways in, like the players' index, both as core/after-commit.ts decides (host/reactions.ts):
 * the request that stored the commit (so the lobby shows it at once) and the table's stream (the
 * guarantee: at least once per commit, so a Lambda that dies after the commit loses nothing).
 * Writes are conditioned by version (see ListingStore.write): whichever comes first writes and tells
 * the watchers, once per version. Telling is best effort, as every frame: a watcher that
 * reconnects asks for the page again.
 */
import { inLobby, openGameOf } from '../core/lobby';
import type { ServerFrame } from '../core/protocol/frames';
import type { GameRecord } from '../core/record';
import type { Sender } from '../adapters/sender';
import type { ListingStore } from '../stores/listings';

export class LobbyFeed {
  constructor(private readonly listings: ListingStore) {}

  /**
   * Write the game's listing as of this record (or remove it, once the game is not open) and tell
   * the watchers, after a commit that core/after-commit.ts says relists it. From the stream, the
   * latest record: a later version's listing is as good (its own reaction writes it again).
   */
  async publish(record: GameRecord, sender: Sender): Promise<void> {
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
