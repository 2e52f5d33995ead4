/** The devices part of the process's runtime (see runtime.ts): listing and revoking devices, device-link codes. */
import { Devices } from './devices';
import { getAccounts } from './runtime-accounts';
import { getRuntime, now } from './runtime';

let devices: Devices | undefined;

export function getDevices(): Devices {
  const { store, sessions } = getAccounts();
  devices ??= new Devices({ accounts: store, connections: getRuntime().records, players: getRuntime().records, sessions, now });
  return devices;
}
