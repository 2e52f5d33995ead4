/**
 * `myGames` on the table: an index entry as the first builds wrote it (no status, no version, in
 * the index's first key layout, PLAYER#id / GAME#id) is listed, as in play until its game's head
 * says otherwise, and corrected and moved to its status's key range once read. (The pages
 * themselves: my-games.unit.test.ts; the layouts' transition: test/store/player-index.test.ts.)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { Client, register } from '../support/client';
import { storeTicTacToe } from '../support/games';
import { scanTable } from '../support/table';

type Games = Extract<ServerFrame, { type: 'games' }>;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
}, 90_000);
afterAll(async () => server?.close());

/** Every page of the client's games, following `next` to the end. */
async function allPages(c: Client, limit?: number): Promise<Games[]> {
  const pages: Games[] = [];
  let cursor: string | null = null;
  do {
    const page: Games = await c.request<Games>({ action: 'myGames', ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.next;
  } while (cursor);
  return pages;
}

describe('myGames on the table', () => {
  it('lists games indexed before statuses were, and corrects their status once read', async () => {
    const [lia, quim] = await Promise.all([register(server.url, 'Lia'), register(server.url, 'Quim')]);
    const [l, q] = await Promise.all([Client.connect(server.wsUrl, lia), Client.connect(server.wsUrl, quim)]);
    const openId = await storeTicTacToe(server.app, lia);
    const doneId = await storeTicTacToe(server.app, quim);
    await l.request({ action: 'joinGame', gameId: doneId });
    for (const [c, cell] of [
      [q, 0],
      [l, 3],
      [q, 1],
      [l, 4],
      [q, 2],
    ] as const)
      await c.request({ action: 'command', gameId: doneId, commandId: `old-${cell}`, command: { type: 'mark', cell } });
    // The finished game's index item as an earlier version wrote it: no status, no version, keyed by the game alone.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
    );
    await expect
      .poll(
        async () => (await scanTable(server.dynamo.endpoint)).find((i) => i.pk === `PLAYER#${lia.playerId}` && i.gameId === doneId)?.status,
      )
      .toBe('finished');
    await doc.send(new DeleteCommand({ TableName: TABLE_NAME, Key: { pk: `PLAYER#${lia.playerId}`, sk: `GAMES#2-finished#${doneId}` } }));
    await doc.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { pk: `PLAYER#${lia.playerId}`, sk: `GAME#${doneId}`, kind: 'playerGame', gameId: doneId, seat: 1 },
      }),
    );
    doc.destroy();

    const first = await l.request<Games>({ action: 'myGames' });
    expect(first.games.map((g) => [g.gameId, g.status])).toEqual([
      [openId, 'open'],
      [doneId, 'finished'],
    ]);
    const items = (await scanTable(server.dynamo.endpoint)).filter((i) => i.pk === `PLAYER#${lia.playerId}` && i.gameId === doneId);
    expect(items).toEqual([expect.objectContaining({ sk: `GAMES#2-finished#${doneId}`, status: 'finished', version: 7 })]);
    // Read as in play until then; from now on it is paged with the finished games, after the open one.
    const pages = await allPages(l, 1);
    expect(pages.map((pg) => pg.games.map((g) => g.gameId))).toEqual([[openId], [doneId]]);
    await Promise.all([l.close(), q.close()]);
  });
});
