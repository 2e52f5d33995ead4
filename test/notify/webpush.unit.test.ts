/**
 * Web Push against a loopback push service that checks what a real one checks: the VAPID JWT
 * (signature, audience, expiry, subject), the RFC 8030 headers, and that the browser's keys
 * decrypt the aes128gcm body back to the payload. Plus the status mapping (410/404 gone, 500 throws).
 */
import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../functions/core/notification';
import { browser as subscribedBrowser } from '../support/push-service';
import {
  checkPushEndpoint,
  generateVapidKeys,
  PUSH_SERVICES,
  pushAllowList,
  pushTopic,
  sendWebPush,
  type VapidKeys,
} from '../../functions/adapters/channels/webpush';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let origin: string;
let allow: string[];
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // The path picks the answer, like a push service that knows which subscriptions exist.
      const status = req.url?.startsWith('/gone/')
        ? 410
        : req.url?.startsWith('/missing/')
          ? 404
          : req.url?.startsWith('/broken/')
            ? 500
            : 201;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 500 ? 'upstream exploded' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Only allowed push services are posted to; this loopback one is allowed for the tests.
  allow = [origin];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const vapid: VapidKeys = { ...generateVapidKeys(), subject: 'mailto:operator@example.org' };

/** A subscribed browser (its keys, and the decryption it can do) for this push service. */
const browser = (path: string) => subscribedBrowser(origin, path);

function note(over: Partial<Notification> = {}): Notification {
  return {
    kind: 'yourTurn',
    gameId: 'g-1234',
    game: 'vasco-da-gama',
    version: 17,
    playerId: 'p-ana',
    urgent: false,
    title: 'Your turn in Vasco da Gama',
    body: 'Bruno placed number 8 in Characters. Round 2: it is your turn. ⚓',
    url: 'http://localhost:3000/games/g-1234',
    ...over,
  };
}

const last = () => received[received.length - 1]!;

/** Checks the VAPID header as a push service does (RFC 8292) and returns the JWT claims. */
function verifyVapid(headers: IncomingHttpHeaders): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  expect(m, `Authorization: ${headers.authorization}`).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(vapid.publicKey);
  const [h, p, s] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });

  // The raw uncompressed point 04||x||y as a JWK, the form node:crypto imports directly.
  const raw = Buffer.from(k!, 'base64url');
  expect(raw.length).toBe(65);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signature = Buffer.from(s, 'base64url');
  expect(signature.length).toBe(64); // JWS ES256 is raw r||s, not DER
  const signed = Buffer.from(`${h}.${p}`);
  expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
  // The check has teeth: one flipped bit fails it.
  const tampered = Buffer.from(signature);
  tampered[10]! ^= 1;
  expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, tampered)).toBe(false);

  return JSON.parse(Buffer.from(p, 'base64url').toString());
}

describe('pushTopic', () => {
  it('is at most 32 URL-safe base64 characters, stable per game and distinct across games', () => {
    const t = pushTopic('a game id with spaces and ünïcode, much longer than thirty-two characters');
    expect(t).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(pushTopic('g-1')).toBe(pushTopic('g-1'));
    expect(pushTopic('g-1')).not.toBe(pushTopic('g-2'));
  });
});

describe('sendWebPush', () => {
  it('sends a VAPID-signed, aes128gcm-encrypted message the subscriber can decrypt', async () => {
    const b = browser('/push/device-1');
    const n = note();
    const before = Math.floor(Date.now() / 1000);
    await expect(sendWebPush(b.subscription, n, vapid, allow)).resolves.toBe('sent');

    const r = last();
    expect(r.path).toBe('/push/device-1');
    const claims = verifyVapid(r.headers);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 3600);

    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(Number(r.headers.ttl)).toBe(4 * 7 * 24 * 3600);
    expect(r.headers.urgency).toBe('normal');
    expect(r.headers.topic).toBe(pushTopic(n.gameId));
    expect(r.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // The body is opaque to the push service; only the browser's private key and auth secret open it.
    expect(r.body.includes(Buffer.from('Vasco'))).toBe(false);
    expect(b.decrypt(r.body)).toEqual({ title: n.title, body: n.body, url: n.url, gameId: n.gameId, kind: n.kind, version: n.version });
  });

  it('gives messages of one game one Topic (so they replace each other) and marks urgent ones high', async () => {
    const b = browser('/push/device-2');
    await sendWebPush(b.subscription, note({ version: 18 }), vapid, allow);
    const first = last().headers.topic;
    await sendWebPush(b.subscription, note({ version: 19, kind: 'reminder', urgent: true }), vapid, allow);
    const second = last().headers;
    expect(second.topic).toBe(first);
    expect(second.urgency).toBe('high');
    await sendWebPush(b.subscription, note({ gameId: 'g-other' }), vapid, allow);
    expect(last().headers.topic).not.toBe(first);
  });

  it("reports 'gone' when the push service says the subscription no longer exists (410 or 404)", async () => {
    await expect(sendWebPush(browser('/gone/x').subscription, note(), vapid, allow)).resolves.toBe('gone');
    await expect(sendWebPush(browser('/missing/x').subscription, note(), vapid, allow)).resolves.toBe('gone');
  });

  it('throws, naming the status, on any other answer, and when nobody listens', async () => {
    await expect(sendWebPush(browser('/broken/x').subscription, note(), vapid, allow)).rejects.toThrow(/500.*upstream exploded/);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const b = browser('/push/x');
    const withClosed = [origin, `http://127.0.0.1:${port}`];
    await expect(
      sendWebPush({ ...b.subscription, endpoint: `http://127.0.0.1:${port}/push/x` }, note(), vapid, withClosed),
    ).rejects.toThrow(/unreachable/);
  });

  it('posts only to allowed push services', async () => {
    const defaults = PUSH_SERVICES;
    expect(pushAllowList('http://a:1, http://b:2')).toEqual(['http://a:1', 'http://b:2']);
    expect(checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', defaults)).toBeNull();
    expect(checkPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', defaults)).toBeNull();
    expect(checkPushEndpoint('https://db5p.notify.windows.com/w/?token=x', defaults)).toBeNull();
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://169.254.169.254/latest',
      'https://fcm.googleapis.com.evil.com/x',
      'https://notify.windows.com.evil/x',
      'nonsense',
    ]) {
      expect(checkPushEndpoint(bad, defaults)).toMatch(/push/);
    }
    const b = browser('/push/x');
    await expect(sendWebPush({ ...b.subscription, endpoint: 'http://127.0.0.2:9/push/x' }, note(), vapid, allow)).rejects.toThrow(
      /browser push service/,
    );
  });
});
