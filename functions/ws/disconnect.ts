/** `$disconnect`: forget the connection and its subscriptions. */
import { getRuntime } from '../runtime';
import type { WsEvent, WsResult } from './event';

export async function handler(event: WsEvent): Promise<WsResult> {
  const { records, connections } = getRuntime();
  connections.delete(event.requestContext.connectionId);
  await records.deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
}
