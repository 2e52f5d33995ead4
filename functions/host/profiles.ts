/**
 * `profile` and `leaderboard`: what anyone may read about how people play — names, results and
 * ratings, nothing a game hides. Ratings go out as shown (core/ratings.ts `shown`). A leaderboard's
 * pages hand out signed cursors: one the server did not give for that game's board is refused.
 */
import { findGame, GAMES } from '../../domain/games/index';
import type { ListCursors } from '../core/list-cursor';
import { isLeaderKey, shown } from '../core/ratings';
import { LEADERBOARD_PAGE_DEFAULT, ProtocolError, type FrameOf, type LeaderboardFrame, type ProfileFrame } from '../core/protocol/frames';
import type { RatingStore } from '../stores/ratings';

/** How many recent games a profile lists. */
export const RECENT_GAMES = 10;

export async function profileOf(store: RatingStore, frame: FrameOf<'profile'>): Promise<ProfileFrame> {
  const name = await store.playerName(frame.playerId);
  if (name === null)
    throw new ProtocolError(
      'NOT_FOUND',
      "There is no player with that id; open the profile from a player's name in a game or on a leaderboard.",
    );
  const [ratings, recent] = await Promise.all([store.ratingsOf(frame.playerId), store.recentGames(frame.playerId, RECENT_GAMES)]);
  ratings.sort((a, b) => b.games - a.games || a.game.localeCompare(b.game));
  return {
    type: 'profile',
    requestId: frame.requestId,
    playerId: frame.playerId,
    name,
    gamesPlayed: ratings.reduce((n, r) => n + r.games, 0),
    wins: ratings.reduce((n, r) => n + r.wins, 0),
    ratings: ratings.map((r) => ({
      game: r.game,
      rating: shown(r.ordinal),
      games: r.games,
      wins: r.wins,
      updatedAt: r.updatedAt,
      history: r.history.map((p) => ({ at: p.at, gameId: p.gameId, rank: p.rank, rating: shown(p.ordinal) })),
    })),
    recent: recent.map((g) => ({
      gameId: g.gameId,
      game: g.game,
      at: g.at,
      rank: g.rank,
      won: g.won,
      ratingBefore: g.before === null ? null : shown(g.before),
      ratingAfter: shown(g.after),
      players: g.table.map((p) => ({ playerId: p.playerId, name: p.name, ...(p.bot ? { bot: p.bot } : {}), rank: p.rank })),
    })),
  };
}

/** The list a leaderboard cursor is sealed for: one game's board. */
const listOf = (game: string): string => `leaderboard:${game}`;

/**
 * A leaderboard position: the last entry's key and how many entries came before the next page
 * (the ranks it shows count on from there), sealed in the cursor (core/list-cursor.ts): a count
 * made up by a client would show made-up ranks.
 */
const position = (key: string, shownSoFar: number): string => JSON.stringify({ k: key, n: shownSoFar });

function positionOf(text: string): { key: string; n: number } | null {
  try {
    const c = JSON.parse(text) as { k?: unknown; n?: unknown };
    if (!c || typeof c.k !== 'string' || !isLeaderKey(c.k) || !Number.isSafeInteger(c.n) || (c.n as number) < 0) return null;
    return { key: c.k, n: c.n as number };
  } catch {
    return null;
  }
}

export async function leaderboardOf(store: RatingStore, cursors: ListCursors, frame: FrameOf<'leaderboard'>): Promise<LeaderboardFrame> {
  if (!findGame(frame.game)) {
    throw new ProtocolError(
      'NOT_FOUND',
      `There is no game called ${JSON.stringify(frame.game)}; leaderboards are kept for ${GAMES.map((g) => g.id).join(', ')}.`,
    );
  }
  const list = listOf(frame.game);
  const opened = frame.cursor === undefined ? null : await cursors.open(list, frame.cursor);
  const from = opened === null ? null : positionOf(opened);
  if (frame.cursor !== undefined && !from) {
    throw new ProtocolError(
      'BAD_REQUEST',
      'That cursor is not one the server gave for a leaderboard; ask for the first page again, without a cursor.',
    );
  }
  const limit = frame.limit ?? LEADERBOARD_PAGE_DEFAULT;
  const { entries, more } = await store.leaders(frame.game, limit, from?.key);
  const before = from?.n ?? 0;
  const last = entries.at(-1);
  return {
    type: 'leaderboard',
    requestId: frame.requestId,
    game: frame.game,
    entries: entries.map((e, i) => ({
      rank: before + i + 1,
      playerId: e.playerId,
      name: e.name,
      rating: shown(e.ordinal),
      games: e.games,
      wins: e.wins,
    })),
    next: more && last ? await cursors.seal(list, position(last.key, before + entries.length)) : null,
  };
}
