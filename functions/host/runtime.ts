/**
 * The objects one process (one Lambda container, or the local runtime) shares between
 * invocations, in three parts built on first use, so each handler's bundle holds only what it
 * needs: the records and schedule every handler reads (here), the games — the event store and
 * the host — (runtime-games.ts), and notifications and mail (runtime-notify.ts).
 */
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { dynamo } from '../adapters/aws';
import { config } from '../adapters/config';
import { ManagementApiSender, type Sender } from '../adapters/sender';
import { LiveRecords } from '../adapters/store/live-records';
import { Records } from '../adapters/store/records';
import { DynamoScheduleStore } from '../adapters/store/schedule';
import type { Connection } from '../stores/connections';
import { now } from './now';

interface Runtime {
  records: Records;
  schedule: DynamoScheduleStore;
  /** connectionId → player: a connection's player never changes, so it is cached once read (the most recent 10,000; others are read again). */
  connections: LRUCache<string, Connection>;
  senders: Map<string, ManagementApiSender>;
}

let runtime: Runtime | undefined;

/** The injected clock lives in its own module (now.ts); it is still reached from here. */
export { now, setClock } from './now';

/**
 * The local runtime serves every socket and writes every commit itself: it can know who is
 * connected, and each game's latest record, in memory, and send concurrent commits together.
 */
export const singleProcess = (): boolean => process.env.SINGLE_PROCESS === 'true';

export function getRuntime(): Runtime {
  if (!runtime) {
    const { tableName } = config();
    const records = singleProcess() ? new LiveRecords(dynamo(), tableName, now) : new Records(dynamo(), tableName, now);
    runtime = {
      records,
      schedule: new DynamoScheduleStore(dynamo(), tableName),
      connections: new LRUCache({ max: 10_000 }),
      senders: new Map(),
    };
  }
  return runtime;
}

export const newPlayerId = (): string => randomUUID();

/**
 * A sender that replaces the @connections client in this process: the local runtime, which
 * holds every socket itself, hands frames to them directly, as API Gateway delivers frames
 * without an HTTP call per frame. null restores the management API.
 */
let localSender: Sender | null = null;
export function useSender(sender: Sender | null): void {
  localSender = sender;
}

/** Where to send frames for a request: the process's own sockets, the configured endpoint, else the API's own stage URL. */
export function senderFor(requestContext: { domainName?: string; stage?: string }): Sender {
  if (localSender) return localSender;
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
