/** The token key set and the Web Push (VAPID) keys, read from where the configuration says. */
import { SigningKeys, secretReader } from '../adapters/signing-keys';
import { VapidKeySource } from '../adapters/vapid';
import type { App } from './app';
import { clientOptions } from './outside';

export function signingKeys(app: App): SigningKeys {
  const { config } = app.deps;
  return new SigningKeys(secretReader(config.secret, app.get(clientOptions)));
}

export function vapid(app: App): VapidKeySource {
  const { config } = app.deps;
  return new VapidKeySource(config.vapid, app.get(clientOptions));
}
