/**
 * Player tokens: `v1.<payload>.<signature>`, the payload being base64url JSON {p: playerId,
 * n: name} and the signature HMAC-SHA256 over it with the server's secret. A token is checked
 * without a database read; it cannot be forged or altered without the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenPlayer {
  playerId: string;
  name: string;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueToken(player: TokenPlayer, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ p: player.playerId, n: player.name })).toString('base64url');
  return `v1.${payload}.${sign(payload, secret)}`;
}

export function verifyToken(token: string | undefined | null, secret: string): TokenPlayer | null {
  if (!token) return null;
  const [version, payload, signature] = token.split('.');
  if (version !== 'v1' || !payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; n?: unknown };
    if (typeof data.p !== 'string' || typeof data.n !== 'string') return null;
    return { playerId: data.p, name: data.n };
  } catch {
    return null;
  }
}

/**
 * Email confirmation links: `e1.<payload>.<signature>`, the payload being base64url JSON {p:
 * playerId, e: address, i: issued at (ms), x: expires at (ms)}, signed like player tokens but
 * over the prefix too, so neither kind of token passes for the other.
 */
export interface EmailClaim {
  playerId: string;
  email: string;
  /** When the link was issued (ms since the epoch): links older than the address are outdated. */
  issuedAt: number;
}

/** How long a confirmation link works. */
export const EMAIL_LINK_HOURS = 24;

const EMAIL_PREFIX = 'e1';

export function issueEmailToken(claim: Omit<EmailClaim, 'issuedAt'>, secret: string, now: Date): string {
  const issuedAt = now.getTime();
  const payload = Buffer.from(
    JSON.stringify({ p: claim.playerId, e: claim.email, i: issuedAt, x: issuedAt + EMAIL_LINK_HOURS * 3_600_000 }),
  ).toString('base64url');
  return `${EMAIL_PREFIX}.${payload}.${sign(`${EMAIL_PREFIX}.${payload}`, secret)}`;
}

/** The claim of a well-signed, unexpired link; otherwise why not. */
export function verifyEmailToken(
  token: string,
  secret: string,
  now: Date,
): { ok: true; claim: EmailClaim } | { ok: false; reason: 'invalid' | 'expired' } {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const [prefix, payload, signature, ...rest] = token.split('.');
  if (prefix !== EMAIL_PREFIX || !payload || !signature || rest.length) return invalid;
  const expected = Buffer.from(sign(`${EMAIL_PREFIX}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return invalid;
  let data: { p?: unknown; e?: unknown; i?: unknown; x?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
  } catch {
    return invalid;
  }
  if (typeof data.p !== 'string' || typeof data.e !== 'string' || typeof data.i !== 'number' || typeof data.x !== 'number') return invalid;
  if (now.getTime() >= data.x) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { playerId: data.p, email: data.e, issuedAt: data.i } };
}
