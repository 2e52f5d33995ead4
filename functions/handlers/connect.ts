/**
 * `$connect`: a valid player token in `?token=` or the upgrade is refused with 401; a player
 * with CONNECTIONS_PER_PLAYER connections open already is refused with 429 (RATE_LIMITED).
 */
import { tokenSecret } from '../adapters/aws';
import { verifyToken } from '../core/token';
import { ProtocolError } from '../core/protocol/frames';
import { getRuntime } from '../host/runtime';
import type { WsEvent, WsResult } from './ws-event';
import { observed } from '../observe/observed';

export const handler = observed('connect', async (event: WsEvent): Promise<WsResult> => {
  const player = verifyToken(event.queryStringParameters?.token, await tokenSecret());
  if (!player) return { statusCode: 401, body: 'A valid token is required: POST /api/players, then connect with ?token=…' };
  const connection = { connectionId: event.requestContext.connectionId, ...player };
  const { records, connections } = getRuntime();
  try {
    await records.putConnection(connection);
  } catch (error) {
    if (error instanceof ProtocolError && error.code === 'RATE_LIMITED') return { statusCode: 429, body: JSON.stringify({ code: error.code, message: error.message }) };
    throw error;
  }
  connections.set(connection.connectionId, connection);
  return { statusCode: 200 };
});
