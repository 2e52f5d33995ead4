/** `$disconnect`: forget the connection and its subscriptions; tell the games it watched if its seat went offline. */
import { getRuntime, senderFor } from '../host/runtime';
import { getGames } from '../host/runtime-games';
import type { WsEvent, WsResult } from './ws-event';
import { observed } from '../observe/observed';
import { failure, logger } from '../observe/log';

export const handler = observed('disconnect', async (event: WsEvent): Promise<WsResult> => {
  const { records, connections } = getRuntime();
  const { host } = getGames();
  const { connectionId } = event.requestContext;
  connections.delete(connectionId);
  const gone = await records.deleteConnection(connectionId);
  // A lobby watch left behind expires with the connection's items, and is dropped when a frame to it finds the connection gone.
  // A connection known to have none costs no write (the removal's failed condition would be billed as one).
  if (gone?.watchesLobby !== false)
    await host.lobby?.unwatch(connectionId).catch((error) => logger.warn('forgetting a lobby watch failed', failure(error)));
  if (!gone) return { statusCode: 200 };
  const sender = senderFor(event.requestContext);
  for (const gameId of gone.games) {
    try {
      await host.broadcast.presenceChanged(gameId, gone.playerId, sender);
    } catch (error) {
      logger.warn('telling watchers who left failed', failure(error, { gameId }));
    }
  }
  return { statusCode: 200 };
});
