/**
 * The HTTP routes of signing in (there is no socket before): refreshing a device's tokens,
 * exchanging a v1 token for a device, email sign-in links, and device-link codes. Each success
 * answers a session: `{playerId, name, deviceId, token, refreshToken, expiresIn}`. Passkeys
 * have their own function (handlers/passkey.ts), for the size of their library.
 */
import { deviceLabel } from '../core/device-label';
import type { HttpAnswer } from '../core/protocol/http-bodies';
import { httpRequests } from '../core/protocol/http-requests';
import { getAccounts } from '../host/runtime-accounts';
import { getDevices } from '../host/runtime-devices';
import { getEmailSignIn } from '../host/runtime-mail';
import { AccountError, type SessionAnswer } from '../host/sessions';
import type { HttpEvent, HttpResult } from './http';

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const refusal = (statusCode: number, body: HttpAnswer<'Error'>) => json(statusCode, body);
const badRequest = (message: string) => refusal(400, { code: 'BAD_REQUEST', message });

/** A small JSON object body, or the answer to one that is not (`example` shows what to send). */
function objectBody(event: HttpEvent, example: string): { data: Record<string, unknown> } | { refusal: HttpResult } {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (raw.length > 16_384) return { refusal: badRequest('The request body is too large.') };
  try {
    const data = JSON.parse(raw || '{}') as unknown;
    if (data && typeof data === 'object' && !Array.isArray(data)) return { data: data as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { refusal: badRequest(`Send a JSON object like ${example}.`) };
}

const header = (event: HttpEvent, name: string) => event.headers?.[name] ?? event.headers?.[name.toLowerCase()];
const bearer = (event: HttpEvent) => (header(event, 'Authorization') ?? header(event, 'authorization'))?.replace(/^Bearer\s+/i, '');
/** What the new device is called: the client's label, else its User-Agent's browser and system. */
export const labelOf = (event: HttpEvent, data: { label?: string }) => deviceLabel(data.label, header(event, 'user-agent'));

/** Run a route; a refusal becomes its status and sentence. */
export async function answering(work: () => Promise<HttpResult>): Promise<HttpResult> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return refusal(error.status, {
      code: error.code,
      message: error.message,
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: Math.ceil(error.retryAfterMs) }),
    });
  }
}

const session = (status: number) => (s: SessionAnswer) => json(status, s satisfies HttpAnswer<'Session'>);

async function refresh(event: HttpEvent): Promise<HttpResult> {
  const body = objectBody(event, '{"refreshToken":"r1.…"}');
  if ('refusal' in body) return body.refusal;
  const parsed = httpRequests.RefreshRequest.safeParse(body.data);
  if (!parsed.success) return badRequest('Send the refreshToken of your sign-in as JSON: {"refreshToken":"r1.…"}.');
  return getAccounts().sessions.refresh(parsed.data.refreshToken).then(session(200));
}

async function upgrade(event: HttpEvent): Promise<HttpResult> {
  const body = objectBody(event, '{"label":"Firefox on Linux"}');
  if ('refusal' in body) return body.refusal;
  const token = bearer(event);
  if (!token?.startsWith('v1.'))
    return refusal(401, { code: 'UNAUTHORIZED', message: 'Send the player token you have kept (v1.…) as "Authorization: Bearer TOKEN".' });
  const { sessions } = getAccounts();
  const checked = await sessions.check(token);
  if (!checked.ok) return refusal(401, { code: 'UNAUTHORIZED', message: 'That player token is not valid; sign in again.' });
  return sessions.start(checked.caller, 'upgrade', labelOf(event, httpRequests.LabelRequest.parse(body.data))).then(session(201));
}

async function emailRequest(event: HttpEvent): Promise<HttpResult> {
  const body = objectBody(event, '{"email":"ana@example.com"}');
  if ('refusal' in body) return body.refusal;
  const parsed = httpRequests.SignInEmailRequest.safeParse(body.data);
  if (!parsed.success) return badRequest('Send the email address as JSON, like {"email":"ana@example.com"}.');
  await getEmailSignIn().request(parsed.data.email);
  // The same answer whether or not a player has this address: it tells nobody who plays here.
  const accepted: HttpAnswer<'Accepted'> = {
    message: 'If a player confirmed this address, a sign-in link is on its way to it; it works once, for 15 minutes.',
  };
  return json(202, accepted);
}

async function emailOpen(event: HttpEvent): Promise<HttpResult> {
  const body = objectBody(event, '{"token":"s1.…"}');
  if ('refusal' in body) return body.refusal;
  const parsed = httpRequests.SignInEmailOpenRequest.safeParse(body.data);
  if (!parsed.success) return badRequest('Send the token of the sign-in link as JSON: {"token":"s1.…"}.');
  return getEmailSignIn().open(parsed.data.token, labelOf(event, parsed.data)).then(session(201));
}

async function code(event: HttpEvent): Promise<HttpResult> {
  const body = objectBody(event, '{"code":"ABCD-EFGH"}');
  if ('refusal' in body) return body.refusal;
  const parsed = httpRequests.SignInCodeRequest.safeParse(body.data);
  if (!parsed.success) return badRequest('Send the code your signed-in device shows as JSON, like {"code":"ABCD-EFGH"}.');
  return getDevices().useCode(parsed.data.code, labelOf(event, parsed.data)).then(session(201));
}

/** The routes here by path (all POST). */
export const sessionRoutes = new Map<string, (event: HttpEvent) => Promise<HttpResult>>([
  ['/api/session/refresh', refresh],
  ['/api/session/upgrade', upgrade],
  ['/api/signin/email', emailRequest],
  ['/api/signin/email/open', emailOpen],
  ['/api/signin/code', code],
]);
