/**
 * The WebSocket actions of accounts (myDevices, revokeDevice, deviceLinkCode, removePasskey):
 * each acts for the connection's own player only, and a refusal becomes the protocol's error
 * frame with nothing changed.
 */
import { ProtocolError, type FrameOf, type ServerFrame } from '../core/protocol/frames';
import type { Sender } from '../adapters/sender';
import type { Connection } from '../stores/connections';
import type { Outcome } from '../host/commands';
import { AccountError } from '../host/sessions';
import type { App } from '../app/app';
import { devices } from '../app/devices';

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountError) throw new ProtocolError(error.code, error.message, error.retryAfterMs);
    throw error;
  }
}

export function accountActions(app: App) {
  const devicesFrame = async (conn: Connection, requestId: string | undefined): Promise<ServerFrame> => ({
    type: 'devices',
    requestId,
    ...(await app.get(devices).list(conn)),
  });
  return {
    myDevices: async (conn: Connection, frame: FrameOf<'myDevices'>): Promise<Outcome> => ({
      reply: await devicesFrame(conn, frame.requestId),
    }),
    revokeDevice: (conn: Connection, frame: FrameOf<'revokeDevice'>, sender: Sender): Promise<Outcome> =>
      refusing(async () => {
        const after = await app.get(devices).revoke(conn, frame.deviceId, sender.close?.bind(sender));
        return { reply: await devicesFrame(conn, frame.requestId), after };
      }),
    deviceLinkCode: (conn: Connection, frame: FrameOf<'deviceLinkCode'>): Promise<Outcome> =>
      refusing(async () => ({ reply: { type: 'deviceLinkCode', requestId: frame.requestId, ...(await app.get(devices).linkCode(conn)) } })),
    removePasskey: (conn: Connection, frame: FrameOf<'removePasskey'>): Promise<Outcome> =>
      refusing(async () => {
        await app.get(devices).removePasskey(conn, frame.credentialId);
        return { reply: await devicesFrame(conn, frame.requestId) };
      }),
  };
}
