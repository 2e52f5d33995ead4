/** Passkeys, apart from accounts.ts: only the passkey function carries the WebAuthn library. */
import { Passkeys } from '../host/passkeys';
import type { App } from './app';
import { accountStore, sessions } from './accounts';
import { links } from './outside';

export function passkeys(app: App): Passkeys {
  return new Passkeys({
    store: app.get(accountStore),
    sessions: app.get(sessions),
    now: app.deps.now,
    relyingParty: app.get(links).relyingParty,
  });
}
