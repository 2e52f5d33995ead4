/**
 * Live connections (WebSocket), what each watches — games (subscriptions) and its player's own
 * games — and presence (whether a player has a live connection). Connections end with their
 * socket; a store may also let them expire (API Gateway closes a socket after 2 hours at most).
 */

export interface Connection {
  connectionId: string;
  playerId: string;
  name: string;
  /** The signed-in device (accounts); absent for a v1 token. */
  deviceId?: string;
  /**
   * When `$connect` recorded it (ISO time; absent on records of earlier versions). Until
   * `$connect` has answered, API Gateway calls the connection gone: see CONNECT_GRACE_MS.
   */
  connectedAt?: string;
}

/**
 * How long after `$connect` recorded a connection it is believed open even when @connections
 * calls it gone: API Gateway opens a socket only once `$connect` has answered, which may take up
 * to its integration timeout (29 s). A check in between must not forget the connection.
 */
export const CONNECT_GRACE_MS = 30_000;

/** A connection watching a game; `logDelta`: it asked for log deltas (see protocol/log-delta.ts). */
export interface Subscriber {
  connectionId: string;
  playerId: string;
  logDelta: boolean;
  /** It asked for lean frames: the view's static parts left out (see core/state-frame.ts). */
  lean?: true;
}

/** How a connection watches a game: with log deltas, with lean frames (see Subscriber). */
export interface SubscribeOptions {
  logDelta?: boolean;
  lean?: boolean;
}

/** A game a connection watches from its start (`$connect` with `?game=`), with how. */
export interface Watch extends SubscribeOptions {
  gameId: string;
}

/**
 * A stored connection with what it watches. `watchesLobby`: whether it watches the lobby (see
 * ListingStore.watch); undefined when this store cannot tell (then it must be asked to forget).
 */
export interface ConnectionState extends Connection {
  games: string[];
  watchesGames: boolean;
  watchesLobby?: boolean;
}

/** What deleting a connection leaves to tell: its player, the games it watched, whether it watched the lobby. */
export interface ClosedConnection {
  playerId: string;
  games: string[];
  watchesLobby?: boolean;
}

export interface ConnectionStore {
  /**
   * Record a new connection, or refuse it with RATE_LIMITED when the player has
   * CONNECTIONS_PER_PLAYER open already (the limit holds across processes). With `watch`, it
   * watches that game from the start, as `subscribe` would, in the writes that record it.
   */
  putConnection(c: Connection, watch?: Watch): Promise<void>;
  getConnection(connectionId: string): Promise<ConnectionState | null>;
  /**
   * Forget a connection, its subscriptions, its watch of its player's games and its presence;
   * its player and the games it watched, or null when it is unknown. `watchesLobby`: whether it
   * had a lobby watch to remove, so $disconnect writes nothing when it had none. No lookup of a
   * closed connection's id should follow: a store may keep answering it until it expires (the
   * table does, sparing a write).
   */
  deleteConnection(connectionId: string): Promise<ClosedConnection | null>;
  /** Whether the player has a live connection (the notifier leaves online players alone). */
  isOnline(playerId: string): Promise<boolean>;
  /** The ids of a player's live connections (to close a revoked device's). */
  connectionIdsOf(playerId: string): Promise<string[]>;
  /**
   * Watch a game: refused (an error) for a connection that is gone, RATE_LIMITED beyond
   * SUBSCRIPTIONS_PER_CONNECTION games; watching a game again with the same options changes
   * (and, in the table, writes) nothing: a connection opened watching it subscribes for its state.
   */
  subscribe(gameId: string, c: Connection, options?: SubscribeOptions): Promise<void>;
  subscribers(gameId: string): Promise<Subscriber[]>;
  deleteSubscription(gameId: string, connectionId: string): Promise<void>;
  /** Watch the player's own games (the live lobby); nothing for a connection that is gone. */
  watchGames(c: Connection): Promise<void>;
  /** The connections watching a player's games. */
  gamesWatchers(playerId: string): Promise<string[]>;
  unwatchGames(playerId: string, connectionId: string): Promise<void>;
  /**
   * Count one frame refused to a connection for going too fast (the cloud's frame budget,
   * api/frame-budget.ts); the count so far, shared by every instance, or 0 for a connection
   * that is gone. Written only on a refusal: a connection within its budget costs nothing.
   */
  strike(connectionId: string): Promise<number>;
}
