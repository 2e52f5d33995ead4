/**
 * `$connect`: a valid token in `?token=` (a device's v2 access token or a v1 player token), else
 * 401; a player with CONNECTIONS_PER_PLAYER connections open gets 429. A device's connection is
 * recorded before its device is checked, so a revocation in between finds the connection to close.
 */
import type { App } from '../app/app';
import { accountStore, sessions } from '../app/accounts';
import { connectionCache, connectionStore } from '../app/connections';
import { ProtocolError } from '../core/protocol/frames';
import { observed } from '../observe/observed';
import type { WsEvent, WsResult } from './ws-event';

export function connect(app: App) {
  return observed('connect', async (event: WsEvent): Promise<WsResult> => {
    const checked = await app.get(sessions).check(event.queryStringParameters?.token);
    if (!checked.ok)
      return {
        statusCode: 401,
        body: `A valid token is required: sign in (POST /api/players, or a sign-in route), then connect with ?token=…. ${checked.message}`,
      };
    const connection = { connectionId: event.requestContext.connectionId, ...checked.caller };
    try {
      await app.get(connectionStore).putConnection(connection);
    } catch (error) {
      if (!(error instanceof ProtocolError && error.code === 'RATE_LIMITED')) throw error;
      return { statusCode: 429, body: JSON.stringify({ code: error.code, message: error.message }) };
    }
    if (connection.deviceId && !(await app.get(accountStore).deviceExists(connection.playerId, connection.deviceId))) {
      await app.get(connectionStore).deleteConnection(connection.connectionId);
      return { statusCode: 401, body: 'This device was signed out; sign in again.' };
    }
    app.get(connectionCache).set(connection.connectionId, connection);
    return { statusCode: 200 };
  });
}
