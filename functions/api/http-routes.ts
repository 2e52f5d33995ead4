/**
 * The HTTP API's routes but those of signing in (session-routes.ts) and passkeys (their own
 * function): `POST /api/players` registers a player and returns a signed token (or, with
 * `device`, a device's session); `GET /api/push-key` gives the VAPID public key for Web Push
 * subscriptions; `GET /api/games/{id}/replay` a game's history; `POST /api/email/confirm` opens an
 * email confirmation link; `GET /healthz`.
 */
import { seatInfos, seatOf } from '../core/record';
import { ProtocolError } from '../core/protocol/frames';
import { httpRequests } from '../core/protocol/http-requests';
import { NAME_RULE } from '../core/protocol/text';
import { issueToken } from '../core/token';
import type { App } from '../app/app';
import { sessions } from '../app/accounts';
import { eventStore, host } from '../app/games';
import { signingKeys, vapid } from '../app/keys';
import { confirmations } from '../app/mail';
import { playerStore } from '../app/players';
import { answer, badRequest, bearer, jsonBody, labelOf, refusal, type HttpEvent, type HttpResult, type Route } from './http-io';

const MAX_BODY_BYTES = 4096;

function registerPlayer(app: App): Route {
  return async (event) => {
    const body = jsonBody(event, MAX_BODY_BYTES, '{"name":"Ana"}');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.PlayerRequest.safeParse(body.data);
    if (!parsed.success) {
      // A name that breaks the text rule has its own sentence; a missing or non-string name the general one.
      const rule = parsed.error.issues.find((i) => i.code === 'custom');
      return badRequest(rule?.message ?? `A name of 1 to ${NAME_RULE.max} characters is required, like {"name":"Ana"}.`);
    }
    const player = { playerId: app.deps.ids.playerId(), name: parsed.data.name };
    try {
      await app.get(playerStore).putPlayer(player.playerId, player.name);
    } catch (error) {
      // The name is someone's: a returning player is sent to sign in (the message says how).
      if (error instanceof ProtocolError && error.code === 'CONFLICT') return refusal(409, { code: error.code, message: error.message });
      throw error;
    }
    // With `device`, the new player is a signed-in device (expiring tokens); without, a v1 token as before.
    const { device } = parsed.data;
    if (device) return answer(201, 'Session', await app.get(sessions).start(player, 'name', labelOf(event, device)));
    const token = issueToken(player, await app.get(signingKeys).legacySecret());
    return answer(201, 'V1Player', { playerId: player.playerId, name: player.name, token });
  };
}

/** Confirm the email address a confirmation link names: `{"email"}`, or 400 with why not. */
function confirmEmail(app: App): Route {
  return async (event) => {
    const body = jsonBody(event, MAX_BODY_BYTES, '{"token":"…"} with the token of the confirmation link');
    if ('refusal' in body) return body.refusal;
    const parsed = httpRequests.EmailConfirmRequest.safeParse(body.data);
    if (!parsed.success) return badRequest('Send the token of the confirmation link as JSON: {"token":"…"}.');
    try {
      return answer(200, 'EmailConfirmed', { email: await app.get(confirmations).confirm(parsed.data.token) });
    } catch (error) {
      if (error instanceof ProtocolError)
        return refusal(error.code === 'BAD_REQUEST' ? 400 : 409, { code: error.code, message: error.message });
      throw error;
    }
  };
}

/**
 * A game's history. Finished games: every commit with its events, so a client can step through
 * the game with the rules module. Games still running: only to their seated players, the log
 * and their own commits' times — raw events could leak what is still hidden.
 */
async function replay(app: App, event: HttpEvent, rawGameId: string): Promise<HttpResult> {
  const checked = await app.get(sessions).check(bearer(event));
  if (!checked.ok) return refusal(401, { code: 'UNAUTHORIZED', message: checked.message });
  const player = checked.caller;
  const gameId = decodePathSegment(rawGameId);
  if (gameId === null)
    return badRequest(
      'The game id in this URL is not valid percent-encoding: each % must be followed by two hex digits that together spell UTF-8, like %C3%A9. Send the game id as the server gave it.',
    );
  const { games } = app.get(host);
  let record: Awaited<ReturnType<typeof games.fresh>>;
  try {
    record = await games.fresh(gameId);
  } catch (error) {
    if (error instanceof ProtocolError) return refusal(404, { code: error.code, message: error.message });
    throw error;
  }
  const seat = seatOf(record, player.playerId);
  const base = {
    gameId,
    game: record.game,
    rulesVersion: record.rulesVersion,
    status: record.status,
    seats: seatInfos(record),
    log: record.log,
  };
  const commits = await app.get(eventStore).commits(gameId);
  if (record.status === 'finished')
    return answer(200, 'FinishedReplay', {
      ...base,
      status: record.status,
      commits: commits.map((c) => ({ ...c, events: c.events.map((e) => ({ ...e })) })),
    });
  if (seat === null)
    return refusal(403, {
      code: 'FORBIDDEN',
      message: 'The history of a running game is for its players; everyone can replay it once it ends.',
    });
  return answer(200, 'RunningReplay', {
    ...base,
    status: record.status,
    you: seat,
    commits: commits.filter((c) => c.seat === seat).map(({ version, at, seat: s }) => ({ version, at, seat: s })),
  });
}

/** A percent-encoded path segment, or null when it is malformed (decodeURIComponent throws on those). */
function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The route of a method and path, or null. */
export function httpRoutes(app: App): (method: string, path: string) => Route | null {
  const routes = new Map<string, Route>([
    ['GET /healthz', async () => answer(200, 'Health', { ok: true })],
    ['POST /api/players', registerPlayer(app)],
    ['POST /api/email/confirm', confirmEmail(app)],
    ['GET /api/push-key', async () => answer(200, 'PushKey', { publicKey: await app.get(vapid).publicKey() })],
  ]);
  return (method, path) => {
    const route = routes.get(`${method} ${path}`);
    if (route) return route;
    const game = /^\/api\/games\/([^/]{1,64})\/replay$/.exec(path);
    return game && method === 'GET' ? (event) => replay(app, event, game[1]!) : null;
  };
}
