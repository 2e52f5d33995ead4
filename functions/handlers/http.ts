/**
 * The HTTP API (API Gateway HTTP API, payload format 2.0): registering players, signing in, the
 * Web Push key, replays, email confirmation (api/http-routes.ts, api/session-routes.ts).
 */
import { answering } from '../api/answering';
import { refusal, type HttpEvent, type HttpResult } from '../api/http-io';
import { httpRoutes } from '../api/http-routes';
import { sessionRoutes } from '../api/session-routes';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { observed } from '../observe/observed';

export function http(app: App) {
  const route = app.get(httpRoutes);
  const signIn = app.get(sessionRoutes);
  return observed(app.get(observer), 'http', async (event: HttpEvent): Promise<HttpResult> => {
    const { method } = event.requestContext.http;
    const found = route(method, event.rawPath) ?? (method === 'POST' ? signIn.get(event.rawPath) : undefined);
    if (!found) return refusal(404, { code: 'NOT_FOUND', message: `There is no ${method} ${event.rawPath}.` });
    return answering(() => found(event));
  });
}
