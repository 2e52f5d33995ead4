/**
 * The authority for hosted games (boardgame.io's "master"), as four small pieces: the write
 * path (Games), players' requests (Commands), what follows a commit (Reactions) and frames to
 * watchers (Broadcast). A handler takes the piece it needs.
 */
import type { EventStore } from '../adapters/store/event-store';
import type { Records } from '../adapters/store/records';
import type { Schedule } from '../adapters/store/schedule';
import { Broadcast } from './broadcast';
import { Commands } from './commands';
import { Games } from './games';
import { Reactions } from './reactions';

export interface HostDeps {
  store: EventStore;
  records: Records;
  schedule: Schedule;
  now: () => Date;
  newGameId: () => string;
  newSeed: () => number;
  /** This process is the games' only writer and serves every socket (the local runtime). */
  soleWriter?: boolean;
  /** Presence changes within this many milliseconds go out as one frame per watcher (see Broadcast). */
  presenceWindowMs?: number;
  /** How many game records to keep in memory (default CACHED_GAMES). */
  cachedGames?: number;
}

export interface Host {
  games: Games;
  commands: Commands;
  reactions: Reactions;
  broadcast: Broadcast;
}

export function createHost(deps: HostDeps): Host {
  const soleWriter = deps.soleWriter ?? false;
  const games = new Games(deps.store, soleWriter, deps.cachedGames);
  const broadcast = new Broadcast({ records: deps.records, games, soleWriter, presenceWindowMs: deps.presenceWindowMs ?? 0 });
  const reactions = new Reactions({ games, broadcast, store: deps.store, records: deps.records, schedule: deps.schedule, now: deps.now });
  const commands = new Commands({ games, broadcast, reactions, records: deps.records, now: deps.now, newGameId: deps.newGameId, newSeed: deps.newSeed });
  return { games, commands, reactions, broadcast };
}
