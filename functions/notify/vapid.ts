/**
 * VAPID keys for Web Push, from configuration: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY /
 * VAPID_SUBJECT (the local runtime generates them on first start and keeps them under
 * DATA_DIR), or VAPID_SECRET_ARN, a Secrets Manager secret holding
 * {"publicKey","privateKey","subject"}. Without keys, Web Push is off.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config';
import type { VapidKeys } from './channels/webpush';

let cached: Promise<VapidKeys | null> | undefined;

export function vapidKeys(): Promise<VapidKeys | null> {
  cached ??= (async () => {
    const env = process.env;
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? 'mailto:caravela@localhost' };
    }
    if (!env.VAPID_SECRET_ARN) return null;
    const out = await new SecretsManagerClient({ region: config().region }).send(new GetSecretValueCommand({ SecretId: env.VAPID_SECRET_ARN }));
    const keys = JSON.parse(out.SecretString ?? '{}') as Partial<VapidKeys>;
    return keys.publicKey && keys.privateKey ? { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: keys.subject ?? 'mailto:caravela@localhost' } : null;
  })();
  // A failed fetch is tried again next time rather than remembered.
  cached.catch(() => (cached = undefined));
  return cached;
}
