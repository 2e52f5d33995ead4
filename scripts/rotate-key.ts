/**
 * Rotate the key that signs players' tokens (functions/core/key-set.ts): a new random key
 * becomes the current one; the former stays to check the tokens it signed until they expire
 * (it is dropped at a rotation a day or more later); nobody is signed out.
 *
 *   npx tsx scripts/rotate-key.ts                     # the local server's DATA_DIR/secret (default ./.data)
 *   npx tsx scripts/rotate-key.ts --secret-id ARN     # the stack's TokenSecret in Secrets Manager
 *   … --drop-legacy                                   # also retire the key of v1 tokens (signs out their holders)
 *
 * A running local server reads the file again within 5 minutes (at once when it meets a token
 * of the new key); Lambda containers read the secret again within 5 minutes too.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseKeySet, rotateKeySet, serializeKeySet, type KeySet } from '../functions/core/key-set';

export interface RotateOptions {
  now?: Date;
  dropLegacy?: boolean;
}

const newKey = () => randomBytes(32).toString('base64url');

export function rotate(raw: string, options: RotateOptions = {}): KeySet {
  return rotateKeySet(parseKeySet(raw), newKey(), options.now ?? new Date(), { dropLegacy: options.dropLegacy });
}

/** Rotate the key set kept in a file (written whole, then renamed over the old one). */
export function rotateKeyFile(file: string, options: RotateOptions = {}): KeySet {
  const next = rotate(readFileSync(file, 'utf8'), options);
  writeFileSync(`${file}.new`, serializeKeySet(next), { mode: 0o600 });
  renameSync(`${file}.new`, file);
  return next;
}

export async function rotateSecret(secretId: string, options: RotateOptions = {}): Promise<KeySet> {
  const client = new SecretsManagerClient({});
  const current = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!current.SecretString) throw new Error(`the secret ${secretId} has no string value`);
  const next = rotate(current.SecretString, options);
  await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: serializeKeySet(next) }));
  return next;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--secret-id');
  const options = { dropLegacy: args.includes('--drop-legacy') };
  const next =
    at >= 0
      ? await rotateSecret(args[at + 1] ?? '', options)
      : rotateKeyFile(path.join(process.env.DATA_DIR ?? './.data', 'secret'), options);
  console.log(
    `The current signing key is now ${next.current}; kept: ${Object.keys(next.keys).join(', ')}${next.legacy ? ` (v1 tokens: ${next.legacy})` : ''}.`,
  );
}
