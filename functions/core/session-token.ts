/**
 * The tokens of signed-in devices, checked without a database read:
 *
 * - access tokens `v2.<kid>.<payload>.<signature>`, payload base64url JSON {p: playerId,
 *   n: name, d: deviceId, i: issued at, x: expires at (epoch seconds)}, valid ACCESS_TOKEN_SECONDS;
 * - socket tokens `w2.…`, the same payload, valid SOCKET_TOKEN_SECONDS and only for opening a
 *   WebSocket: `$connect` reads the device anyway, so a revoked device's socket token opens
 *   nothing, and a returning visit connects without refreshing first;
 * - email sign-in links `s1.<kid>.<payload>.<signature>`, payload {p, e: address, j: nonce, i, x},
 *   valid SIGNIN_LINK_SECONDS and used once (the nonce's marker, see host/accounts.ts).
 *
 * The signature is HMAC-SHA256 with the key the kid names over everything before it, prefix
 * included, so no kind passes for another. Refresh tokens are random secrets, not signed: the
 * device item keeps their hash (refreshHash) and the token names where that item is.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isKid } from './key-set';

/** How long an access token works: short, so it may ride in a WebSocket URL, and a revoked device's last one ends soon. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/**
 * How long a socket token works: a month, so a player back after weeks connects at once. It
 * cannot outlive its device: `$connect` checks the device exists, and a revocation closes the
 * device's open sockets (host/accounts.ts).
 */
export const SOCKET_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** How long an email sign-in link works. */
export const SIGNIN_LINK_SECONDS = 15 * 60;

export interface AccessClaim {
  playerId: string;
  name: string;
  deviceId: string;
  /** Epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

export interface LinkClaim {
  playerId: string;
  email: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
}

/** The secret of a kid, or undefined when the key set has no such key. */
export type KeyLookup = (kid: string) => string | undefined | Promise<string | undefined>;
export type Checked<C> = { ok: true; claim: C } | { ok: false; reason: 'invalid' | 'expired' };

const mac = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('base64url');
const encode = (data: object) => Buffer.from(JSON.stringify(data)).toString('base64url');

function sign(prefix: string, kid: string, data: object, secret: string): string {
  const head = `${prefix}.${kid}.${encode(data)}`;
  return `${head}.${mac(head, secret)}`;
}

async function open(prefix: string, token: string, keyOf: KeyLookup): Promise<Record<string, unknown> | null> {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== prefix || !isKid(parts[1]!) || !parts[2] || !parts[3]) return null;
  const secret = await keyOf(parts[1]!);
  if (!secret) return null;
  const expected = Buffer.from(mac(parts.slice(0, 3).join('.'), secret));
  const given = Buffer.from(parts[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(parts[2], 'base64url').toString('utf8')) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A device's token of one kind: an access token (`v2`, for everything) or a socket token (`w2`, for `$connect` only). */
export type DeviceTokenKind = 'v2' | 'w2';
const LIFETIME: Record<DeviceTokenKind, number> = { v2: ACCESS_TOKEN_SECONDS, w2: SOCKET_TOKEN_SECONDS };

export function issueAccessToken(
  who: { playerId: string; name: string; deviceId: string },
  kid: string,
  secret: string,
  now: Date,
  kind: DeviceTokenKind = 'v2',
): string {
  const i = seconds(now);
  return sign(kind, kid, { p: who.playerId, n: who.name, d: who.deviceId, i, x: i + LIFETIME[kind] }, secret);
}

export async function verifyAccessToken(
  token: string,
  keyOf: KeyLookup,
  now: Date,
  kind: DeviceTokenKind = 'v2',
): Promise<Checked<AccessClaim>> {
  const d = await open(kind, token, keyOf);
  if (!d || !isString(d.p) || typeof d.n !== 'string' || !isString(d.d) || typeof d.i !== 'number' || typeof d.x !== 'number')
    return { ok: false, reason: 'invalid' };
  if (seconds(now) >= d.x) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { playerId: d.p, name: d.n, deviceId: d.d, issuedAt: d.i, expiresAt: d.x } };
}

export function issueLinkToken(who: { playerId: string; email: string }, kid: string, secret: string, now: Date): string {
  const i = seconds(now);
  return sign(
    's1',
    kid,
    { p: who.playerId, e: who.email, j: randomBytes(12).toString('base64url'), i, x: i + SIGNIN_LINK_SECONDS },
    secret,
  );
}

export async function verifyLinkToken(token: string, keyOf: KeyLookup, now: Date): Promise<Checked<LinkClaim>> {
  const d = await open('s1', token, keyOf);
  if (!d || !isString(d.p) || !isString(d.e) || !isString(d.j) || typeof d.i !== 'number' || typeof d.x !== 'number')
    return { ok: false, reason: 'invalid' };
  if (seconds(now) >= d.x) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { playerId: d.p, email: d.e, nonce: d.j, issuedAt: d.i, expiresAt: d.x } };
}

/** A refresh token: `r1.<playerId>.<deviceId>.<secret>`; the device item keeps hashSecret(secret). */
export interface RefreshParts {
  playerId: string;
  deviceId: string;
  secret: string;
}

const PART = /^[A-Za-z0-9_-]{1,64}$/;

export const newDeviceId = (): string => randomBytes(9).toString('base64url');
export const newSecret = (): string => randomBytes(32).toString('base64url');

export function refreshToken(p: RefreshParts): string {
  return `r1.${p.playerId}.${p.deviceId}.${p.secret}`;
}

export function parseRefreshToken(token: string): RefreshParts | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'r1' || !parts.slice(1).every((p) => PART.test(p))) return null;
  return { playerId: parts[1]!, deviceId: parts[2]!, secret: parts[3]! };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');
