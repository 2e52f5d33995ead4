/**
 * Revoking a device on the cloud's path: who is connected read from the table (the player's
 * live connections and each connection's item), as Lambda instances must; every frame is
 * posted and the device's sockets are closed through the real management-API client against
 * the local `@connections` endpoint (`connectionsApi`); its token and refresh are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { ManagementApiSender } from '../../functions/adapters/sender';
import { senderFor } from '../../functions/app/outside';
import { startLocalServer, type LocalServer } from '../../local/server';
import { Client } from '../support/client';
import { post, signUp, type DeviceSession } from '../support/accounts';
import { scanTable } from '../support/table';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0, tableOnlyRecords: true, connectionsApi: true });
}, 90_000);
afterAll(async () => server?.close());

describe('revoking a device (connections in the table)', () => {
  it('closes every socket of that device only, and the device can neither connect nor refresh', async () => {
    const ana = await signUp(server.url, 'Ana', "Ana's desktop");
    const first = await Client.connect(server.wsUrl, ana);
    const second = await Client.connect(server.wsUrl, ana);
    const code = await first.request<Extract<ServerFrame, { type: 'deviceLinkCode' }>>({ action: 'deviceLinkCode' });
    const phone = (await post<DeviceSession>(server.url, '/api/signin/code', { code: code.code })).body;
    const onPhone = await Client.connect(server.wsUrl, phone);
    const items = await scanTable(server.dynamo.endpoint);
    expect(
      items
        .filter((i) => i.kind === 'connection')
        .map((i) => i.deviceId)
        .sort(),
    ).toEqual([ana.deviceId, ana.deviceId, phone.deviceId].sort());

    const closes = [first, second].map(
      (c) =>
        new Promise<void>((resolve) =>
          (c as unknown as { ws: { once(e: string, f: () => void): void } }).ws.once('close', () => resolve()),
        ),
    );
    await onPhone.request({ action: 'revokeDevice', deviceId: ana.deviceId });
    await Promise.all(closes);
    expect(await onPhone.request({ action: 'ping' })).toMatchObject({ type: 'pong' });
    await expect(Client.connect(server.wsUrl, ana)).rejects.toThrow(/401/);
    expect((await post(server.url, '/api/session/refresh', { refreshToken: ana.refreshToken })).status).toBe(401);
    await onPhone.close();
    // The answers above came through @connections, not handed to the sockets in-process.
    const sender = server.app.get(senderFor)();
    expect(sender).toBeInstanceOf(ManagementApiSender);
    expect((sender as ManagementApiSender).usage.frames).toBeGreaterThanOrEqual(3);
  });
});
