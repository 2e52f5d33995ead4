/**
 * The pure parts of accounts: the key set (plain string, JSON, rotation and what it keeps),
 * access tokens and sign-in links (kid, expiry, tampering, one kind never passing for another),
 * refresh tokens, device-link codes and device labels.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_KID, legacySecret, parseKeySet, rotateKeySet, RETIRED_KEEP_MS } from '../../functions/core/key-set';
import {
  ACCESS_TOKEN_SECONDS,
  issueAccessToken,
  issueLinkToken,
  parseRefreshToken,
  refreshToken,
  verifyAccessToken,
  verifyLinkToken,
} from '../../functions/core/session-token';
import { issueToken, verifyToken } from '../../functions/core/token';
import { CODE_ALPHABET, newDeviceCode, normalizeDeviceCode, showDeviceCode } from '../../functions/core/device-code';
import { cleanLabel, deviceLabel, labelFromUserAgent } from '../../functions/core/device-label';
import { linksOf } from '../../functions/app/config';

const A = 'a-first-secret-of-some-length';
const B = 'a-second-secret-of-some-length';
const at = new Date('2026-03-01T10:00:00Z');
const later = (s: number) => new Date(at.getTime() + s * 1000);
const ana = { playerId: '5b0e4a53-9d2e-4c61-8a43-1f3d2c6e7a10', name: 'Ana', deviceId: 'dev-ana-1' };
const keysOf = (set: Record<string, string>) => (kid: string) => set[kid];

function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const parts = token.split('.');
  const data = JSON.parse(Buffer.from(parts[2]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(data);
  parts[2] = Buffer.from(JSON.stringify(data)).toString('base64url');
  return parts.join('.');
}

describe('key set', () => {
  it('reads a plain secret as one key, current and legacy, and JSON as it is', () => {
    expect(parseKeySet(`${A}\n`)).toEqual({ current: FIRST_KID, keys: { [FIRST_KID]: A }, legacy: FIRST_KID });
    const json = { current: 'k1', keys: { k0: A, k1: B }, legacy: 'k0', retired: { k0: at.toISOString() } };
    expect(parseKeySet(JSON.stringify(json))).toEqual(json);
    expect(legacySecret(parseKeySet(JSON.stringify(json)))).toBe(A);
    expect(legacySecret({ current: 'k1', keys: { k1: B } })).toBe(B);
  });

  it('refuses a malformed set with a sentence', () => {
    for (const [raw, why] of [
      ['short', /shorter than 16/],
      ['{"current":"k1"', /not JSON/],
      [`{"current":"k1","keys":{"k0":"${A}"}}`, /"current" names no key/],
      [`{"current":"k0","keys":{"k 0":"${A}"}}`, /key id/],
      ['{"current":"k0","keys":{"k0":"short"}}', /at least 16/],
      [`{"current":"k0","keys":{"k0":"${A}"},"legacy":"k9"}`, /"legacy" names no key/],
    ] as const) {
      expect(() => parseKeySet(raw), raw).toThrow(why);
    }
  });

  it('rotates: a new current key, the old one kept a day, the legacy one kept until dropped', () => {
    const first = parseKeySet(A);
    const second = rotateKeySet(first, B, at);
    expect(second).toEqual({ current: 'k1', keys: { k0: A, k1: B }, legacy: 'k0', retired: { k0: at.toISOString() } });
    const third = rotateKeySet(second, 'a-third-secret-of-some-length', new Date(at.getTime() + 60_000));
    expect(Object.keys(third.keys)).toEqual(['k0', 'k1', 'k2']);
    // A day later k1 goes; k0 stays, being the key of v1 tokens.
    const fourth = rotateKeySet(third, 'a-fourth-secret-of-some-length', new Date(at.getTime() + RETIRED_KEEP_MS + 120_000));
    expect(Object.keys(fourth.keys).sort()).toEqual(['k0', 'k2', 'k3']);
    expect(fourth.legacy).toBe('k0');
    const fifth = rotateKeySet(fourth, 'a-fifth-secret-of-some-length', new Date(at.getTime() + 2 * RETIRED_KEEP_MS + 180_000), {
      dropLegacy: true,
    });
    expect(Object.keys(fifth.keys).sort()).toEqual(['k3', 'k4']);
    expect(fifth.legacy).toBeUndefined();
    expect(() => rotateKeySet(first, B, at, { kid: 'k0' })).toThrow(/taken/);
  });
});

describe('access tokens', () => {
  it('name the kid, and are checked with that key until they expire', async () => {
    const token = issueAccessToken(ana, 'k1', B, at);
    expect(token).toMatch(/^v2\.k1\.[\w-]+\.[\w-]+$/);
    const ok = await verifyAccessToken(token, keysOf({ k0: A, k1: B }), later(ACCESS_TOKEN_SECONDS - 1));
    expect(ok).toEqual({
      ok: true,
      claim: { ...ana, issuedAt: at.getTime() / 1000, expiresAt: at.getTime() / 1000 + ACCESS_TOKEN_SECONDS },
    });
    expect(await verifyAccessToken(token, keysOf({ k0: A, k1: B }), later(ACCESS_TOKEN_SECONDS))).toEqual({ ok: false, reason: 'expired' });
    // The kid's key gone from the set, or another key under that kid: refused.
    expect(await verifyAccessToken(token, keysOf({ k0: A }), at)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken(token, keysOf({ k1: A }), at)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('cannot be altered or passed off as another kind', async () => {
    const keys = keysOf({ k0: A, k1: B });
    const token = issueAccessToken(ana, 'k1', B, at);
    const invalid = { ok: false, reason: 'invalid' };
    expect(
      await verifyAccessToken(
        tamper(token, (d) => (d.p = 'someone-else')),
        keys,
        at,
      ),
    ).toEqual(invalid);
    expect(
      await verifyAccessToken(
        tamper(token, (d) => (d.x = (d.x as number) + 3600)),
        keys,
        later(ACCESS_TOKEN_SECONDS),
      ),
    ).toEqual(invalid);
    expect(await verifyAccessToken(token.replace('v2.k1.', 'v2.k0.'), keys, at)).toEqual(invalid);
    const link = issueLinkToken({ playerId: ana.playerId, email: 'ana@example.com' }, 'k1', B, at);
    expect(await verifyAccessToken(link.replace(/^s1\./, 'v2.'), keys, at)).toEqual(invalid);
    expect(await verifyLinkToken(token.replace(/^v2\./, 's1.'), keys, at)).toEqual(invalid);
    expect(verifyToken(token, A)).toBeNull();
    expect(await verifyAccessToken(issueToken(ana, A), keys, at)).toEqual(invalid);
    for (const junk of ['', 'v2', 'v2...', 'v2.k1..x', `${token}.x`, 'v2.k 1.e30.x'])
      expect(await verifyAccessToken(junk, keys, at), junk).toEqual(invalid);
  });

  it('sign-in links carry a nonce of their own and expire after 15 minutes', async () => {
    const keys = keysOf({ k1: B });
    const one = issueLinkToken({ playerId: ana.playerId, email: 'ana@example.com' }, 'k1', B, at);
    const two = issueLinkToken({ playerId: ana.playerId, email: 'ana@example.com' }, 'k1', B, at);
    const a = await verifyLinkToken(one, keys, later(899));
    const b = await verifyLinkToken(two, keys, later(899));
    expect(a.ok && b.ok && a.claim.nonce !== b.claim.nonce).toBe(true);
    expect(await verifyLinkToken(one, keys, later(900))).toEqual({ ok: false, reason: 'expired' });
    expect(
      await verifyLinkToken(
        tamper(one, (d) => (d.e = 'eve@example.com')),
        keys,
        at,
      ),
    ).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('refresh tokens, codes and labels', () => {
  it('a refresh token names the player and device and parses back; anything else is not one', () => {
    const parts = { playerId: ana.playerId, deviceId: 'AbC-_12', secret: 'x'.repeat(43) };
    expect(parseRefreshToken(refreshToken(parts))).toEqual(parts);
    for (const junk of ['', 'r1.a.b', 'r2.a.b.c', 'r1.a.b.c.d', 'r1.a b.c.d', `r1.${'a'.repeat(65)}.b.c`])
      expect(parseRefreshToken(junk), junk).toBeNull();
  });

  it('device codes: 8 characters of an alphabet without look-alikes, typed in any case with spaces or a dash', () => {
    for (let i = 0; i < 200; i++) {
      const code = newDeviceCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{8}$/);
      expect(normalizeDeviceCode(showDeviceCode(code).toLowerCase())).toBe(code);
    }
    expect(CODE_ALPHABET).not.toMatch(/[01ILOUV]/);
    expect(normalizeDeviceCode(' abcd efgh ')).toBe('ABCDEFGH');
    for (const bad of ['ABCD-EFG', 'ABCD-EFGHJ', 'ABCD-EFG0', 'ABCD-EFGI', 'ABCD_EFGH', ''])
      expect(normalizeDeviceCode(bad), bad).toBeNull();
  });

  it("labels: the client's, tidied to one line, else the browser and system", () => {
    expect(cleanLabel("  Ana\u202e's   phone\n")).toBe("Ana's phone");
    expect(cleanLabel('x'.repeat(100))).toHaveLength(64);
    expect(
      labelFromUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toBe('Chrome on Linux');
    expect(
      labelFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(labelFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(labelFromUserAgent(undefined)).toBe('A browser');
    expect(deviceLabel('\u200b', 'curl/8.0')).toBe('A browser');
  });
});

describe("the passkeys' relying party", () => {
  it("is PUBLIC_URL's host and origin; a loopback address is localhost (browsers refuse passkeys on an IP address)", () => {
    const at = (url: string) => linksOf({ publicUrl: url.replace(/\/$/, '') }).relyingParty();
    expect(at('https://games.example.com/')).toEqual({ rpID: 'games.example.com', origin: 'https://games.example.com' });
    expect(at('https://d1234.cloudfront.net')).toEqual({ rpID: 'd1234.cloudfront.net', origin: 'https://d1234.cloudfront.net' });
    expect(at('http://127.0.0.1:3000')).toEqual({ rpID: 'localhost', origin: 'http://localhost:3000' });
    expect(at('http://localhost:3000')).toEqual({ rpID: 'localhost', origin: 'http://localhost:3000' });
  });
});
