/**
 * The passkey routes of the HTTP API, a function of their own because the WebAuthn library
 * weighs most of a bundle: `POST /api/passkeys/options` and `POST /api/passkeys` (signed in:
 * "Authorization: Bearer TOKEN") add a passkey; `POST /api/signin/passkey/options` and
 * `POST /api/signin/passkey` sign a new device in with one. Refusals answer
 * `{code, message}` with their status and change nothing.
 */
import { deviceLabel } from '../core/device-label';
import { relyingParty } from '../adapters/config';
import { Passkeys } from '../host/passkeys';
import { now } from '../host/now';
import { getAccounts } from '../host/runtime-accounts';
import { AccountError } from '../host/sessions';
import type { HttpEvent, HttpResult } from './http';
import type { HttpAnswer } from '../core/protocol/http-bodies';
import { observed } from '../observe/observed';

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

let passkeys: Passkeys | undefined;
const getPasskeys = () => {
  const { store, sessions } = getAccounts();
  return (passkeys ??= new Passkeys({ store, sessions, now, relyingParty }));
};

function objectBody(event: HttpEvent): Record<string, unknown> {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (raw.length > 32_768) throw new AccountError('BAD_REQUEST', 400, 'The request body is too large.');
  try {
    const data = JSON.parse(raw || '{}') as unknown;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new AccountError('BAD_REQUEST', 400, 'Send a JSON object, like {"response":{…}} with what the browser answered.');
}

const header = (event: HttpEvent, name: string) => event.headers?.[name] ?? event.headers?.[name.toLowerCase()];
const bearer = (event: HttpEvent) =>
  header(event, 'authorization')?.replace(/^Bearer\s+/i, '') ?? header(event, 'Authorization')?.replace(/^Bearer\s+/i, '');
const label = (event: HttpEvent, data: Record<string, unknown>) => deviceLabel(data.label, header(event, 'user-agent'));

const routes = new Map<string, (event: HttpEvent) => Promise<HttpResult>>([
  [
    '/api/passkeys/options',
    async (event) => json(200, await getPasskeys().registrationOptions(await getAccounts().sessions.signedIn(bearer(event)))),
  ],
  [
    '/api/passkeys',
    async (event) => {
      const caller = await getAccounts().sessions.signedIn(bearer(event));
      const data = objectBody(event);
      return json(201, (await getPasskeys().register(caller, data.response, label(event, data))) satisfies HttpAnswer<'PasskeyAdded'>);
    },
  ],
  ['/api/signin/passkey/options', async () => json(200, await getPasskeys().signInOptions())],
  [
    '/api/signin/passkey',
    async (event) => {
      const data = objectBody(event);
      return json(201, (await getPasskeys().signIn(data.response, label(event, data))) satisfies HttpAnswer<'Session'>);
    },
  ],
]);

export const handler = observed('passkey', async (event: HttpEvent): Promise<HttpResult> => {
  const { method } = event.requestContext.http;
  const route = routes.get(event.rawPath);
  if (!route || method !== 'POST')
    return json(404, { code: 'NOT_FOUND', message: `There is no ${method} ${event.rawPath}.` } satisfies HttpAnswer<'Error'>);
  try {
    return await route(event);
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return json(error.status, { code: error.code, message: error.message } satisfies HttpAnswer<'Error'>);
  }
});

/** The paths this function serves (the local runtime routes them here). */
export const PASSKEY_PATHS = [...routes.keys()];
