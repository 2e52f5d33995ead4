/**
 * The public lobby in memory, as on the table: listings kept in the table's key order (by game,
 * then creation time), every write conditioned on the game's version by a guard per game, pages
 * and their positions as the table's, players' ratings read from the rating store, and the lobby's
 * watches marked on the connections.
 */
import { inLobby, isListingPosition, matchKey, openGameOf } from '../../core/lobby';
import { ProtocolError, type OpenGame } from '../../core/protocol/frames';
import type { GameRecord } from '../../core/record';
import type { Connection } from '../../stores/connections';
import type { ListingStore, LobbyWatcher } from '../../stores/listings';
import { keys } from '../store/keys';
import type { MemoryConnectionStore } from './connections';
import { MemoryLobbyWatches } from './lobby-watches';
import { byKey, compareKeys } from './order';
import type { MemoryRatingStore } from './ratings';

/** Listings quick play looks at, at most (oldest first), and how many it reads looking for them (as on the table). */
const CANDIDATES = 10;
const CANDIDATE_READS = 500;

export class MemoryListingStore implements ListingStore {
  /** listing key → the open game, as the lobby shows it, and what quick play matches */
  private readonly listings = new Map<string, { game: OpenGame; match: string }>();
  /** gameId → the version its listing was last written for */
  private readonly guards = new Map<string, number>();
  private readonly watches: MemoryLobbyWatches;

  constructor(
    connections: MemoryConnectionStore,
    private readonly ratingStore: MemoryRatingStore,
  ) {
    this.watches = new MemoryLobbyWatches(connections);
  }

  async write(record: GameRecord, ratings: ReadonlyMap<string, number>): Promise<boolean> {
    if ((this.guards.get(record.gameId) ?? -1) >= record.version) return false;
    this.guards.set(record.gameId, record.version);
    const key = keys.listing(record.game, record.createdAt, record.gameId);
    if (!inLobby(record)) {
      this.listings.delete(key);
      return true;
    }
    const game = openGameOf(record, ratings);
    // As the table keeps it: seats, options and clock as JSON, no options stored as {}.
    const listed: OpenGame = JSON.parse(JSON.stringify({ ...game, options: game.options ?? {}, clock: game.clock ?? null })) as OpenGame;
    this.listings.set(key, { game: listed, match: matchKey(record.game, record.players, game.clock, record.options) });
    return true;
  }

  async ratings(game: string, playerIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const playerId of new Set(playerIds)) {
      const ordinal = this.ratingStore.ordinalOf(playerId, game);
      if (ordinal !== undefined) found.set(playerId, ordinal);
    }
    return found;
  }

  async page(game: string | undefined, limit: number, after?: string): Promise<{ games: OpenGame[]; after: string | null }> {
    const prefix = keys.listings(game);
    if (after !== undefined && !isListingPosition(after, prefix))
      throw new ProtocolError(
        'BAD_REQUEST',
        'That cursor is not one the server gave you for this list of open games; ask for the first page again, without a cursor.',
      );
    const items = this.prefixed(prefix)
      .filter(([key]) => after === undefined || compareKeys(key, after) > 0)
      .slice(0, limit + 1);
    const shown = items.slice(0, limit);
    return {
      games: shown.map(([, l]) => structuredClone(l.game)),
      after: items.length > limit ? shown.at(-1)![0] : null,
    };
  }

  async candidates(game: string, match: string): Promise<OpenGame[]> {
    return this.prefixed(keys.listings(game))
      .slice(0, CANDIDATE_READS)
      .filter(([, l]) => l.match === match)
      .slice(0, CANDIDATES)
      .map(([, l]) => structuredClone(l.game));
  }

  async watch(c: Connection, filter: string): Promise<void> {
    this.watches.watch(c, filter);
  }

  async unwatch(connectionId: string): Promise<void> {
    this.watches.unwatch(connectionId);
  }

  async watchers(...games: string[]): Promise<LobbyWatcher[]> {
    return this.watches.watchers(...games);
  }

  async dropWatcher(w: LobbyWatcher): Promise<void> {
    this.watches.dropWatcher(w);
  }

  private prefixed(prefix: string): [string, { game: OpenGame; match: string }][] {
    return byKey(this.listings).filter(([key]) => key.startsWith(prefix));
  }
}
