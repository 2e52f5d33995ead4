/**
 * The small part of boardgame.io 0.50.2's surface the benchmark uses, typed here.
 *
 * `makeMove` is boardgame.io's own action creator (src/core/action-creators.ts) copied
 * verbatim: 0.50.2 exports it from no public entry point (`boardgame.io/core` has only
 * INVALID_MOVE, TurnOrder, …; `boardgame.io/internal` has no action creators), only from a
 * hash-named chunk of dist/, which is not something to import.
 *
 * Socket.IO wire format (namespace `/<game name>`, e.g. `/tic-tac-toe`), from
 * dist/cjs/client-*.js (`SocketIOTransport`) and dist/cjs/server.js (`SocketIO`, `Master`):
 *   client → server  `sync`   (matchID, playerID, credentials, numPlayers)
 *   client → server  `update` (action, stateID, matchID, playerID)
 *                    action = makeMove(moveName, args, playerID, credentials); stateID is the
 *                    `_stateID` of the state the move was made on
 *   server → client  `sync`      (matchID, { state, log, filteredMetadata, initialState })
 *   server → client  `update`    (matchID, state, deltalog)   to every socket of the match
 *   server → client  `patch`     (matchID, prevStateID, stateID, operations, deltalog) (only for `deltaState` games)
 *   server → client  `matchData` (matchID, [{ id, name, isConnected }])
 * A rejected update (wrong stateID, wrong player, bad credentials, INVALID_MOVE, game over) gets
 * no answer at all: the server only logs it.
 */
import type { Ctx, LogEntry, State } from 'boardgame.io';

export interface MakeMoveAction {
  type: 'MAKE_MOVE';
  payload: { type: string; args: unknown; playerID: string; credentials: string | undefined };
}

export const makeMove = (type: string, args: unknown, playerID: string, credentials?: string): MakeMoveAction => ({
  type: 'MAKE_MOVE',
  payload: { type, args, playerID, credentials },
});

export type { Ctx, LogEntry, State };

export interface SyncInfo<G> {
  state: State<G>;
  log: LogEntry[];
  initialState: State<G>;
  filteredMetadata: { id: number; name?: string; isConnected?: boolean }[];
}

/** POST /games/:name/create → { matchID }; POST /games/:name/:id/join → { playerID, playerCredentials }. */
export interface CreatedMatch {
  matchID: string;
}
export interface JoinedMatch {
  playerID: string;
  playerCredentials: string;
}
