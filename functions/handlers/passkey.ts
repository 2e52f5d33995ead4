/**
 * The passkey routes of the HTTP API, a function of their own for the size of the WebAuthn
 * library (api/passkey-routes.ts). Refusals answer `{code, message}` with their status and change nothing.
 */
import { answering } from '../api/answering';
import { refusal, type HttpEvent, type HttpResult } from '../api/http-io';
import { passkeyRoutes } from '../api/passkey-routes';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { observed } from '../observe/observed';

export function passkey(app: App) {
  const routes = app.get(passkeyRoutes);
  return observed(app.get(observer), 'passkey', async (event: HttpEvent): Promise<HttpResult> => {
    const { method } = event.requestContext.http;
    const route = routes.get(event.rawPath);
    if (!route || method !== 'POST') return refusal(404, { code: 'NOT_FOUND', message: `There is no ${method} ${event.rawPath}.` });
    return answering(() => route(event));
  });
}
