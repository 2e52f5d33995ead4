/** The token key set and the Web Push (VAPID) keys, read from where the configuration says; the public lists' cursors, signed with the former. */
import { SigningKeys, secretReader } from '../adapters/signing-keys';
import { listCursors, type ListCursors } from '../core/list-cursor';
import { VapidKeySource } from '../adapters/vapid';
import type { App } from './app';
import { clientOptions } from './outside';

export function signingKeys(app: App): SigningKeys {
  const { config } = app.deps;
  return new SigningKeys(secretReader(config.secret, app.get(clientOptions)));
}

/** The cursors of the lobby's pages and the leaderboards (core/list-cursor.ts), sealed with the token keys. */
export function cursors(app: App): ListCursors {
  return listCursors(app.get(signingKeys));
}

export function vapid(app: App): VapidKeySource {
  const { config } = app.deps;
  return new VapidKeySource(config.vapid, app.get(clientOptions));
}
