/**
 * The HTTP routes of signing in (there is no socket before), all POST: refreshing a device's
 * tokens, exchanging a v1 token for a device, email sign-in links, and device-link codes. Each
 * success answers a session: `{playerId, name, deviceId, token, refreshToken, expiresIn, socketToken, socketExpiresIn}`.
 * Passkeys have their own function (passkey-routes.ts), for the size of their library.
 */
import type { HttpAnswer } from '../core/protocol/http-bodies';
import { httpRequests } from '../core/protocol/http-requests';
import type { SessionAnswer } from '../host/sessions';
import type { App } from '../app/app';
import { sessions } from '../app/accounts';
import { devices } from '../app/devices';
import { emailSignIn } from '../app/mail';
import { observer, senderFor } from '../app/outside';
import { failure } from '../observe/observer';
import { badRequest, bearer, json, labelOf, objectBody, refusal, type HttpResult, type Route } from './http-io';

const MAX_BODY_BYTES = 16_384;

const session = (status: number) => (s: SessionAnswer) => json(status, s satisfies HttpAnswer<'Session'>);

/** The routes by path (the stack sends these paths to the Http function). */
export function sessionRoutes(app: App): Map<string, Route> {
  const refresh: Route = async (event) => {
    const body = objectBody(event, MAX_BODY_BYTES, '{"refreshToken":"r1.…"}');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.RefreshRequest.safeParse(body.data);
    if (!parsed.success) return badRequest('Send the refreshToken of your sign-in as JSON: {"refreshToken":"r1.…"}.');
    // A replayed token signs its device out: its live sockets are closed too.
    const close = async (playerId: string, deviceId: string) => {
      try {
        const sender = app.get(senderFor)();
        await app.get(devices).closeConnections(playerId, deviceId, sender.close?.bind(sender));
      } catch (error) {
        // Signed out all the same: a socket left open lasts only as long as its access token.
        app.get(observer).log.warn("closing a signed-out device's connections failed", failure(error, { playerId }));
      }
    };
    return app.get(sessions).refresh(parsed.data.refreshToken, close).then(session(200));
  };

  const upgrade: Route = async (event) => {
    const body = objectBody(event, MAX_BODY_BYTES, '{"label":"Firefox on Linux"}');
    if ('refusal' in body) return body.refusal;
    const token = bearer(event);
    if (!token?.startsWith('v1.'))
      return refusal(401, {
        code: 'UNAUTHORIZED',
        message: 'Send the player token you have kept (v1.…) as "Authorization: Bearer TOKEN".',
      });
    const checked = await app.get(sessions).check(token);
    if (!checked.ok) return refusal(401, { code: 'UNAUTHORIZED', message: 'That player token is not valid; sign in again.' });
    const label = labelOf(event, httpRequests.LabelRequest.parse(body.data));
    return app.get(sessions).start(checked.caller, 'upgrade', label).then(session(201));
  };

  const emailRequest: Route = async (event): Promise<HttpResult> => {
    const body = objectBody(event, MAX_BODY_BYTES, '{"email":"ana@example.com"}');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.SignInEmailRequest.safeParse(body.data);
    if (!parsed.success) return badRequest('Send the email address as JSON, like {"email":"ana@example.com"}.');
    await app.get(emailSignIn).request(parsed.data.email);
    // The same answer whether or not a player has this address: it tells nobody who plays here.
    const accepted: HttpAnswer<'Accepted'> = {
      message: 'If a player confirmed this address, a sign-in link is on its way to it; it works once, for 15 minutes.',
    };
    return json(202, accepted);
  };

  const emailOpen: Route = async (event) => {
    const body = objectBody(event, MAX_BODY_BYTES, '{"token":"s1.…"}');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.SignInEmailOpenRequest.safeParse(body.data);
    if (!parsed.success) return badRequest('Send the token of the sign-in link as JSON: {"token":"s1.…"}.');
    return app.get(emailSignIn).open(parsed.data.token, labelOf(event, parsed.data)).then(session(201));
  };

  const code: Route = async (event) => {
    const body = objectBody(event, MAX_BODY_BYTES, '{"code":"ABCD-EFGH"}');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.SignInCodeRequest.safeParse(body.data);
    if (!parsed.success) return badRequest('Send the code your signed-in device shows as JSON, like {"code":"ABCD-EFGH"}.');
    const source = event.requestContext.http.sourceIp ?? 'unknown';
    return app.get(devices).useCode(parsed.data.code, labelOf(event, parsed.data), source).then(session(201));
  };

  return new Map([
    ['/api/session/refresh', refresh],
    ['/api/session/upgrade', upgrade],
    ['/api/signin/email', emailRequest],
    ['/api/signin/email/open', emailOpen],
    ['/api/signin/code', code],
  ]);
}
