/**
 * Ratings in memory, as on the table: one game's update stored whole or not at all — 'already'
 * when the game was rated, 'conflict' when a rating changed since it was read — each person's
 * rating with its revision, history and recent games kept in the table's key order, and the
 * leaderboards moved with each update. Names come from the players' profiles. An ask to rate a
 * game goes to the stream, if one is given, as the table's insert would.
 */
import type { RatingAsk } from '../../core/rating-ask';
import { leaderKey, type PlayerRating, type SeatUpdate, type StoredRating as CoreStoredRating } from '../../core/ratings';
import {
  HISTORY_POINTS,
  type ApplyResult,
  type GameRating,
  type Leader,
  type PlayedGame,
  type RatedGame,
  type RatingStore,
} from '../../stores/ratings';
import { upcast } from '../store/catalog';
import { keys } from '../store/keys';
import { byKey, compareKeys, mapIn } from './order';
import type { MemoryPlayerStore } from './players';
import type { MemoryStream } from './stream';

/** A person's rating in one game as stored; `rev` counts its writes (absent on one an older build wrote: see plantRating). */
export interface StoredRating extends PlayerRating {
  name: string;
  updatedAt: string;
  rev?: number;
}

/** A rating as kept: read as the catalogue reads the table's (store/catalog.ts). */
type KeptRating = Required<StoredRating>;

interface RatingLog {
  gameId: string;
  at: string;
  rank: number;
  after: number;
}

export class MemoryRatingStore implements RatingStore {
  /** playerId → game → rating */
  private readonly ratingRecords = new Map<string, Map<string, KeptRating>>();
  /** playerId → `RATINGLOG#game#at#gameId` → one rated game in their history */
  private readonly logs = new Map<string, Map<string, RatingLog>>();
  /** playerId → `PLAYED#at#gameId` → one game they played */
  private readonly played = new Map<string, Map<string, PlayedGame>>();
  /** The games rated, with when they ended. */
  private readonly rated = new Map<string, string>();
  /** game → leader key → entry */
  private readonly boards = new Map<string, Map<string, Omit<Leader, 'key'>>>();

  /** The asks to rate a game, as the stream got them (tests). */
  readonly asks: RatingAsk[] = [];

  constructor(
    private readonly players: MemoryPlayerStore,
    private readonly stream?: MemoryStream,
  ) {}

  /** A person's rating in one game as stored, or undefined (tests). */
  rating(playerId: string, game: string): KeptRating | undefined {
    return structuredClone(this.ratingRecords.get(playerId)?.get(game));
  }

  /** Everything stored, in one comparable form (tests: what a redelivery must leave unchanged). */
  contents(): string {
    const sorted = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => compareKeys(a, b));
    return JSON.stringify({
      ratings: sorted(this.ratingRecords).map(([k, v]) => [k, sorted(v)]),
      logs: sorted(this.logs).map(([k, v]) => [k, sorted(v)]),
      played: sorted(this.played).map(([k, v]) => [k, sorted(v)]),
      rated: sorted(this.rated),
      boards: sorted(this.boards).map(([k, v]) => [k, sorted(v)]),
    });
  }

  async playerName(playerId: string): Promise<string | null> {
    return this.players.playerName(playerId);
  }

  async isRated(gameId: string): Promise<boolean> {
    return this.rated.has(gameId);
  }

  async askRating(ask: RatingAsk, _now: Date): Promise<void> {
    this.asks.push(structuredClone(ask));
    this.stream?.insert({ ...ask, kind: 'rateAsk' });
  }

  async current(game: string, playerIds: readonly string[]): Promise<Map<string, CoreStoredRating | null>> {
    return new Map(
      playerIds.map((id) => {
        const r = this.ratingRecords.get(id)?.get(game);
        return [id, r ? { mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games, wins: r.wins, rev: r.rev } : null];
      }),
    );
  }

  async apply(rated: RatedGame, updates: readonly SeatUpdate[]): Promise<ApplyResult> {
    const { gameId, game, at, seats } = rated;
    if (this.rated.has(gameId)) return 'already';
    // Each rating as it was read: absent, or at that revision.
    const unchanged = updates.every((u) => {
      const now = this.ratingRecords.get(u.seat.playerId)?.get(game);
      return u.before ? now?.rev === u.before.rev : !now;
    });
    if (!unchanged) return 'conflict';
    this.rated.set(gameId, at);
    const table = seats.map((s) => ({ name: s.name, playerId: s.playerId, ...(s.bot ? { bot: s.bot } : {}), rank: s.rank }));
    for (const u of updates) {
      const { playerId, name } = u.seat;
      const before = u.before;
      mapIn(this.ratingRecords, playerId).set(game, { name, ...u.after, updatedAt: at, rev: (before?.rev ?? 0) + 1 });
      const change = { rank: u.seat.rank, before: before?.ordinal ?? null, after: u.after.ordinal };
      mapIn(this.logs, playerId).set(keys.ratingLog(game, at, gameId), { gameId, at, rank: change.rank, after: change.after });
      mapIn(this.played, playerId).set(
        keys.played(at, gameId),
        structuredClone({ gameId, game, at, seat: u.seat.seat, won: u.won, ...change, table }),
      );
      const board = mapIn(this.boards, game);
      if (before) board.delete(leaderKey(before.ordinal, playerId));
      board.set(leaderKey(u.after.ordinal, playerId), {
        playerId,
        name,
        ordinal: u.after.ordinal,
        games: u.after.games,
        wins: u.after.wins,
      });
    }
    return 'stored';
  }

  async ratingsOf(playerId: string): Promise<GameRating[]> {
    const logs = byKey(this.logs.get(playerId), true);
    // By game: the table's RATING#game order.
    return byKey(this.ratingRecords.get(playerId)).map(([game, r]) => ({
      game,
      mu: r.mu,
      sigma: r.sigma,
      ordinal: r.ordinal,
      games: r.games,
      wins: r.wins,
      updatedAt: r.updatedAt,
      history: logs
        .filter(([key]) => key.startsWith(keys.ratingLogs(game)))
        .slice(0, HISTORY_POINTS)
        .reverse()
        .map(([, l]) => ({ at: l.at, gameId: l.gameId, rank: l.rank, ordinal: l.after })),
    }));
  }

  async recentGames(playerId: string, limit: number): Promise<PlayedGame[]> {
    return byKey(this.played.get(playerId), true)
      .slice(0, limit)
      .map(([, g]) => structuredClone(g));
  }

  async leaders(game: string, limit: number, after?: string): Promise<{ entries: Leader[]; more: boolean }> {
    // Best first: the board's keys descending, from below `after` on.
    const items = byKey(this.boards.get(game), true)
      .filter(([key]) => after === undefined || compareKeys(key, after) < 0)
      .slice(0, limit + 1)
      .map(([key, entry]) => ({ key, ...entry }));
    return { entries: items.slice(0, limit), more: items.length > limit };
  }

  /** A player's displayed rating (ordinal) in a game, if they have one: what the lobby shows. */
  ordinalOf(playerId: string, game: string): number | undefined {
    const ordinal = this.ratingRecords.get(playerId)?.get(game)?.ordinal;
    return typeof ordinal === 'number' && Number.isFinite(ordinal) ? ordinal : undefined;
  }

  /** Put a rating as it stands, without its leaderboard entry or history (tests: a rating an older build wrote, without `rev`), read as the table's item would be. */
  plantRating(playerId: string, game: string, rating: StoredRating): void {
    const item = upcast('rating', {
      pk: keys.player(playerId),
      sk: keys.rating(game),
      kind: 'rating',
      playerId,
      game,
      ...structuredClone(rating),
    });
    const { name, mu, sigma, ordinal, games, wins, updatedAt, rev } = item;
    mapIn(this.ratingRecords, playerId).set(game, { name, mu, sigma, ordinal, games, wins, updatedAt, rev });
  }
}
