/**
 * The objects one process (one Lambda container, or the local runtime) shares between
 * invocations: the store, the records, the host with its cache, the connection cache.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { dynamo, tokenSecret } from '../adapters/aws';
import { config, confirmEmailUrl, gameUrl } from '../adapters/config';
import { createHost, type Host } from './host';
import { ManagementApiSender } from '../adapters/sender';
import { EventStore } from '../adapters/store/event-store';
import { LiveRecords } from '../adapters/store/live-records';
import { Records, type Connection } from '../adapters/store/records';
import { Schedule } from '../adapters/store/schedule';
import { notificationMail, OutboxMailer, SesMailer, type Mailer } from '../adapters/channels/email';
import { EmailConfirmations } from './confirm-email';
import { sendWebhook, webhookAllowList } from '../adapters/channels/webhook';
import { sendWebPush } from '../adapters/channels/webpush';
import { Notifier } from './notifier';
import { vapidKeys } from '../adapters/vapid';

interface Runtime {
  store: EventStore;
  records: Records;
  schedule: Schedule;
  notifier: Notifier;
  /** Email addresses' confirmation links (setNotifications, POST /api/email/confirm). */
  confirmations: EmailConfirmations;
  host: Host;
  /** connectionId → player: a connection's player never changes, so it is cached once read (the most recent 10,000; others are read again). */
  connections: LRUCache<string, Connection>;
  senders: Map<string, ManagementApiSender>;
}

let runtime: Runtime | undefined;
let clock: () => Date = () => new Date();

/** The time every handler sees; tests and the local runtime may move it (an injected clock). */
export const now = (): Date => clock();
export function setClock(fn: () => Date): void {
  clock = fn;
}

export function getRuntime(): Runtime {
  if (!runtime) {
    const { tableName } = config();
    // The local runtime serves every socket and writes every commit itself: it can know who is
    // connected, and each game's latest record, in memory, and send concurrent commits together.
    const single = process.env.SINGLE_PROCESS === 'true';
    const store = new EventStore(dynamo(), tableName, { groupCommits: single, redriveAfterMs: config().redriveAfterMs });
    const records = single ? new LiveRecords(dynamo(), tableName, now) : new Records(dynamo(), tableName, now);
    const schedule = new Schedule(dynamo(), tableName);
    const host = createHost({
      store,
      records,
      schedule,
      now,
      // 12 random bytes: unguessable, short enough for an invite link.
      newGameId: () => randomBytes(12).toString('base64url'),
      newSeed: () => randomInt(0, 2 ** 31),
      soleWriter: single,
      presenceWindowMs: single ? 50 : 0,
    });
    const mailer: Mailer | null = process.env.EMAIL_OUTBOX_DIR
      ? new OutboxMailer(process.env.EMAIL_OUTBOX_DIR)
      : process.env.EMAIL_FROM
        ? new SesMailer(process.env.EMAIL_FROM, config().region)
        : null;
    const notifier = new Notifier({
      records,
      schedule,
      now,
      gameUrl,
      channels: {
        webPush: async (subscription, n) => {
          const vapid = await vapidKeys();
          if (!vapid) throw new Error('Web Push is not configured (no VAPID keys)');
          return sendWebPush(subscription, n, vapid);
        },
        webhook: (url, n) => sendWebhook(url, n, webhookAllowList()),
        email: mailer ? (to, n) => mailer.send(to, notificationMail(n)) : null,
      },
    });
    const confirmations = new EmailConfirmations({ records, mailer, secret: tokenSecret, now, linkFor: confirmEmailUrl });
    runtime = { store, records, schedule, notifier, confirmations, host, connections: new LRUCache({ max: 10_000 }), senders: new Map() };
  }
  return runtime;
}

export const newPlayerId = (): string => randomUUID();

/** Where to send frames for a request: the configured endpoint, else the API's own stage URL. */
export function senderFor(requestContext: { domainName?: string; stage?: string }): ManagementApiSender {
  const configured = config().connectionsEndpoint;
  if (!configured && !(requestContext.domainName && requestContext.stage)) {
    throw new Error('no @connections endpoint: set CONNECTIONS_ENDPOINT or call from a WebSocket request');
  }
  const endpoint = configured ?? `https://${requestContext.domainName}/${requestContext.stage}`;
  const senders = getRuntime().senders;
  let sender = senders.get(endpoint);
  if (!sender) senders.set(endpoint, (sender = new ManagementApiSender(endpoint)));
  return sender;
}
