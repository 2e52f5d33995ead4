/**
 * Loopback stand-ins for the outside world the notifier talks to: a Web Push service that checks
 * the VAPID JWT and lets the "browser" decrypt the aes128gcm body, and a webhook receiver.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { PushSubscription } from '../../functions/core/notification';

// http_ece ships no types; the one call needed, typed here.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

export interface LoopbackServer {
  origin: string;
  received: Received[];
  /** Answer the next `count` requests with `status` (e.g. 500 to fail, 410 to say gone). */
  answerNext(status: number, count?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(defaultStatus = 201): Promise<LoopbackServer> {
  const received: Received[] = [];
  const queued: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = queued.shift() ?? defaultStatus;
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answerNext: (status, count = 1) => queued.push(...Array(count).fill(status)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser does on subscribe: a P-256 key pair and an auth secret; it can decrypt what is pushed. */
export function browser(origin: string, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  const subscription: PushSubscription = {
    endpoint: `${origin}${path}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret },
  };
  return {
    subscription,
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')) as Record<string, unknown>,
  };
}

/** Check the VAPID Authorization header as a push service does (RFC 8292); returns the JWT claims, or throws. */
export function verifyVapid(headers: IncomingHttpHeaders, publicKey: string): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!m) throw new Error(`not a VAPID Authorization header: ${headers.authorization}`);
  const [, jwt, k] = m;
  if (k !== publicKey) throw new Error("the VAPID key is not the server's");
  const [h, p, s] = jwt!.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) {
    throw new Error('the VAPID signature does not verify');
  }
  return JSON.parse(Buffer.from(p, 'base64url').toString());
}
