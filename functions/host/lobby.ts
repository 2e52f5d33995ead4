/**
 * Players' requests about finding and leaving games: the public lobby's pages and its watch
 * (`openGames`), quick play, and hiding finished games from one's list. Joining and creating
 * go through Commands, so quick play is the same conditional commit as a join: two players
 * racing for the last seat get one seat and, for the other, the next match or a new game.
 * The lobby's pages hand out their positions sealed in cursors (core/list-cursor.ts): a cursor
 * the server did not give for the list asked for is refused.
 */
import { findGame } from '../../domain/games/index';
import type { ListCursors } from '../core/list-cursor';
import { wantedKey } from '../core/lobby';
import { GAMES_PAGE_DEFAULT, ProtocolError, type FrameOf } from '../core/protocol/frames';
import { seatOf } from '../core/record';
import type { Sender } from '../adapters/sender';
import type { Connection } from '../stores/connections';
import type { HiddenGameStore } from '../stores/hidden-games';
import { ALL_GAMES, type ListingStore } from '../stores/listings';
import type { Commands, Outcome } from './commands';
import type { Games } from './games';

/** A refusal that sends quick play on to the next candidate: the game filled, started or went away meanwhile. */
const MISSED: readonly string[] = ['GAME_FULL', 'NOT_FOUND', 'FORBIDDEN'];

export interface LobbyDeps {
  games: Games;
  commands: Commands;
  listings: ListingStore;
  hidden: HiddenGameStore;
  /** Seals and opens the cursors of the lobby's pages. */
  cursors: ListCursors;
}

/** The list a lobby cursor is sealed for: one game's open games, or every game's. */
const listOf = (game: string | undefined): string => `openGames:${game ?? ALL_GAMES}`;

export class Lobby {
  constructor(private readonly deps: LobbyDeps) {}

  async openGames(conn: Connection, frame: FrameOf<'openGames'>): Promise<Outcome> {
    if (frame.game !== undefined && !findGame(frame.game)) throw new ProtocolError('NOT_FOUND', `There is no game "${frame.game}".`);
    const list = listOf(frame.game);
    const after = frame.cursor === undefined ? undefined : await this.deps.cursors.open(list, frame.cursor);
    if (after === null)
      throw new ProtocolError(
        'BAD_REQUEST',
        'That cursor is not one the server gave you for this list of open games; ask for the first page again, without a cursor.',
      );
    // Watch first: a game listed while the page is read still reaches the player.
    if (frame.watch === true) await this.deps.listings.watch(conn, frame.game ?? ALL_GAMES);
    if (frame.watch === false) await this.deps.listings.unwatch(conn.connectionId);
    const page = await this.deps.listings.page(frame.game, frame.limit ?? GAMES_PAGE_DEFAULT, after);
    const next = page.after === null ? null : await this.deps.cursors.seal(list, page.after);
    return { reply: { type: 'openGames', requestId: frame.requestId, games: page.games, next } };
  }

  /**
   * Join the oldest open listed game with this game, seat count and clock (and the game's
   * default options) that the player is not in; else create one, listed. A player who has such
   * a game waiting already is answered with it (a repeated quick play creates nothing).
   */
  async quickPlay(conn: Connection, frame: FrameOf<'quickPlay'>, sender: Sender): Promise<Outcome> {
    const module = findGame(frame.game);
    if (!module) throw new ProtocolError('NOT_FOUND', `There is no game "${frame.game}".`);
    if (frame.players < module.minPlayers || frame.players > module.maxPlayers) {
      throw new ProtocolError('BAD_REQUEST', `${module.title} is for ${module.minPlayers} to ${module.maxPlayers} players.`);
    }
    const candidates = await this.deps.listings.candidates(module.id, wantedKey(module.id, frame.players, frame.clock));
    const mine = candidates.find((g) => g.seats.some((s) => s?.playerId === conn.playerId));
    if (mine) {
      const seat = mine.seats.findIndex((s) => s?.playerId === conn.playerId);
      return { reply: { type: 'joined', requestId: frame.requestId, gameId: mine.gameId, seat } };
    }
    for (const candidate of candidates) {
      try {
        return await this.deps.commands.joinGame(
          conn,
          { action: 'joinGame', requestId: frame.requestId, gameId: candidate.gameId, listed: true },
          sender,
        );
      } catch (error) {
        if (!(error instanceof ProtocolError && MISSED.includes(error.code))) throw error;
      }
    }
    return this.deps.commands.createGame(
      conn,
      { action: 'createGame', requestId: frame.requestId, game: module.id, players: frame.players, clock: frame.clock, listed: true },
      sender,
    );
  }

  /** The connection no longer watches the lobby ($disconnect). */
  async unwatch(connectionId: string): Promise<void> {
    await this.deps.listings.unwatch(connectionId);
  }

  /** Leave a finished game out of the player's `myGames`, or list it again. */
  async hide(conn: Connection, frame: FrameOf<'hideGame' | 'unhideGame'>): Promise<Outcome> {
    const hidden = frame.action === 'hideGame';
    const record = await this.deps.games.fresh(frame.gameId);
    const seat = seatOf(record, conn.playerId);
    if (seat === null) throw new ProtocolError('FORBIDDEN', 'You do not sit in this game; only its players can hide it from their list.');
    if (record.status !== 'finished') {
      if (hidden) throw new ProtocolError('ILLEGAL', 'This game is not over yet; only finished games can be hidden from your list.');
      return { reply: { type: 'gameHidden', requestId: frame.requestId, gameId: frame.gameId, hidden: false } };
    }
    await this.deps.hidden.set(conn.playerId, seat, record, hidden);
    return { reply: { type: 'gameHidden', requestId: frame.requestId, gameId: frame.gameId, hidden } };
  }
}
