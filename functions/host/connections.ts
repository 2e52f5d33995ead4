/**
 * Opening and closing a WebSocket connection. `openConnection` checks its token — a device's v2
 * access token or a v1 player token — and records it, or says why not (401; 429 for a player
 * with CONNECTIONS_PER_PLAYER open already). A device's connection is recorded before its device
 * is checked, so a revocation in between finds the connection to close, or this check finds the
 * device gone. `closeConnection` forgets it and tells the games it watched if its seat went offline.
 */
import type { LRUCache } from 'lru-cache';
import type { Sender } from '../adapters/sender';
import { ProtocolError } from '../core/protocol/frames';
import { failure, type Observer } from '../observe/observer';
import type { AccountStore } from '../stores/accounts';
import type { Connection, ConnectionStore, Watch } from '../stores/connections';
import type { Host } from './host';
import type { Sessions } from './sessions';

const SIGN_IN = 'A valid token is required: sign in (POST /api/players, or a sign-in route), then connect with ?token=….';

/** The connections and the cache of their players (the message handler reads it). */
interface Kept {
  connections: ConnectionStore;
  cache: LRUCache<string, Connection>;
}

/** The game a connection asks to watch from its start (`?game=`), or why it cannot. */
export function watchOf(query: Record<string, string | undefined>): Watch | undefined | { refused: string } {
  const { game, logDelta, lean } = query;
  if (game === undefined) return undefined;
  if (!game || game.length > 64) return { refused: '?game= must be a game id (1 to 64 characters).' };
  for (const [name, value] of Object.entries({ logDelta, lean }))
    if (value !== undefined && value !== 'true' && value !== 'false') return { refused: `?${name}= must be true or false.` };
  return { gameId: game, ...(logDelta === 'true' ? { logDelta: true } : {}), ...(lean === 'true' ? { lean: true } : {}) };
}

/** Record a new connection, or the HTTP status and body that refuse it. */
export async function openConnection(
  deps: Kept & { sessions: Sessions; accounts: AccountStore; now: () => Date },
  connectionId: string,
  query: Record<string, string | undefined>,
): Promise<{ statusCode: number; body?: string }> {
  const watch = watchOf(query);
  if (watch && 'refused' in watch) return { statusCode: 400, body: watch.refused };
  // A socket token may open it: the device is read below, so a revoked one opens nothing.
  const checked = await deps.sessions.check(query.token, { socket: true });
  if (!checked.ok) return { statusCode: 401, body: `${SIGN_IN} ${checked.message}` };
  const connection: Connection = { connectionId, ...checked.caller, connectedAt: deps.now().toISOString() };
  try {
    await deps.connections.putConnection(connection, watch);
  } catch (error) {
    if (!(error instanceof ProtocolError && error.code === 'RATE_LIMITED')) throw error;
    return { statusCode: 429, body: JSON.stringify({ code: error.code, message: error.message }) };
  }
  if (connection.deviceId && !(await deps.accounts.deviceExists(connection.playerId, connection.deviceId))) {
    await deps.connections.deleteConnection(connectionId);
    return { statusCode: 401, body: 'This device was signed out; sign in again.' };
  }
  deps.cache.set(connectionId, connection);
  return { statusCode: 200 };
}

/** Forget a connection; tell the games it watched if its seat went offline. */
export async function closeConnection(
  deps: Kept & { host: Host; observer: Observer; sender: () => Sender },
  connectionId: string,
): Promise<void> {
  const { log } = deps.observer;
  deps.cache.delete(connectionId);
  const gone = await deps.connections.deleteConnection(connectionId);
  // A lobby watch left behind expires with the connection, and is dropped when a frame to it finds
  // the connection gone. One known to have none costs no write (a failed condition is billed as one).
  if (gone?.watchesLobby !== false)
    await deps.host.lobby?.unwatch(connectionId).catch((error) => log.warn('forgetting a lobby watch failed', failure(error)));
  if (!gone) return;
  const sender = deps.sender();
  for (const gameId of gone.games) {
    await deps.host.broadcast
      .presenceChanged(gameId, gone.playerId, sender)
      .catch((error) => log.warn('telling watchers who left failed', failure(error, { gameId })));
  }
}
