/**
 * VAPID keys for Web Push, from configuration: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY /
 * VAPID_SUBJECT (the local runtime generates them on first start and keeps them under
 * DATA_DIR), or VAPID_SECRET_ARN, a Secrets Manager secret holding
 * {"publicKey","privateKey","subject"}. Without keys, Web Push is off.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requestHandler } from './aws';
import { config } from './config';
import type { VapidKeys } from './channels/webpush';

/** Keys once found are kept; "no keys" is looked at again after this long (an operator may add them). */
const RECHECK_MS = 5 * 60 * 1000;
let found: VapidKeys | null = null;
let lookedAt = 0;
let pending: Promise<VapidKeys | null> | undefined;

async function read(): Promise<VapidKeys | null> {
  const env = process.env;
  const subject = (s?: string) => s ?? env.VAPID_SUBJECT ?? 'mailto:caravela@localhost';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: subject() };
  if (!env.VAPID_SECRET_ARN) return null;
  const out = await new SecretsManagerClient({ region: config().region, requestHandler }).send(
    new GetSecretValueCommand({ SecretId: env.VAPID_SECRET_ARN }),
  );
  const keys = JSON.parse(out.SecretString ?? '{}') as Partial<VapidKeys>;
  return keys.publicKey && keys.privateKey
    ? { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: subject(keys.subject) }
    : null;
}

export async function vapidKeys(): Promise<VapidKeys | null> {
  if (found) return found;
  if (!pending && Date.now() - lookedAt < RECHECK_MS && lookedAt) return null;
  pending ??= read().finally(() => {
    lookedAt = Date.now();
    pending = undefined;
  });
  found = await pending;
  return found;
}
