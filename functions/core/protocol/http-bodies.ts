/**
 * The HTTP API's JSON bodies (docs/protocol.md, "HTTP"), as zod schemas: the requests (from
 * http-requests.ts, which the handlers import alone) and the answers whose types the handlers
 * build (each type is `z.output` of its schema; only scripts and tests build these schemas).
 * `npm run schemas` publishes them as docs/schemas/http.json; the end-to-end tests hold the
 * answers they read to it. `HTTP_ROUTES` says which body each route takes and answers.
 */
import * as z from 'zod';
import { ERROR_CODES } from './frames';
import { type HttpRequestName, httpRequests } from './http-requests';
import { seatInfoSchema } from './server-frames';

export { httpRequests };
export type { HttpRequest, HttpRequestName } from './http-requests';

const isoTime = (description: string) => z.iso.datetime().describe(`${description} (ISO 8601, UTC).`);

const playerId = z.string().min(1).max(64);
const accessToken = z.string().min(1).describe('The player\'s identity: use it for `?token=` and "Authorization: Bearer".');

export const sessionSchema = z
  .object({
    playerId,
    name: z.string(),
    deviceId: z.string().min(1).max(64),
    token: accessToken.describe('An access token (v2.…): works for `expiresIn` seconds.'),
    refreshToken: z.string().min(1).describe('Gets the next session from `POST /api/session/refresh`, once: keep only the newest.'),
    expiresIn: z.number().int().min(1).describe('Seconds the access token works.'),
    socketToken: z
      .string()
      .min(1)
      .describe(
        'A socket token (w2.…): opens a WebSocket (`?token=`) and nothing else, for `socketExpiresIn` seconds while the device is signed in, so a returning visit connects without refreshing first.',
      ),
    socketExpiresIn: z.number().int().min(1).describe('Seconds the socket token works.'),
  })
  .meta({ id: 'Session', description: "What every sign-in answers: a signed-in device's tokens." });
export type Session = z.output<typeof sessionSchema>;

const commitSchema = z.object({
  gameId: z.string(),
  version: z.number().int().min(1),
  seat: z.number().int().min(0).nullable().describe('The seat behind the change; null for a change the server made.'),
  playerId: z.string(),
  commandId: z.string().nullable().describe("The command's `commandId`; null for changes that are not commands (creation, joins…)."),
  events: z
    .array(z.looseObject({ type: z.string() }))
    .describe("The server's events (their type starts with $) and the game's, in order: step through them with the rules module."),
  at: isoTime('When it was stored'),
});

const replayBase = {
  gameId: z.string(),
  game: z.string(),
  rulesVersion: z.string().describe('The rules version the game is played with.'),
  seats: z.array(seatInfoSchema.nullable()),
  log: z.array(z.string()).describe("The game's log (its latest 500 sentences)."),
};

/** Answer bodies: what the server sends back. */
export const httpAnswers = {
  Health: z.object({ ok: z.literal(true) }).meta({ id: 'Health', description: '`GET /healthz`: the server accepts games.' }),
  V1Player: z
    .object({
      playerId,
      name: z.string().describe('The name as stored, normalised.'),
      token: accessToken.describe('A v1 token: it never expires.'),
    })
    .meta({ id: 'V1Player', description: '`POST /api/players` without `device`: a player and their v1 token.' }),
  Session: sessionSchema,
  Accepted: z
    .object({ message: z.string() })
    .meta({ id: 'Accepted', description: '`POST /api/signin/email`: the same answer whether or not a player has the address.' }),
  PushKey: z
    .object({ publicKey: z.string().nullable().describe('The VAPID key for `pushManager.subscribe`; null when Web Push is off.') })
    .meta({ id: 'PushKey', description: '`GET /api/push-key`.' }),
  EmailConfirmed: z
    .object({ email: z.string().describe('The address now confirmed.') })
    .meta({ id: 'EmailConfirmed', description: '`POST /api/email/confirm`.' }),
  PasskeyAdded: z
    .object({ credentialId: z.string().min(1), label: z.string() })
    .meta({ id: 'PasskeyAdded', description: '`POST /api/passkeys`: the passkey added.' }),
  PasskeyOptions: z.looseObject({ challenge: z.string().min(1) }).meta({
    id: 'PasskeyOptions',
    description:
      'WebAuthn options for the browser: `PublicKeyCredentialCreationOptionsJSON` (`POST /api/passkeys/options`) or `PublicKeyCredentialRequestOptionsJSON` (`POST /api/signin/passkey/options`).',
  }),
  FinishedReplay: z
    .object({ ...replayBase, status: z.literal('finished'), commits: z.array(commitSchema).describe('Every commit, oldest first.') })
    .meta({ id: 'FinishedReplay', description: '`GET /api/games/{gameId}/replay` of a finished game: its whole history, for anyone.' }),
  RunningReplay: z
    .object({
      ...replayBase,
      status: z.enum(['open', 'active']),
      you: z.number().int().min(0).describe("The caller's seat."),
      commits: z
        .array(commitSchema.pick({ version: true, at: true, seat: true }))
        .describe("The caller's own commits: when each was stored."),
    })
    .meta({
      id: 'RunningReplay',
      description: '`GET /api/games/{gameId}/replay` of a game not over, for its players only: the log and their own commit times.',
    }),
  Error: z
    .object({
      code: z.enum(ERROR_CODES),
      message: z.string().min(1).describe('A sentence a person can act on.'),
      retryAfterMs: z.number().int().min(0).optional().describe('With some RATE_LIMITED refusals: how long to wait.'),
    })
    .meta({ id: 'Error', description: 'Every refusal (any status from 400): nothing changed.' }),
} as const;

export type HttpAnswerName = keyof typeof httpAnswers;
export type HttpAnswer<N extends HttpAnswerName> = z.output<(typeof httpAnswers)[N]>;

export interface HttpRoute {
  /** The request body, if the route reads one. */
  request?: HttpRequestName;
  /** The answer bodies by success status (one of them); every refusal, 400 and up, is an `Error`. */
  answers: Record<number, HttpAnswerName[]>;
}

/** Every route of the HTTP API, as `METHOD /path` (`{gameId}`: a path segment). */
export const HTTP_ROUTES: Record<string, HttpRoute> = {
  'GET /healthz': { answers: { 200: ['Health'] } },
  'POST /api/players': { request: 'PlayerRequest', answers: { 201: ['V1Player', 'Session'] } },
  'POST /api/session/refresh': { request: 'RefreshRequest', answers: { 200: ['Session'] } },
  'POST /api/session/upgrade': { request: 'LabelRequest', answers: { 201: ['Session'] } },
  'POST /api/signin/email': { request: 'SignInEmailRequest', answers: { 202: ['Accepted'] } },
  'POST /api/signin/email/open': { request: 'SignInEmailOpenRequest', answers: { 201: ['Session'] } },
  'POST /api/signin/code': { request: 'SignInCodeRequest', answers: { 201: ['Session'] } },
  'POST /api/passkeys/options': { answers: { 200: ['PasskeyOptions'] } },
  'POST /api/passkeys': { request: 'PasskeyRequest', answers: { 201: ['PasskeyAdded'] } },
  'POST /api/signin/passkey/options': { answers: { 200: ['PasskeyOptions'] } },
  'POST /api/signin/passkey': { request: 'PasskeyRequest', answers: { 201: ['Session'] } },
  'GET /api/push-key': { answers: { 200: ['PushKey'] } },
  'POST /api/email/confirm': { request: 'EmailConfirmRequest', answers: { 200: ['EmailConfirmed'] } },
  'GET /api/games/{gameId}/replay': { answers: { 200: ['FinishedReplay', 'RunningReplay'] } },
};
