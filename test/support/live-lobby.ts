/**
 * The live game list: a connection that asked for `myGames` with `watch` gets `gameChanged`
 * whenever one of its player's games changes for them — a player joins, the game starts, it
 * becomes or stops being their turn, it ends — and nothing for a move that leaves their turn as
 * it was. Other connections (of the same player or others) that did not ask get nothing. On the
 * local runtime in-process (connections in memory) and on the cloud path's records on DynamoDB
 * Local (items in the table, removed with the connection).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GameSummary, ServerFrame } from '../../functions/core/protocol/frames';
import { startLocalServer, type LocalServer } from '../../local/server';
import { startInProcessServer, type InProcessServer } from './in-process';
import { Client, register } from './client';
import { scanTable } from './table';

type Changed = Extract<ServerFrame, { type: 'gameChanged' }>;

/** The suite, on the local runtime in-process, or (`tableOnlyRecords`) on the cloud path's records in DynamoDB Local. */
export function liveLobbySuite(tableOnlyRecords: boolean): void {
  describe(`the live game list (${tableOnlyRecords ? 'records in the table' : 'local runtime'})`, () => {
    let server: LocalServer | InProcessServer;
    /** The table's watch items (the cloud path's records only). */
    const watches = async () =>
      'dynamo' in server ? (await scanTable(server.dynamo.endpoint)).filter((i) => String(i.sk).startsWith('WATCH#')).length : 0;
    // A server of its own for each test in-process (cheap: the tests may run in any order); one for
    // the whole suite on DynamoDB Local (a Java start each), whose tests run in order.
    const [before, after] = tableOnlyRecords ? [beforeAll, afterAll] : [beforeEach, afterEach];
    before(async () => {
      server = tableOnlyRecords
        ? await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0, tableOnlyRecords })
        : await startInProcessServer({ dataDir: null, sweepIntervalMs: 0 });
    }, 90_000);
    after(async () => server?.close());

    it('tells a watching connection when one of its games changes for its player, and nobody else', async () => {
      const ana = await register(server.url, 'Ana');
      const bruno = await register(server.url, 'Bruno');
      const watching = await Client.connect(server.wsUrl, ana);
      const other = await Client.connect(server.wsUrl, ana);
      const b = await Client.connect(server.wsUrl, bruno);
      const changes = (c: Client, gameId: string) =>
        c.frames.filter((f): f is Changed => f.type === 'gameChanged' && f.game.gameId === gameId).map((f) => f.game);

      expect(await watching.request({ action: 'myGames', watch: true })).toMatchObject({ type: 'games', games: [] });
      const { gameId } = await other.request<Extract<ServerFrame, { type: 'gameCreated' }>>({
        action: 'createGame',
        game: 'tic-tac-toe',
        players: 2,
      });
      // Creating it: Ana's list gains an open game.
      await expect.poll(() => changes(watching, gameId).length).toBe(1);
      expect(changes(watching, gameId)[0]).toMatchObject({ status: 'open', yourSeat: 0, yourTurn: false, version: 1 });

      await b.request({ action: 'joinGame', gameId });
      await expect.poll(() => changes(watching, gameId).length).toBe(2);
      const started = changes(watching, gameId)[1]!;
      expect(started).toMatchObject({ status: 'active', version: 2, seats: [{ name: 'Ana' }, { name: 'Bruno' }] });

      // Play it out: every move flips whose turn it is, so each one is announced to Ana.
      const moves: [Client, number][] = [
        [other, 0],
        [b, 3],
        [other, 1],
        [b, 4],
        [other, 2],
      ];
      const first = started.yourTurn ? 0 : 1;
      expect(first).toBe(0); // the creator begins at tic-tac-toe
      let version = 2;
      for (const [c, cell] of moves) {
        expect(await c.request({ action: 'command', gameId, commandId: `m${cell}`, command: { type: 'mark', cell } })).toMatchObject({
          type: 'ack',
          version: ++version,
        });
        await expect.poll(() => changes(watching, gameId).at(-1)?.version).toBe(version);
      }
      const seen: GameSummary[] = changes(watching, gameId);
      expect(seen.map((g) => g.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(seen.map((g) => g.yourTurn)).toEqual([false, true, false, true, false, true, false]);
      expect(seen.at(-1)).toMatchObject({ status: 'finished', lastMove: expect.stringMatching(/Ana/) });
      // Nobody else asked: no gameChanged on Ana's other tab nor for Bruno.
      expect(other.frames.some((f) => f.type === 'gameChanged')).toBe(false);
      expect(b.frames.some((f) => f.type === 'gameChanged')).toBe(false);

      if (tableOnlyRecords) expect(await watches()).toBe(1);
      await watching.close();
      // The watch goes with the connection.
      if (tableOnlyRecords) await expect.poll(watches).toBe(0);
      await other.close();
      await b.close();
    });
  });
}
