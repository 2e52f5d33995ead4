/** `$disconnect`: forget the connection and its subscriptions; tell the games it watched. */
import { getRuntime, senderFor } from '../runtime';
import type { WsEvent, WsResult } from './event';

export async function handler(event: WsEvent): Promise<WsResult> {
  const { records, connections, host } = getRuntime();
  const { connectionId } = event.requestContext;
  connections.delete(connectionId);
  const games = await records.deleteConnection(connectionId);
  const sender = senderFor(event.requestContext);
  for (const gameId of games) {
    try {
      await host.presenceChanged(gameId, sender);
    } catch (error) {
      console.error(`presence of ${gameId} after ${connectionId} left:`, error);
    }
  }
  return { statusCode: 200 };
}
