/**
 * The passkey routes of the HTTP API, a function of their own because the WebAuthn library
 * weighs most of a bundle: `POST /api/passkeys/options` and `POST /api/passkeys` (signed in:
 * "Authorization: Bearer TOKEN") add a passkey; `POST /api/signin/passkey/options` and
 * `POST /api/signin/passkey` sign a new device in with one.
 */
import type { HttpAnswer } from '../core/protocol/http-bodies';
import type { App } from '../app/app';
import { sessions } from '../app/accounts';
import { passkeys } from '../app/passkeys';
import { bearer, json, labelOf, objectBody, type Route } from './http-io';

const MAX_BODY_BYTES = 32_768;
const EXAMPLE = '{"response":{…}} with what the browser answered';

/** The routes by path, all POST (the stack sends these paths to the Passkey function). */
export function passkeyRoutes(app: App): Map<string, Route> {
  const signedIn = (event: Parameters<Route>[0]) => app.get(sessions).signedIn(bearer(event));
  return new Map<string, Route>([
    ['/api/passkeys/options', async (event) => json(200, await app.get(passkeys).registrationOptions(await signedIn(event)))],
    [
      '/api/passkeys',
      async (event) => {
        const caller = await signedIn(event);
        const body = objectBody(event, MAX_BODY_BYTES, EXAMPLE);
        if ('refusal' in body) return body.refusal;
        const added = await app.get(passkeys).register(caller, body.data.response, labelOf(event, body.data));
        return json(201, added satisfies HttpAnswer<'PasskeyAdded'>);
      },
    ],
    [
      '/api/signin/passkey/options',
      async (event) => json(200, await app.get(passkeys).signInOptions(event.requestContext.http.sourceIp ?? 'unknown')),
    ],
    [
      '/api/signin/passkey',
      async (event) => {
        const body = objectBody(event, MAX_BODY_BYTES, EXAMPLE);
        if ('refusal' in body) return body.refusal;
        const session = await app.get(passkeys).signIn(body.data.response, labelOf(event, body.data));
        return json(201, session satisfies HttpAnswer<'Session'>);
      },
    ],
  ]);
}
