/**
 * The token key set (core/key-set.ts), read from CARAVELA_SECRET, the file CARAVELA_SECRET_FILE
 * (the local runtime's DATA_DIR/secret) or the Secrets Manager secret SECRET_ARN, and read
 * again every few minutes: after an operator's rotation every Lambda container signs with the
 * new key within KEYS_TTL_MS, and one that meets a kid it does not know yet reads at once (at
 * most every UNKNOWN_KID_RELOAD_MS), so a token signed elsewhere with the new key is never
 * refused.
 */
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { legacySecret, parseKeySet, type KeySet } from '../core/key-set';
import { config } from './config';
import { requestHandler } from './aws';

export const KEYS_TTL_MS = 5 * 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;

let loaded: { at: number; keys: Promise<KeySet> } | undefined;

async function readRaw(): Promise<string> {
  const c = config();
  if (c.secret) return c.secret;
  const file = process.env.CARAVELA_SECRET_FILE;
  if (file) return readFile(file, 'utf8');
  if (!c.secretArn) throw new Error('set CARAVELA_SECRET, CARAVELA_SECRET_FILE or SECRET_ARN');
  const out = await new SecretsManagerClient({ region: c.region, requestHandler }).send(
    new GetSecretValueCommand({ SecretId: c.secretArn }),
  );
  if (!out.SecretString) throw new Error('the token secret is empty');
  return out.SecretString;
}

function load(): Promise<KeySet> {
  const keys = readRaw().then(parseKeySet);
  const entry = { at: Date.now(), keys };
  loaded = entry;
  // A failed read (throttling, network) is tried again on the next call, not kept.
  keys.catch(() => {
    if (loaded === entry) loaded = undefined;
  });
  return keys;
}

/** The key set, as read at most KEYS_TTL_MS ago. */
export function signingKeys(): Promise<KeySet> {
  if (!loaded || Date.now() - loaded.at > KEYS_TTL_MS) return load();
  return loaded.keys;
}

/** Read the key set now (after a rotation; the tests, and `rotate-key` in this process). */
export function reloadSigningKeys(): Promise<KeySet> {
  return load();
}

/** The secret of a kid, reading the set again if it does not know that kid yet. */
export async function keyFor(kid: string): Promise<string | undefined> {
  const set = await signingKeys();
  if (set.keys[kid]) return set.keys[kid];
  if (loaded && Date.now() - loaded.at < UNKNOWN_KID_RELOAD_MS) return undefined;
  return (await load()).keys[kid];
}

/** The current kid and its secret, for signing. */
export async function currentKey(): Promise<{ kid: string; secret: string }> {
  const set = await signingKeys();
  return { kid: set.current, secret: set.keys[set.current]! };
}

/** The HMAC key of what carries no kid: v1 player tokens and email confirmation links. */
export async function tokenSecret(): Promise<string> {
  return legacySecret(await signingKeys());
}
