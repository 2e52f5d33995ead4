/**
 * The local runtime keeps who is connected and who watches which game in memory (LiveRecords):
 * a subscription item in the table is not used, a closed connection stops receiving at once,
 * and no connection or subscription is written to the table (none outlives the process).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { getRuntime } from '../../functions/host/runtime';
import { LiveRecords } from '../../functions/adapters/store/live-records';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { Client, register } from '../support/client';
import { scanTable } from '../support/table';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

describe('live records in the local runtime', () => {
  it('answers watchers and presence from memory, writing no connection or subscription items', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xena'), register(server.url, 'Otto')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await o.request({ action: 'joinGame', gameId });
    await Promise.all([x.request({ action: 'subscribe', gameId }), o.request({ action: 'subscribe', gameId })]);
    const records = getRuntime().records;
    expect(records).toBeInstanceOf(LiveRecords);
    expect((await records.subscribers(gameId)).map((s) => s.playerId).sort()).toEqual([xp.playerId, op.playerId].sort());
    expect(await records.isOnline(op.playerId)).toBe(true);

    const stored = (await scanTable(server.dynamo.endpoint)).filter((i) => String(i.pk).startsWith('CONN#') || String(i.sk).startsWith('CONN#') || String(i.sk).startsWith('SUB#'));
    expect(stored).toEqual([]);
    // An item nobody wrote through this process (a leftover of an earlier run) is not a watcher.
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }));
    await doc.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `GAME#${gameId}`, sk: 'SUB#ghost', kind: 'subscription', connectionId: 'ghost', playerId: op.playerId } }));
    expect((await records.subscribers(gameId)).map((s) => s.connectionId)).not.toContain('ghost');
    doc.destroy();

    // Otto leaves: at once neither online nor a watcher; Xena's moves still reach Xena.
    const presence = x.waitFor((f) => f.type === 'presence' && f.gameId === gameId && f.online.length === 1);
    await o.close();
    await presence;
    expect(await records.isOnline(op.playerId)).toBe(false);
    expect((await records.subscribers(gameId)).map((s) => s.playerId)).toEqual([xp.playerId]);
    const seen = x.waitFor((f) => f.type === 'state' && f.version === 3);
    expect(await x.request({ action: 'command', gameId, commandId: 'm1', command: { type: 'mark', cell: 4 } })).toMatchObject({ type: 'ack', version: 3 });
    await seen;
    await x.close();
  });
});
