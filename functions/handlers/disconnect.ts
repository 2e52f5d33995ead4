/** `$disconnect`: forget the connection and its subscriptions; tell the games it watched if its seat went offline. */
import { getRuntime, senderFor } from '../host/runtime';
import { getGames } from '../host/runtime-games';
import type { WsEvent, WsResult } from './ws-event';

export async function handler(event: WsEvent): Promise<WsResult> {
  const { records, connections } = getRuntime();
  const { host } = getGames();
  const { connectionId } = event.requestContext;
  connections.delete(connectionId);
  const gone = await records.deleteConnection(connectionId);
  if (!gone) return { statusCode: 200 };
  const sender = senderFor(event.requestContext);
  for (const gameId of gone.games) {
    try {
      await host.broadcast.presenceChanged(gameId, gone.playerId, sender);
    } catch (error) {
      console.error(`presence of ${gameId} after ${connectionId} left:`, error);
    }
  }
  return { statusCode: 200 };
}
