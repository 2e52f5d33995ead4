/**
 * `$connect`: a valid token in `?token=` — a device's access token (v2, short-lived) or a v1
 * player token — or the upgrade is refused with 401; a player with CONNECTIONS_PER_PLAYER
 * connections open already is refused with 429 (RATE_LIMITED). A device's connection is
 * recorded first and its device checked after, so a revocation that lands in between finds
 * the connection to close, or this check finds the device gone.
 */
import { ProtocolError } from '../core/protocol/frames';
import { getRuntime } from '../host/runtime';
import { getAccounts } from '../host/runtime-accounts';
import type { WsEvent, WsResult } from './ws-event';
import { observed } from '../observe/observed';

export const handler = observed('connect', async (event: WsEvent): Promise<WsResult> => {
  const { sessions, store } = getAccounts();
  const checked = await sessions.check(event.queryStringParameters?.token);
  if (!checked.ok)
    return {
      statusCode: 401,
      body: `A valid token is required: sign in (POST /api/players, or a sign-in route), then connect with ?token=…. ${checked.message}`,
    };
  const connection = { connectionId: event.requestContext.connectionId, ...checked.caller };
  const { records, connections } = getRuntime();
  try {
    await records.putConnection(connection);
  } catch (error) {
    if (error instanceof ProtocolError && error.code === 'RATE_LIMITED')
      return { statusCode: 429, body: JSON.stringify({ code: error.code, message: error.message }) };
    throw error;
  }
  if (connection.deviceId && !(await store.deviceExists(connection.playerId, connection.deviceId))) {
    await records.deleteConnection(connection.connectionId);
    return { statusCode: 401, body: 'This device was signed out; sign in again.' };
  }
  connections.set(connection.connectionId, connection);
  return { statusCode: 200 };
});
