/**
 * HTTP API handler (API Gateway HTTP API, payload format 2.0): `POST /api/players` registers a
 * player and returns a signed token (or, with `device`, a device's session; the other sign-in
 * routes are in http-session.ts); `GET /api/push-key` gives the VAPID public key for Web Push
 * subscriptions; `GET /api/games/{id}/replay` a game's history; `POST /api/email/confirm` opens
 * an email confirmation link; `GET /healthz`.
 */
import { tokenSecret } from '../adapters/aws';
import { issueToken } from '../core/token';
import { seatInfos, seatOf } from '../core/record';
import { vapidKeys } from '../adapters/vapid';
import { ProtocolError } from '../core/protocol/frames';
import type { HttpAnswer, HttpAnswerName } from '../core/protocol/http-bodies';
import { httpRequests } from '../core/protocol/http-requests';
import { NAME_RULE } from '../core/protocol/text';
import { getRuntime, newPlayerId } from '../host/runtime';
import { getGames } from '../host/runtime-games';
import { getConfirmations } from '../host/runtime-mail';
import { observed } from '../observe/observed';
import { getAccounts } from '../host/runtime-accounts';
import { answering, labelOf, sessionRoutes } from './http-session';

export interface HttpEvent {
  routeKey?: string;
  rawPath: string;
  body?: string | null;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
  requestContext: { http: { method: string; path: string } };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
}

export const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** An answer of the protocol's HTTP bodies (protocol/http-bodies.ts): the type says which. */
const answer = <N extends HttpAnswerName>(statusCode: number, _name: N, body: HttpAnswer<N>): HttpResult => json(statusCode, body);

const refusal = (statusCode: number, body: HttpAnswer<'Error'>) => json(statusCode, body);
const badRequest = (message: string) => refusal(400, { code: 'BAD_REQUEST', message });

/** The name is stored, put in the token and shown to others in its normalised form (see protocol/text). */
export const playerRequest = httpRequests.PlayerRequest;

/** A small JSON body, or the answer to a body that is not one (`example` shows what to send). */
function jsonBody(event: HttpEvent, example: string): { data: unknown } | { refusal: HttpResult } {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (raw.length > 4096) return { refusal: badRequest('The request body is too large.') };
  try {
    return { data: JSON.parse(raw) };
  } catch {
    return { refusal: badRequest(`Send JSON like ${example}.`) };
  }
}

async function registerPlayer(event: HttpEvent): Promise<HttpResult> {
  const body = jsonBody(event, '{"name":"Ana"}');
  if ('refusal' in body) return body.refusal;
  const parsed = playerRequest.safeParse(body.data);
  if (!parsed.success) {
    // A name that breaks the text rule has its own sentence; a missing or non-string name the general one.
    const rule = parsed.error.issues.find((i) => i.code === 'custom');
    return badRequest(rule?.message ?? `A name of 1 to ${NAME_RULE.max} characters is required, like {"name":"Ana"}.`);
  }
  const player = { playerId: newPlayerId(), name: parsed.data.name };
  await getRuntime().records.putPlayer(player.playerId, player.name);
  // With `device`, the new player is a signed-in device (expiring tokens); without, a v1 token as before.
  const { device } = parsed.data;
  if (device) return answer(201, 'Session', await getAccounts().sessions.start(player, 'name', labelOf(event, device)));
  return answer(201, 'V1Player', { playerId: player.playerId, name: player.name, token: issueToken(player, await tokenSecret()) });
}

/** Confirm the email address a confirmation link names: `{"email"}`, or 400 with why not. */
async function confirmEmail(event: HttpEvent): Promise<HttpResult> {
  const body = jsonBody(event, '{"token":"…"} with the token of the confirmation link');
  if ('refusal' in body) return body.refusal;
  const parsed = httpRequests.EmailConfirmRequest.safeParse(body.data);
  if (!parsed.success) return badRequest('Send the token of the confirmation link as JSON: {"token":"…"}.');
  try {
    return answer(200, 'EmailConfirmed', { email: await getConfirmations().confirm(parsed.data.token) });
  } catch (error) {
    if (error instanceof ProtocolError)
      return refusal(error.code === 'BAD_REQUEST' ? 400 : 409, { code: error.code, message: error.message });
    throw error;
  }
}

/**
 * A game's history. Finished games: every commit with its events, so a client can step through
 * the game with the rules module. Games still running: only to their seated players, the log
 * and their own commits' times — raw events could leak what is still hidden.
 */
async function replay(event: HttpEvent, rawGameId: string): Promise<HttpResult> {
  const bearer = event.headers?.authorization ?? event.headers?.Authorization;
  const checked = await getAccounts().sessions.check(bearer?.replace(/^Bearer\s+/i, ''));
  if (!checked.ok) return refusal(401, { code: 'UNAUTHORIZED', message: checked.message });
  const player = checked.caller;
  const gameId = decodePathSegment(rawGameId);
  if (gameId === null)
    return badRequest(
      'The game id in this URL is not valid percent-encoding: each % must be followed by two hex digits that together spell UTF-8, like %C3%A9. Send the game id as the server gave it.',
    );
  const { host, store } = getGames();
  let record: Awaited<ReturnType<typeof host.games.fresh>>;
  try {
    record = await host.games.fresh(gameId);
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
  const commits = await store.commits(gameId);
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
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export const handler = observed('http', async (event: HttpEvent): Promise<HttpResult> => {
  const { method } = event.requestContext.http;
  const path = event.rawPath;
  if (path === '/healthz' && method === 'GET') return answer(200, 'Health', { ok: true });
  if (path === '/api/players' && method === 'POST') return registerPlayer(event);
  if (path === '/api/email/confirm' && method === 'POST') return confirmEmail(event);
  const signIn = sessionRoutes.get(path);
  if (signIn && method === 'POST') return answering(() => signIn(event));
  if (path === '/api/push-key' && method === 'GET') return answer(200, 'PushKey', { publicKey: (await vapidKeys())?.publicKey ?? null });
  const game = /^\/api\/games\/([^/]{1,64})\/replay$/.exec(path);
  if (game && method === 'GET') return replay(event, game[1]!);
  return refusal(404, { code: 'NOT_FOUND', message: `There is no ${method} ${path}.` });
});
