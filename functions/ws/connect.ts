/** `$connect`: a valid player token in `?token=` or the upgrade is refused with 401. */
import { tokenSecret } from '../aws';
import { verifyToken } from '../auth/token';
import { getRuntime } from '../runtime';
import type { WsEvent, WsResult } from './event';

export async function handler(event: WsEvent): Promise<WsResult> {
  const player = verifyToken(event.queryStringParameters?.token, await tokenSecret());
  if (!player) return { statusCode: 401, body: 'A valid token is required: POST /api/players, then connect with ?token=…' };
  const connection = { connectionId: event.requestContext.connectionId, ...player };
  const { records, connections } = getRuntime();
  await records.putConnection(connection);
  connections.set(connection.connectionId, connection);
  return { statusCode: 200 };
}
