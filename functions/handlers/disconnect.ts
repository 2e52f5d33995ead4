/** `$disconnect`: forget the connection; tell the games it watched if its seat went offline (host/connections.ts). */
import type { App } from '../app/app';
import { connectionCache, connectionStore } from '../app/connections';
import { host } from '../app/games';
import { observer, senderFor } from '../app/outside';
import { closeConnection } from '../host/connections';
import { observed } from '../observe/observed';
import type { WsEvent, WsResult } from './ws-event';

export function disconnect(app: App) {
  const deps = {
    connections: app.get(connectionStore),
    cache: app.get(connectionCache),
    host: app.get(host),
    observer: app.get(observer),
  };
  return observed(app.get(observer), 'disconnect', async (event: WsEvent): Promise<WsResult> => {
    await closeConnection({ ...deps, sender: () => app.get(senderFor)(event.requestContext) }, event.requestContext.connectionId);
    return { statusCode: 200 };
  });
}
