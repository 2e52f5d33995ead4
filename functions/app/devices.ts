/** A player's devices: listing, revoking, device-link codes (apart from accounts.ts, which $connect and passkeys carry). */
import { Devices } from '../host/devices';
import { accountStore, sessions } from './accounts';
import type { App } from './app';
import { records } from './records';

export function devices(app: App): Devices {
  return new Devices({ store: app.get(accountStore), records: app.get(records), sessions: app.get(sessions), now: app.deps.now });
}
