/**
 * The players' index of games in memory, as on the table: one entry per game and seated player
 * with its status and the version it was written for (a write of an older version changes
 * nothing), paged in the table's order, with whose turn it is read from the games' heads in the
 * event store. A player's hidden games are a flag on their entries (MemoryHiddenGameStore).
 */
import type { Segment } from '../../core/games-cursor';
import type { GameRecord, GameStatus } from '../../core/record';
import { indexedSeats, type GamesPage, type IndexedGame, type PlayerGameStore } from '../../stores/player-games';
import { gamesPage, pageStart, type PickedEntry } from '../common/games-page';
import { keys } from '../store/keys';
import type { MemoryEventStore } from './games';
import { compareKeys, mapIn } from './order';

/** One entry of a player's index of games. */
interface IndexEntry {
  gameId: string;
  seat: number;
  status: GameStatus;
  version: number;
  hidden?: boolean;
}

export class MemoryPlayerGameStore implements PlayerGameStore {
  /** playerId → gameId → entry */
  private readonly index = new Map<string, Map<string, IndexEntry>>();

  /** The index reads the games' heads from the event store, as the table's reads its commit items. */
  constructor(private readonly games: MemoryEventStore) {}

  /** A player's index entries as stored (tests). */
  entries(playerId: string): (IndexEntry & { gameId: string })[] {
    return [...(this.index.get(playerId)?.entries() ?? [])].map(([gameId, e]) => ({ ...structuredClone(e), gameId }));
  }

  async indexGame(record: IndexedGame): Promise<void> {
    indexedSeats(record).forEach(({ playerId, seat }) => {
      const entries = mapIn(this.index, playerId);
      const entry = entries.get(record.gameId);
      // As the table's condition: a newer version's entry stays. A write replaces the whole entry (a hidden flag too).
      if (entry && entry.version >= record.version) return;
      entries.set(record.gameId, { gameId: record.gameId, seat, status: record.status, version: record.version });
    });
  }

  /** Hide (or show again) a game in one player's list: the whole entry written as of this version, unless a later one is indexed. */
  setHidden(playerId: string, seat: number, record: GameRecord, hidden: boolean): void {
    const entries = mapIn(this.index, playerId);
    const entry = entries.get(record.gameId);
    if (entry && entry.version > record.version) return;
    entries.set(record.gameId, {
      gameId: record.gameId,
      seat,
      status: record.status,
      version: record.version,
      ...(hidden ? { hidden: true } : {}),
    });
  }

  async playerGames(playerId: string, page: { limit: number; cursor?: string; part?: Segment }): Promise<GamesPage> {
    const from = pageStart(playerId, page.cursor);
    // The index in key order (the table's: by status range, then game), from the cursor on; hidden games left out.
    const key = (e: { status: Segment; gameId: string }) => keys.playerGame(e.status, e.gameId);
    const following: PickedEntry[] = [...(this.index.get(playerId)?.values() ?? [])]
      .filter((e) => !e.hidden && (!page.part || e.status === page.part))
      .filter((e) => !from || compareKeys(key(e), key({ status: from.segment, gameId: from.gameId })) > 0)
      .sort((a, b) => compareKeys(key(a), key(b)))
      .map((e) => ({ segment: e.status, item: { gameId: e.gameId, seat: e.seat, status: e.status } }));
    const picked = following.slice(0, page.limit);
    const built = gamesPage(
      playerId,
      picked,
      following.length > picked.length,
      picked.map(({ item }) => this.games.head(item.gameId)),
    );
    // As the table's correction: an entry the head contradicts takes the head's status, unless a later version is indexed.
    for (const stale of built.stale) {
      const entry = this.index.get(playerId)?.get(stale.gameId);
      if (entry && entry.version < stale.version) Object.assign(entry, { status: stale.status, version: stale.version });
    }
    return { games: built.games, next: built.next };
  }
}
