/**
 * The HTTP API's request bodies as zod schemas, the ones the handlers parse with. They stand
 * apart from the answers (http-bodies.ts) so that a handler's bundle builds only these at its
 * cold start, not every answer and server-frame schema.
 *
 * Requests ignore fields they do not know, like client frames. A device `label` is tidied,
 * never refused: one that is not text is left out (the server names the device from its
 * User-Agent).
 */
import * as z from 'zod';
import { NAME_RULE, playerText } from './text';

const text = (max: number) => z.string().min(1).max(max);
const label = z
  .string()
  .optional()
  .catch(undefined)
  .describe('What to call the new device in your list (tidied to one line of at most 64 characters); absent: made from the User-Agent.');

/** Request bodies: what a client sends. */
export const httpRequests = {
  PlayerRequest: z
    .object({
      name: playerText(NAME_RULE).describe(
        '1–32 characters; the server normalises it (see Player-chosen text) and answers the name as stored.',
      ),
      device: z
        .object({ label })
        .optional()
        .catch(undefined)
        .describe('Sign the new player in as a device at once: the answer is a session, not a v1 token.'),
    })
    .meta({ id: 'PlayerRequest', description: '`POST /api/players`: a new player.' }),
  RefreshRequest: z
    .object({ refreshToken: text(512).describe('The `refreshToken` of the latest session (r1.…).') })
    .meta({ id: 'RefreshRequest', description: '`POST /api/session/refresh`.' }),
  LabelRequest: z.object({ label }).meta({
    id: 'LabelRequest',
    description: '`POST /api/session/upgrade` (with the v1 token as "Authorization: Bearer"); the body may be empty.',
  }),
  SignInEmailRequest: z
    .object({ email: z.email().max(254) })
    .meta({ id: 'SignInEmailRequest', description: '`POST /api/signin/email`: mail a sign-in link to this address.' }),
  SignInEmailOpenRequest: z
    .object({ token: text(2048).describe("The sign-in link's token (s1.…)."), label })
    .meta({ id: 'SignInEmailOpenRequest', description: '`POST /api/signin/email/open`.' }),
  SignInCodeRequest: z
    .object({ code: text(32).describe('The code a signed-in device shows (any case, spaces or a dash).'), label })
    .meta({ id: 'SignInCodeRequest', description: '`POST /api/signin/code`.' }),
  PasskeyRequest: z
    .object({
      response: z
        .looseObject({})
        .describe("The browser's answer to the options (`RegistrationResponseJSON` or `AuthenticationResponseJSON`)."),
      label,
    })
    .meta({ id: 'PasskeyRequest', description: '`POST /api/passkeys` and `POST /api/signin/passkey`.' }),
  EmailConfirmRequest: z
    .object({ token: text(2048).describe("The email confirmation link's token.") })
    .meta({ id: 'EmailConfirmRequest', description: '`POST /api/email/confirm`.' }),
} as const;

export type HttpRequestName = keyof typeof httpRequests;
export type HttpRequest<N extends HttpRequestName> = z.output<(typeof httpRequests)[N]>;
