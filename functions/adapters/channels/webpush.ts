/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291).
 *
 * web-push builds the request (encryption, VAPID JWT, headers); we send it ourselves because
 * web-push's sendNotification only speaks https, while a local or test push service is plain http.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
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

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
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
  const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    // Chat has its own topic: a chat notice must not replace a waiting "your turn".
    topic: pushTopic(n.kind === 'chat' ? `${n.gameId}#chat` : n.gameId),
    urgency: n.urgent ? 'high' : 'normal',
    // A literal: @types/web-push types supportedContentEncodings.AES_128_GCM as "aws128gcm" & …, i.e. never.
    contentEncoding: 'aes128gcm',
  });
  const status = await post(new URL(details.endpoint), details.headers, details.body);
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
