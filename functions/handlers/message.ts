/**
 * Every protocol action and `$default`: API Gateway selects the route by
 * `$request.body.action`, and all of them reach this one function (api/ws-message.ts).
 */
import { wsMessage } from '../api/ws-message';
import type { App } from '../app/app';
import { observer, senderFor } from '../app/outside';
import { observed } from '../observe/observed';
import type { WsEvent, WsResult } from './ws-event';

export function message(app: App) {
  const handle = app.get(wsMessage);
  return observed(app.get(observer), 'message', async (event: WsEvent): Promise<WsResult> => {
    const sender = app.get(senderFor)(event.requestContext);
    const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
    await handle(event.requestContext.connectionId, body, sender);
    return { statusCode: 200 };
  });
}
