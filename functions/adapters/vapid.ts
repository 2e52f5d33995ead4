/**
 * VAPID keys for Web Push, from configuration: the keys themselves (the local runtime generates
 * them on first start and keeps them under DATA_DIR), or a Secrets Manager secret holding
 * {"publicKey","privateKey","subject"}. Without keys, Web Push is off.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { ClientOptions } from './aws';
import type { VapidKeys } from './channels/webpush';

/** Keys once found are kept; "no keys" is looked at again after this long (an operator may add them). */
const RECHECK_MS = 5 * 60 * 1000;
const DEFAULT_SUBJECT = 'mailto:caravela@localhost';

export type VapidSource = VapidKeys | { arn: string; subject?: string } | null;

export class VapidKeySource {
  private found: VapidKeys | null = null;
  private lookedAt = 0;
  private pending: Promise<VapidKeys | null> | undefined;

  constructor(
    private readonly source: VapidSource,
    private readonly aws: ClientOptions,
    private readonly wall: () => number = Date.now,
  ) {}

  private async read(): Promise<VapidKeys | null> {
    const source = this.source;
    if (!source) return null;
    if (!('arn' in source)) return source;
    const out = await new SecretsManagerClient(this.aws).send(new GetSecretValueCommand({ SecretId: source.arn }));
    const keys = JSON.parse(out.SecretString ?? '{}') as Partial<VapidKeys>;
    return keys.publicKey && keys.privateKey
      ? { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: keys.subject ?? source.subject ?? DEFAULT_SUBJECT }
      : null;
  }

  async keys(): Promise<VapidKeys | null> {
    if (this.found) return this.found;
    if (!this.pending && this.lookedAt && this.wall() - this.lookedAt < RECHECK_MS) return null;
    this.pending ??= this.read().finally(() => {
      this.lookedAt = this.wall();
      this.pending = undefined;
    });
    this.found = await this.pending;
    return this.found;
  }

  /** The public key browsers subscribe with, or null when Web Push is off. */
  async publicKey(): Promise<string | null> {
    return (await this.keys())?.publicKey ?? null;
  }
}
