/** A player's devices: listing, revoking, device-link codes (apart from accounts.ts, which $connect and passkeys carry). */
import { Devices } from '../host/devices';
import { accountStore, sessions } from './accounts';
import type { App } from './app';
import { connectionStore } from './connections';
import { observer } from './outside';
import { playerStore } from './players';

export function devices(app: App): Devices {
  return new Devices({
    accounts: app.get(accountStore),
    connections: app.get(connectionStore),
    players: app.get(playerStore),
    sessions: app.get(sessions),
    observer: app.get(observer),
    now: app.deps.now,
  });
}
