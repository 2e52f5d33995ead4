/**
 * The local runtime keeps who is connected and who watches which game in memory (MemoryConnectionStore):
 * a subscription item in the table is not used, a closed connection stops receiving at once,
 * and no connection or subscription is written to the table (none outlives the process).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { MemoryConnectionStore } from '../../functions/adapters/memory/connections';
import { connectionStore } from '../../functions/app/connections';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { Client, register } from '../support/client';
import { scanTable } from '../support/table';
import { records as recordsPart } from '../../functions/app/games';
import { dynamo } from '../../functions/app/outside';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

describe('live records in the local runtime', () => {
  it('answers watchers and presence from memory, writing no connection or subscription items', async () => {
    const [xp, op] = await Promise.all([register(server.url, 'Xena'), register(server.url, 'Otto')]);
    const [x, o] = await Promise.all([Client.connect(server.wsUrl, xp), Client.connect(server.wsUrl, op)]);
    const { gameId } = await x.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await o.request({ action: 'joinGame', gameId });
    await Promise.all([x.request({ action: 'subscribe', gameId }), o.request({ action: 'subscribe', gameId })]);
    const records = server.app.get(recordsPart);
    expect(server.app.get(connectionStore)).toBeInstanceOf(MemoryConnectionStore);
    expect((await records.subscribers(gameId)).map((s) => s.playerId).sort()).toEqual([xp.playerId, op.playerId].sort());
    expect(await records.isOnline(op.playerId)).toBe(true);

    const stored = (await scanTable(server.dynamo.endpoint)).filter(
      (i) => String(i.pk).startsWith('CONN#') || String(i.sk).startsWith('CONN#') || String(i.sk).startsWith('SUB#'),
    );
    expect(stored).toEqual([]);
    // An item nobody wrote through this process (a leftover of an earlier run) is not a watcher.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
    );
    await doc.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { pk: `GAME#${gameId}`, sk: 'SUB#ghost', kind: 'subscription', connectionId: 'ghost', playerId: op.playerId },
      }),
    );
    expect((await records.subscribers(gameId)).map((s) => s.connectionId)).not.toContain('ghost');
    doc.destroy();

    // Otto leaves: at once neither online nor a watcher; Xena's moves still reach Xena.
    const presence = x.waitFor((f) => f.type === 'presence' && f.gameId === gameId && f.online.length === 1);
    await o.close();
    await presence;
    expect(await records.isOnline(op.playerId)).toBe(false);
    expect((await records.subscribers(gameId)).map((s) => s.playerId)).toEqual([xp.playerId]);
    const seen = x.waitFor((f) => f.type === 'state' && f.version === 3);
    expect(await x.request({ action: 'command', gameId, commandId: 'm1', command: { type: 'mark', cell: 4 } })).toMatchObject({
      type: 'ack',
      version: 3,
    });
    await seen;
    await x.close();
  });

  it("writes a game's index once per version: the stream's second put of a version the request path stored is skipped", async () => {
    const [ap, bp] = await Promise.all([register(server.url, 'Ada'), register(server.url, 'Bea')]);
    const a = await Client.connect(server.wsUrl, ap);
    const { gameId } = await a.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
      action: 'createGame',
      game: 'tic-tac-toe',
      players: 2,
    });
    await server.notified();
    const records = server.app.get(recordsPart);
    const db = server.app.get(dynamo);
    const sent: string[] = [];
    const send = db.send.bind(db);
    db.send = ((command: { constructor: { name: string } }) => {
      sent.push(command.constructor.name);
      return send(command as never);
    }) as typeof db.send;
    try {
      const seats = [{ playerId: ap.playerId }, null];
      await records.indexGame({ gameId, seats: seats as never, status: 'open', version: 1 });
      expect(sent).toEqual([]);
      await records.indexGame({
        gameId,
        seats: [{ playerId: ap.playerId }, { playerId: bp.playerId }] as never,
        status: 'active',
        version: 2,
      });
      expect(sent.length).toBeGreaterThan(0);
    } finally {
      db.send = send;
    }
    const index = (await scanTable(server.dynamo.endpoint)).filter((i) => i.kind === 'playerGame' && i.gameId === gameId);
    expect(index.map((i) => [i.pk, i.version, i.status]).sort()).toEqual(
      [
        [`PLAYER#${ap.playerId}`, 2, 'active'],
        [`PLAYER#${bp.playerId}`, 2, 'active'],
      ].sort(),
    );
    await a.close();
  });
});
