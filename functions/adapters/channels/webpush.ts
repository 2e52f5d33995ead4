/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291).
 *
 * The request is built here: the payload encrypted by http_ece (the library web-push itself
 * uses), the VAPID JWT signed with Node's own ES256 from the raw keys as a JWK. web-push's own
 * key handling (asn1.js and bn.js, to turn the raw key into PEM) weighed 67 KB in every bundle
 * that notifies; and its sendNotification only speaks https, while a local or test push service
 * is plain http.
 */
import { createECDH, createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import ece from 'http_ece';
import type { Delivery, Notification, PushSubscription } from '../../core/notification';

import { checkPushEndpoint } from './push-services';

export { checkPushEndpoint, PUSH_SERVICES, pushAllowList } from './push-services';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (what the browser passes as applicationServerKey). */
  publicKey: string;
  /** Raw 32-byte P-256 private key, base64url. */
  privateKey: string;
  /** Contact for the push service operator: a `mailto:` or https URL. */
  subject: string;
}

/** A turn can wait for days: keep the message queued at the push service for 4 weeks (FCM's maximum). */
const TTL_SECONDS = 4 * 7 * 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
/** A VAPID JWT is good for this long (RFC 8292 allows up to 24 h; web-push's default). */
const JWT_SECONDS = 12 * 60 * 60;

/** A new P-256 key pair as VAPID keys: the uncompressed public point and the raw private scalar, base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { d, x, y } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  return { publicKey: rawPublicKey(x!, y!), privateKey: d! };
}

const rawPublicKey = (x: string, y: string): string =>
  Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]).toString('base64url');

/** The VAPID Authorization header for a push service's origin (RFC 8292: an ES256 JWT and the public key). */
function vapidAuthorization(audience: string, vapid: VapidKeys): string {
  const point = Buffer.from(vapid.publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('The VAPID public key must be an uncompressed P-256 point (65 bytes).');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = { aud: audience, exp: Math.floor(Date.now() / 1000) + JWT_SECONDS, sub: vapid.subject };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${vapid.publicKey}`;
}

/** The payload encrypted for the subscription (aes128gcm, with a fresh key pair and salt per message). */
function encrypt(subscription: PushSubscription, payload: string): Buffer {
  if (Buffer.from(subscription.keys.p256dh, 'base64url').length !== 65)
    throw new Error('The subscription p256dh value should be 65 bytes long.');
  if (Buffer.from(subscription.keys.auth, 'base64url').length < 16)
    throw new Error('The subscription auth key should be at least 16 bytes long.');
  const local = createECDH('prime256v1');
  local.generateKeys();
  return ece.encrypt(Buffer.from(payload), {
    version: 'aes128gcm',
    dh: subscription.keys.p256dh,
    privateKey: local,
    salt: randomBytes(16).toString('base64url'),
    authSecret: subscription.keys.auth,
  });
}

/**
 * A push service keeps only the newest undelivered message per Topic, so a player who is offline
 * through several turns of one game gets one notification for it, not a pile.
 * Topics are at most 32 characters of the URL-safe base64 alphabet; game ids may not be.
 */
export function pushTopic(gameId: string): string {
  return createHash('sha256').update(gameId).digest('base64url').slice(0, 32);
}

/** `allow`: the push services that may be posted to (see push-services.ts). */
export async function sendWebPush(subscription: PushSubscription, n: Notification, vapid: VapidKeys, allow: string[]): Promise<Delivery> {
  const refusal = checkPushEndpoint(subscription.endpoint, allow);
  if (refusal) throw new Error(refusal);
  const payload = JSON.stringify({ title: n.title, body: n.body, url: n.url, gameId: n.gameId, kind: n.kind, version: n.version });
  const endpoint = new URL(subscription.endpoint);
  const body = encrypt(subscription, payload);
  const headers = {
    TTL: TTL_SECONDS,
    'Content-Length': body.length,
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Authorization: vapidAuthorization(endpoint.origin, vapid),
    Urgency: n.urgent ? 'high' : 'normal',
    // Chat has its own topic: a chat notice must not replace a waiting "your turn".
    Topic: pushTopic(n.kind === 'chat' ? `${n.gameId}#chat` : n.gameId),
  };
  const status = await post(endpoint, headers, body);
  if (status.code === 200 || status.code === 201 || status.code === 202) return 'sent';
  // The browser unsubscribed or the subscription expired: the caller drops it.
  if (status.code === 404 || status.code === 410) return 'gone';
  throw new Error(`Push service answered ${status.code}${status.text ? `: ${status.text}` : ''}`);
}

/** One POST; resolves with the status and the start of the body (push services explain refusals there). */
function post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<{ code: number; text: string }> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.reject(new Error(`Push endpoint has an unsupported protocol ${url.protocol}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'POST', headers, signal: AbortSignal.timeout(TIMEOUT_MS) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < 500) text += chunk;
      });
      res.on('end', () => resolve({ code: res.statusCode ?? 0, text: text.slice(0, 500).trim() }));
      res.on('error', reject);
    });
    req.on('error', (err) =>
      reject(
        err.name === 'AbortError' || err.name === 'TimeoutError'
          ? new Error(`Push service did not answer within ${TIMEOUT_MS / 1000} s`)
          : new Error(`Push service unreachable: ${err.message}`),
      ),
    );
    req.end(body);
  });
}
