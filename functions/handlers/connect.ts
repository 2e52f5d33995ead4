/** `$connect`: a connection opens with a valid token, or its upgrade is refused (host/connections.ts). */
import { accountStore, sessions } from '../app/accounts';
import type { App } from '../app/app';
import { connectionCache, connectionStore } from '../app/connections';
import { observer } from '../app/outside';
import { openConnection } from '../host/connections';
import { observed } from '../observe/observed';
import type { WsEvent, WsResult } from './ws-event';

export function connect(app: App) {
  const deps = {
    sessions: app.get(sessions),
    accounts: app.get(accountStore),
    connections: app.get(connectionStore),
    cache: app.get(connectionCache),
    now: app.deps.now,
  };
  return observed(
    app.get(observer),
    'connect',
    (event: WsEvent): Promise<WsResult> => openConnection(deps, event.requestContext.connectionId, event.queryStringParameters ?? {}),
  );
}
