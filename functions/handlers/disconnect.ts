/** `$disconnect`: forget the connection and its subscriptions; tell the games it watched if its seat went offline. */
import type { App } from '../app/app';
import { host } from '../app/games';
import { senderFor } from '../app/outside';
import { connectionCache, connectionStore } from '../app/connections';
import { failure, logger } from '../observe/log';
import { observed } from '../observe/observed';
import type { WsEvent, WsResult } from './ws-event';

export function disconnect(app: App) {
  return observed('disconnect', async (event: WsEvent): Promise<WsResult> => {
    const { connectionId } = event.requestContext;
    app.get(connectionCache).delete(connectionId);
    const gone = await app.get(connectionStore).deleteConnection(connectionId);
    // A lobby watch left behind expires with the connection's items, and is dropped when a frame to it finds the connection gone.
    // A connection known to have none costs no write (the removal's failed condition would be billed as one).
    if (gone?.watchesLobby !== false)
      await app
        .get(host)
        .lobby?.unwatch(connectionId)
        .catch((error) => logger.warn('forgetting a lobby watch failed', failure(error)));
    if (!gone) return { statusCode: 200 };
    const sender = app.get(senderFor)(event.requestContext);
    for (const gameId of gone.games) {
      await app
        .get(host)
        .broadcast.presenceChanged(gameId, gone.playerId, sender)
        .catch((error) => logger.warn('telling watchers who left failed', failure(error, { gameId })));
    }
    return { statusCode: 200 };
  });
}
