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
