/**
 * The authority for hosted games (boardgame.io's "master"), as four small pieces: the write
 * path (Games), players' requests (Commands), what follows a commit (Reactions) and frames to
 * watchers (Broadcast). A handler takes the piece it needs.
 */
import type { Observer } from '../observe/observer';
import type { GameStore, HostRecords, HostSchedule } from '../stores';
import { Broadcast } from './broadcast';
import { Commands } from './commands';
import { Games } from './games';
import { Reactions } from './reactions';
import type { ListCursors } from '../core/list-cursor';
import type { HiddenGameStore } from '../stores/hidden-games';
import type { ListingStore } from '../stores/listings';
import { Lobby } from './lobby';
import { LobbyFeed } from './lobby-feed';

export interface HostDeps {
  /** Where log lines and metrics go. */
  observer: Observer;
  store: GameStore;
  records: HostRecords;
  schedule: HostSchedule;
  now: () => Date;
  newGameId: () => string;
  newSeed: () => number;
  /** This process is the games' only writer and serves every socket (the local runtime). */
  soleWriter?: boolean;
  /** Presence changes within this many milliseconds go out as one frame per watcher (see Broadcast). */
  presenceWindowMs?: number;
  /** How many game records to keep in memory (default CACHED_GAMES). */
  cachedGames?: number;
  /** The most automatic moves one reaction plays in a row (default MAX_CHAIN_MOVES; tests shorten it so the next reaction's part shows). */
  maxChainMoves?: number;
  /** How a chain of automatic moves waits between paced moves (see Reactions; real time when absent). */
  sleep?: (ms: number) => Promise<void>;
  /** Every player with a block between them and this one (absent: no blocks, e.g. tests of the cache). */
  barriers?: (playerId: string) => Promise<Set<string>>;
  /** The public lobby's store, players' hidden games and the lobby's page cursors (absent: no lobby, e.g. tests of the cache). */
  lobby?: { listings: ListingStore; hidden: HiddenGameStore; cursors: ListCursors };
}

export interface Host {
  games: Games;
  commands: Commands;
  reactions: Reactions;
  broadcast: Broadcast;
  /** Absent without `HostDeps.lobby`. */
  lobby?: Lobby;
  lobbyFeed?: LobbyFeed;
}

export function createHost(deps: HostDeps): Host {
  const soleWriter = deps.soleWriter ?? false;
  const games = new Games(deps.store, soleWriter, deps.observer, deps.cachedGames);
  const broadcast = new Broadcast({ records: deps.records, games, soleWriter, presenceWindowMs: deps.presenceWindowMs ?? 0 });
  const lobbyFeed = deps.lobby ? new LobbyFeed(deps.lobby.listings) : undefined;
  const reactions = new Reactions({
    observer: deps.observer,
    games,
    broadcast,
    store: deps.store,
    records: deps.records,
    schedule: deps.schedule,
    now: deps.now,
    lobby: lobbyFeed,
    maxChainMoves: deps.maxChainMoves,
    sleep: deps.sleep,
    // The sole writer's table (DynamoDB Local) has no partition limit: its chains are not paced.
    chainMoveMs: soleWriter ? 0 : undefined,
  });
  const commands = new Commands({
    games,
    broadcast,
    reactions,
    records: deps.records,
    now: deps.now,
    newGameId: deps.newGameId,
    newSeed: deps.newSeed,
    barriers: deps.barriers,
  });
  const lobby = deps.lobby ? new Lobby({ games, commands, ...deps.lobby }) : undefined;
  return { games, commands, reactions, broadcast, lobby, lobbyFeed };
}
