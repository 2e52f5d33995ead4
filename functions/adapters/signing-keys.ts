/**
 * The token key set (core/key-set.ts), read from its source — the configured secret, the file
 * the local runtime keeps (DATA_DIR/secret) or a Secrets Manager secret — and read again every
 * few minutes: after an operator's rotation every Lambda container signs with the new key within
 * KEYS_TTL_MS, and one that meets a kid it does not know yet reads at once (at most every
 * UNKNOWN_KID_RELOAD_MS), so a token signed elsewhere with the new key is never refused. A
 * failed read keeps the set in hand.
 */
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { legacySecret, parseKeySet, type KeySet } from '../core/key-set';
import type { ClientOptions } from './aws';

export const KEYS_TTL_MS = 5 * 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;
/** After a failed read, the set in hand serves this long before the next read. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

export type SecretSource = { value: string } | { file: string } | { arn: string };

/** How to read the secret's text from its source. */
export function secretReader(source: SecretSource | null, aws: ClientOptions): () => Promise<string> {
  if (!source) return () => Promise.reject(new Error('set CARAVELA_SECRET, CARAVELA_SECRET_FILE or SECRET_ARN'));
  if ('value' in source) return async () => source.value;
  if ('file' in source) return () => readFile(source.file, 'utf8');
  return async () => {
    const out = await new SecretsManagerClient(aws).send(new GetSecretValueCommand({ SecretId: source.arn }));
    if (!out.SecretString) throw new Error('the token secret is empty');
    return out.SecretString;
  };
}

export class SigningKeys {
  /** The last key set read, and when. */
  private held: { at: number; keys: KeySet } | undefined;
  /** A read under way: concurrent callers share it. */
  private reading: Promise<KeySet> | undefined;
  /** When the last read failed. */
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly read: () => Promise<string>,
    /** Wall time for the cache's age (not the game clock, which tests move). */
    private readonly wall: () => number = Date.now,
  ) {}

  private load(): Promise<KeySet> {
    this.reading ??= this.read()
      .then(parseKeySet)
      .then(
        (keys) => {
          this.held = { at: this.wall(), keys };
          return keys;
        },
        (error: unknown) => {
          this.failedAt = this.wall();
          throw error;
        },
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  /**
   * The key set, as read at most KEYS_TTL_MS ago. When a later read fails (throttling, a
   * Secrets Manager blip), the set in hand goes on serving, and the read is tried again after
   * RETRY_AFTER_FAILURE_MS: a blip must not fail every sign-in. With no set in hand, the
   * failure is the caller's.
   */
  keySet(): Promise<KeySet> {
    const held = this.held;
    if (!held) return this.load();
    const now = this.wall();
    if (now - held.at <= KEYS_TTL_MS || now - this.failedAt < RETRY_AFTER_FAILURE_MS) return Promise.resolve(held.keys);
    return this.load().catch(() => held.keys);
  }

  /** Read the key set now (after a rotation). */
  reload(): Promise<KeySet> {
    return this.load();
  }

  /** The secret of a kid, reading the set again if it does not know that kid yet. */
  readonly keyFor = async (kid: string): Promise<string | undefined> => {
    // A token names its kid: own keys only (a kid like "__proto__" or "constructor" is just unknown).
    const own = (set: KeySet) => (Object.hasOwn(set.keys, kid) ? set.keys[kid] : undefined);
    const known = own(await this.keySet());
    if (known) return known;
    if (this.held && this.wall() - this.held.at < UNKNOWN_KID_RELOAD_MS) return undefined;
    return own(await this.load());
  };

  /** The current kid and its secret, for signing. */
  async currentKey(): Promise<{ kid: string; secret: string }> {
    const set = await this.keySet();
    return { kid: set.current, secret: set.keys[set.current]! };
  }

  /** The HMAC key of what carries no kid: v1 player tokens and email confirmation links. */
  readonly legacySecret = async (): Promise<string> => legacySecret(await this.keySet());
}
