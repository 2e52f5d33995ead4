/**
 * Connections per player on the cloud path: the server reads who is connected from the table, as
 * Lambda instances must, and counts each player's open connections in their profile item with a
 * conditional write, so the limit holds across instances; a connection whose $disconnect never
 * ran stops counting once its entry expires. (The other quotas: quotas.unit.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { restoreLimits, setLimit } from '../support/limits';
import { register, type Player } from '../support/client';
import { scanTable } from '../support/table';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, tableOnlyRecords: true, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

afterEach(restoreLimits);

describe('connections per player', () => {
  it('limits connections per player in the profile item, across instances; expired entries free their place', async () => {
    setLimit('CONNECTIONS_PER_PLAYER', 3);
    const ana = await register(server.url, 'Ana');
    const connectStatus = (p: Player) =>
      new Promise<{ status: number; body: string; ws?: WebSocket }>((resolve) => {
        const ws = new WebSocket(`${server.wsUrl}?token=${encodeURIComponent(p.token)}`);
        ws.on('error', () => undefined);
        ws.on('open', () => resolve({ status: 101, body: '', ws }));
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
      });
    const results = await Promise.all(Array.from({ length: 6 }, () => connectStatus(ana)));
    expect(results.map((r) => r.status).sort()).toEqual([101, 101, 101, 429, 429, 429]);
    // The refused ones left nothing: three live connections, three connection items.
    const items = await scanTable(server.dynamo.endpoint);
    expect(Object.keys(items.find((i) => i.pk === `PLAYER#${ana.playerId}` && i.sk === 'PROFILE')!.live as object)).toHaveLength(3);
    expect(items.filter((i) => String(i.pk).startsWith('CONN#') && i.playerId === ana.playerId)).toHaveLength(3);
    expect(JSON.parse(results.find((r) => r.status === 429)!.body)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('3 connections open already'),
    });

    // A connection whose $disconnect never ran (its entry expired) does not count.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
    );
    const profile = (await scanTable(server.dynamo.endpoint)).find((i) => i.pk === `PLAYER#${ana.playerId}` && i.sk === 'PROFILE')!;
    const stale = Object.keys(profile.live as Record<string, number>)[0]!;
    await doc.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { pk: `PLAYER#${ana.playerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET live.#c = :past',
        ExpressionAttributeNames: { '#c': stale },
        ExpressionAttributeValues: { ':past': 1 },
      }),
    );
    const again = await connectStatus(ana);
    expect(again.status).toBe(101);
    doc.destroy();
    for (const r of [...results, again]) r.ws?.close();
  });
});
