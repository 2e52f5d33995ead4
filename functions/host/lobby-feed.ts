/**
 * Keeps the public lobby: when a listed game is created, gains a player or starts, its listing
 * is written (or removed), and the connections watching the lobby are told (`openGameChanged`).
 * Two ways in, as core/after-commit.ts decides (host/reactions.ts):
 * - the request that stored the commit only writes the listing (`list`), so a page asked right
 *   after shows it; it reads no watchers and sends no frame, whatever the lobby's audience;
 * - the table's stream (the notifier) tells the watchers, coalesced per batch of records
 *   (`tell`): of the batch's lobby changes only each game's newest (a watcher keeps the newest
 *   `version` per game), each listing written if nobody wrote it yet (the request may have died
 *   after its commit: the stream is the guarantee, at least once per commit), the watchers read
 *   once for the batch (one query per kind of game in it, and one for the watchers of every
 *   game), and each watcher sent one frame per game of its filter.
 * Writes are conditioned by version (see ListingStore.write): whichever comes first writes, and a
 * late or repeated one changes nothing. Telling is best effort, as every frame: a watcher that
 * reconnects asks for the page again; a record delivered again tells again, which a watcher
 * keeping the newest version ignores.
 */
import { inLobby, openGameOf } from '../core/lobby';
import type { OpenGame, ServerFrame } from '../core/protocol/frames';
import type { GameRecord } from '../core/record';
import type { Sender } from '../adapters/sender';
import { ALL_GAMES, type ListingStore } from '../stores/listings';

type OpenGameChanged = Extract<ServerFrame, { type: 'openGameChanged' }>;

export class LobbyFeed {
  constructor(private readonly listings: ListingStore) {}

  /**
   * The request's part, after a commit that core/after-commit.ts says relists the game: its
   * listing as of this record, written (or removed, once the game is not open). Nobody is told.
   */
  async list(record: GameRecord): Promise<void> {
    await this.write(record);
  }

  /**
   * The stream's part, once per batch: `records` holds each changed game once, as of its newest
   * version (core/after-commit.ts lobbyChanges picks them, host/reactions.ts `relist` reads them).
   * Each listing is written if no one did yet, then every watcher gets one `openGameChanged` per
   * game of its filter; a watcher whose connection is gone is forgotten.
   */
  async tell(records: readonly GameRecord[], sender: Sender): Promise<void> {
    if (!records.length) return;
    const frames = await Promise.all(records.map((record) => this.write(record)));
    const watchers = await this.listings.watchers(...records.map((r) => r.game));
    await Promise.all(
      watchers.map(async (w) => {
        for (const frame of frames) {
          if (w.filter !== ALL_GAMES && w.filter !== frame.game.game) continue;
          if ((await sender.send(w.connectionId, frame)) === 'gone') return this.listings.dropWatcher(w);
        }
      }),
    );
  }

  /**
   * The listing as of this record, written unless this version or a later one was (by the
   * request, or by a delivery before this one); the change as the lobby's watchers are told it.
   */
  private async write(record: GameRecord): Promise<OpenGameChanged> {
    const open = inLobby(record);
    const ratings = open
      ? await this.listings.ratings(
          record.game,
          record.seats.flatMap((s) => (s ? [s.playerId] : [])),
        )
      : new Map<string, number>();
    await this.listings.write(record, ratings);
    const game: OpenGame = openGameOf(record, ratings);
    return { type: 'openGameChanged', game, open };
  }
}
