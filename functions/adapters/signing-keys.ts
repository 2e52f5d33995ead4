/**
 * The token key set (core/key-set.ts), read from its source — the configured secret, the file
 * the local runtime keeps (DATA_DIR/secret) or a Secrets Manager secret — and read again every
 * few minutes: after an operator's rotation every Lambda container signs with the new key within
 * KEYS_TTL_MS, and one that meets a kid it does not know yet reads at once (at most every
 * UNKNOWN_KID_RELOAD_MS), so a token signed elsewhere with the new key is never refused.
 */
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { legacySecret, parseKeySet, type KeySet } from '../core/key-set';
import type { ClientOptions } from './aws';

export const KEYS_TTL_MS = 5 * 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;

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
  private loaded: { at: number; keys: Promise<KeySet> } | undefined;

  constructor(
    private readonly read: () => Promise<string>,
    /** Wall time for the cache's age (not the game clock, which tests move). */
    private readonly wall: () => number = Date.now,
  ) {}

  private load(): Promise<KeySet> {
    const keys = this.read().then(parseKeySet);
    const entry = { at: this.wall(), keys };
    this.loaded = entry;
    // A failed read (throttling, network) is tried again on the next call, not kept.
    keys.catch(() => {
      if (this.loaded === entry) this.loaded = undefined;
    });
    return keys;
  }

  /** The key set, as read at most KEYS_TTL_MS ago. */
  keySet(): Promise<KeySet> {
    if (!this.loaded || this.wall() - this.loaded.at > KEYS_TTL_MS) return this.load();
    return this.loaded.keys;
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
    if (this.loaded && this.wall() - this.loaded.at < UNKNOWN_KID_RELOAD_MS) return undefined;
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
