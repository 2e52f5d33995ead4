/**
 * What the application is built from (see app.ts): its configuration and the few things that
 * differ between a Lambda container, the local runtime and a test — the clock, the source of
 * ids and seeds, where frames go, and overrides of the outside world (mail, channels).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Mailer } from '../adapters/channels/email';
import type { Sender } from '../adapters/sender';
import type { Channels } from '../host/notifier';
import type { Observer } from '../observe/observer';
import type { Stores } from '../stores';
import type { Part } from './app';
import type { AppConfig } from './config';

export interface Ids {
  gameId(): string;
  playerId(): string;
  /** The seed of a new game's random draws. */
  seed(): number;
}

export interface AppDeps {
  config: AppConfig;
  /** The time every service sees. */
  now: () => Date;
  ids: Ids;
  /**
   * Where data is kept: these stores (memory, in tests and the Java-free local server), else the
   * DynamoDB table the configuration names.
   */
  stores?: Stores;
  /** The table's client (the cost measurement counts its requests); built from the configuration when absent. */
  dynamo?: DynamoDBDocumentClient;
  /**
   * Where frames go when not through API Gateway's @connections API: the local runtime hands
   * them to its own sockets, a test records them.
   */
  sender?: Sender;
  /** Mail sent another way than the configuration says (tests); null sends none. */
  mailer?: Mailer | null;
  /** Notification channels replaced (tests). */
  channels?: Partial<Channels>;
  /** Where log lines and metrics go; built from the configuration (level, Lambda or not) when absent. */
  observer?: Observer;
  /** How a chain of automatic moves waits between its paced moves: real time when absent (the simulator's clock). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Parts built another way than their own function says: the local runtime's sole writer
   * (local/sole-writer.ts), whose stores no Lambda function needs or carries.
   */
  replacing?: ReadonlyMap<Part<unknown>, Part<unknown>>;
}

/** Ids as production makes them: unguessable, short enough for an invite link. */
export const randomIds: Ids = {
  gameId: () => randomBytes(12).toString('base64url'),
  playerId: () => randomUUID(),
  seed: () => randomInt(0, 2 ** 31),
};
