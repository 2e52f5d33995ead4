/**
 * The public lobby through the protocol: a listed game shows in `openGames` (a private one never
 * does), filtered by game, paged; a connection that watches is told when a game is listed, gains
 * a player and leaves the lobby as it starts; strangers join from the list or quick-play into
 * each other's games; two quick players racing for the last seat get one seat each (one of them
 * in a new game); bad input gets its error and changes nothing. On the local runtime in-process
 * (watches in memory) and on the cloud path's records on DynamoDB Local (watch items in the table,
 * removed with the connection).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OpenGame, ServerFrame } from '../../functions/core/protocol/frames';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startLocalServer, TABLE_NAME, type LocalServer } from '../../local/server';
import { startInProcessServer, type InProcessServer } from './in-process';
import { Client, register, type Player } from './client';
import { putItem, recordsByVersion, scanTable, storedState } from './table';
import { DynamoListingStore } from '../../functions/adapters/store/listings';

type Page = Extract<ServerFrame, { type: 'openGames' }>;
type Changed = Extract<ServerFrame, { type: 'openGameChanged' }>;
type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;
type Created = Extract<ServerFrame, { type: 'gameCreated' }>;
type Joined = Extract<ServerFrame, { type: 'joined' }>;

const DAYS_3 = { type: 'perMove', hours: 72 } as const;

/** Now, a millisecond later at every reading. */
function ticking(): () => Date {
  let at = Date.now();
  return () => new Date(++at);
}

export function openGamesSuite(tableOnlyRecords: boolean): void {
  describe(`the public lobby (${tableOnlyRecords ? 'records in the table' : 'local runtime'})`, () => {
    let server: LocalServer | InProcessServer;
    let players: Player[];
    // A server of its own for each test in-process (cheap: the tests may run in any order); one for
    // the whole suite on DynamoDB Local (a Java start each), whose tests run in order.
    const [before, after] = tableOnlyRecords ? [beforeAll, afterAll] : [beforeEach, afterEach];
    before(async () => {
      server = tableOnlyRecords
        ? await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0, tableOnlyRecords })
        : // In-process, requests follow each other within a millisecond: a clock that moves on at every
          // reading keeps "oldest first" a strict order, as the round trips to a table do.
          await startInProcessServer({ dataDir: null, sweepIntervalMs: 0, now: ticking() });
      players = await Promise.all(['Ana', 'Bruno', 'Caio', 'Dora', 'Eva'].map((n) => register(server.url, n)));
    }, 90_000);
    after(async () => server?.close());

    /** The lobby's listings as stored. */
    const listings = async () =>
      'dynamo' in server
        ? (await scanTable(server.dynamo.endpoint)).filter((i) => String(i.pk).startsWith('LOBBY#'))
        : (await server.stores.listings.page(undefined, 50)).games;
    /** The listing store itself, as another writer (a slow request, a redelivered stream record) uses it. */
    const listingStore = () =>
      'dynamo' in server
        ? new DynamoListingStore(
            DynamoDBDocumentClient.from(
              new DynamoDBClient({ endpoint: server.dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }),
            ),
            TABLE_NAME,
          )
        : server.stores.listings;
    /** The changes a connection heard of one game, one per version (the protocol allows hearing one twice). */
    const changes = (c: Client, gameId: string) =>
      c.frames
        .filter((f): f is Changed => f.type === 'openGameChanged' && f.game.gameId === gameId)
        .filter((f, i, all) => all.findIndex((g) => g.game.version === f.game.version) === i);
    /** The table as it stands once every reaction to what was stored has run. */
    const settled = async () => {
      await server.notified();
      return storedState(server);
    };

    it('lists a public game live to watchers, with its seats, clock and ratings, until it starts', async () => {
      const [ana, bruno, caio, dora] = await Promise.all(players.slice(0, 4).map((p) => Client.connect(server.wsUrl, p)));
      // Caio has a Goa rating (as the ratings reactor writes it); Ana has none.
      const rating = { mu: 27, sigma: 5, ordinal: 12.5, games: 3, wins: 2 };
      if ('dynamo' in server)
        await putItem(server.dynamo.endpoint, { pk: `PLAYER#${caio!.player.playerId}`, sk: 'RATING#goa', kind: 'rating', ...rating });
      else
        server.stores.ratings.plantRating(caio!.player.playerId, 'goa', { ...rating, name: 'Caio', updatedAt: '2026-01-01T00:00:00.000Z' });

      expect(await bruno!.request({ action: 'openGames', watch: true })).toMatchObject({ type: 'openGames', games: [], next: null });
      expect(await dora!.request({ action: 'openGames', game: 'tic-tac-toe', watch: true })).toMatchObject({
        type: 'openGames',
        games: [],
      });
      const { gameId } = await ana!.request<Created>({ action: 'createGame', game: 'goa', players: 3, clock: DAYS_3, listed: true });
      const secret = await ana!.request<Created>({ action: 'createGame', game: 'goa', players: 3 });

      await expect.poll(() => changes(bruno!, gameId).length).toBe(1);
      const first = changes(bruno!, gameId)[0]!;
      expect(first).toMatchObject({
        open: true,
        game: { gameId, game: 'goa', clock: DAYS_3, onResign: 'bot', version: 1, seats: [{ seat: 0, name: 'Ana' }, null, null] },
      });
      expect(first.game.seats[0]).not.toHaveProperty('rating');
      // Dora watches tic-tac-toe only; nobody hears of the private game.
      expect(dora!.frames.some((f) => f.type === 'openGameChanged')).toBe(false);
      expect(bruno!.frames.some((f) => f.type === 'openGameChanged' && f.game.gameId === secret.gameId)).toBe(false);

      const page = await bruno!.request<Page>({ action: 'openGames', game: 'goa' });
      expect(page.games.map((g) => g.gameId)).toEqual([gameId]);

      // Caio joins from the list: his rating shows; the game stays open with one seat left.
      expect(await caio!.request({ action: 'joinGame', gameId, listed: true })).toMatchObject({ type: 'joined', seat: 1 });
      await expect.poll(() => changes(bruno!, gameId).length).toBe(2);
      expect(changes(bruno!, gameId)[1]).toMatchObject({
        open: true,
        game: { version: 2, seats: [{ name: 'Ana' }, { name: 'Caio', rating: 12.5 }, null] },
      });
      expect((await bruno!.request<Page>({ action: 'openGames' })).games[0]!.seats[1]).toMatchObject({ name: 'Caio', rating: 12.5 });

      // Bruno takes the last seat: the game starts and leaves the lobby.
      expect(await bruno!.request({ action: 'joinGame', gameId, listed: true })).toMatchObject({ type: 'joined', seat: 2 });
      await expect.poll(() => changes(bruno!, gameId).at(-1)?.open).toBe(false);
      expect(changes(bruno!, gameId).at(-1)!.game.version).toBe(3);
      expect((await bruno!.request<Page>({ action: 'openGames' })).games).toEqual([]);
      await server.notified();
      expect(await listings()).toEqual([]);
      // A late write of an older version (a slow request, a redelivered stream record) cannot bring it back.
      const lateWriter = listingStore();
      const versions = await recordsByVersion(server.app, gameId);
      expect(await lateWriter.write(versions.get(2)!, new Map())).toBe(false);
      expect(await lateWriter.write(versions.get(3)!, new Map())).toBe(false);
      expect(await listings()).toEqual([]);

      // A watch with a filter sees its own game only; `watch: false` ends it.
      const ttt = await ana!.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true });
      await expect.poll(() => changes(dora!, ttt.gameId).length).toBe(1);
      expect(await dora!.request({ action: 'openGames', watch: false })).toMatchObject({ type: 'openGames' });
      expect(await bruno!.request({ action: 'joinGame', gameId: ttt.gameId, listed: true })).toMatchObject({ type: 'joined' });
      await expect.poll(() => changes(bruno!, ttt.gameId).at(-1)?.open).toBe(false);
      expect(changes(dora!, ttt.gameId)).toHaveLength(1);

      if (tableOnlyRecords) {
        const watches = async () =>
          'dynamo' in server ? (await scanTable(server.dynamo.endpoint)).filter((i) => i.pk === 'LOBBYWATCH').length : 0;
        expect(await watches()).toBe(1); // Bruno's (Dora stopped hers)
        await bruno!.close();
        await expect.poll(watches).toBe(0);
      } else await bruno!.close();
      await Promise.all([ana, caio, dora].map((c) => c!.close()));
    });

    it('pages the lobby by game, oldest first, and refuses a cursor it did not give', async () => {
      const eva = await Client.connect(server.wsUrl, players[4]!);
      const made: string[] = [];
      for (let i = 0; i < 5; i++)
        made.push((await eva.request<Created>({ action: 'createGame', game: 'navegador', players: 2, listed: true })).gameId);
      await server.notified();
      const first = await eva.request<Page>({ action: 'openGames', game: 'navegador', limit: 3 });
      expect(first.games.map((g) => g.gameId)).toEqual(made.slice(0, 3));
      const second = await eva.request<Page>({ action: 'openGames', game: 'navegador', limit: 3, cursor: first.next });
      expect(second).toMatchObject({ next: null });
      expect(second.games.map((g) => g.gameId)).toEqual(made.slice(3));
      // A cursor of another filter, an edited one, garbage, one made by hand from a real listing's position: refused, with a sentence.
      const last = first.games.at(-1)!;
      const invented = Buffer.from(`OPEN#navegador#${last.createdAt}#${last.gameId}`).toString('base64url');
      for (const cursor of [first.next!, 'garbage', Buffer.from('OPEN#navegador#x').toString('base64url'), invented]) {
        const answer = await eva.request<ErrorFrame>({ action: 'openGames', game: cursor === first.next ? 'goa' : 'navegador', cursor });
        expect(answer).toMatchObject({ type: 'error', code: 'BAD_REQUEST', message: expect.stringMatching(/first page again/) });
      }
      expect(await eva.request({ action: 'openGames', game: 'chess' })).toMatchObject({
        type: 'error',
        code: 'NOT_FOUND',
        message: 'There is no game "chess".',
      });
      await eva.close();
    });

    it('quick play joins the oldest matching game or creates one; racers for the last seat each get a seat', async () => {
      const [ana, bruno, caio, dora] = await Promise.all(players.slice(0, 4).map((p) => Client.connect(server.wsUrl, p)));
      // Nothing matches a 2-player Goa with a 3-day clock yet: Ana's quick play creates one, listed.
      const created = await ana!.request<Created>({ action: 'quickPlay', game: 'goa', players: 2, clock: DAYS_3 });
      expect(created.type).toBe('gameCreated');
      // Asking again answers with the same waiting game.
      expect(await ana!.request({ action: 'quickPlay', game: 'goa', players: 2, clock: DAYS_3 })).toMatchObject({
        type: 'joined',
        gameId: created.gameId,
        seat: 0,
      });
      // Another clock or seat count does not match: Dora gets a game of her own.
      const other = await dora!.request<Created>({ action: 'quickPlay', game: 'goa', players: 2, clock: { type: 'perMove', hours: 24 } });
      expect(other.type).toBe('gameCreated');
      // Bruno, a stranger, quick-plays the same: he joins Ana's game, which starts.
      expect(await bruno!.request({ action: 'quickPlay', game: 'goa', players: 2, clock: DAYS_3 })).toMatchObject({
        type: 'joined',
        gameId: created.gameId,
        seat: 1,
      });
      await bruno!.request({ action: 'subscribe', gameId: created.gameId });
      expect(bruno!.latest(created.gameId)).toMatchObject({ status: 'active' });

      // A 3-seat game with one seat left, and two quick players at once: one takes it, the other gets a new game.
      const three = await ana!.request<Created>({ action: 'createGame', game: 'navegador', players: 3, listed: true });
      expect(await dora!.request({ action: 'joinGame', gameId: three.gameId, listed: true })).toMatchObject({ type: 'joined' });
      await server.notified();
      const [b, c] = await Promise.all(
        [bruno, caio].map((p) => p!.request<Joined | Created>({ action: 'quickPlay', game: 'navegador', players: 3 })),
      );
      const answers = [b!, c!];
      expect(answers.filter((a) => a.type === 'joined' && a.gameId === three.gameId)).toHaveLength(1);
      const loser = answers.find((a) => a.gameId !== three.gameId)!;
      expect(['gameCreated', 'joined']).toContain(loser.type);
      await server.notified();
      const lobby = await ana!.request<Page>({ action: 'openGames', game: 'navegador' });
      expect(lobby.games.some((g) => g.gameId === three.gameId)).toBe(false);
      expect(lobby.games.find((g: OpenGame) => g.gameId === loser.gameId)?.seats.filter(Boolean)).toHaveLength(1);
      await Promise.all([ana, bruno, caio, dora].map((x) => x!.close()));
    });

    it('refuses bad input with a sentence and changes nothing', async () => {
      const [ana, bruno, caio] = await Promise.all(players.slice(0, 3).map((p) => Client.connect(server.wsUrl, p)));
      const secret = await ana!.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
      const full = await ana!.request<Created>({ action: 'createGame', game: 'tic-tac-toe', players: 2, listed: true });
      expect(await bruno!.request({ action: 'joinGame', gameId: full.gameId, listed: true })).toMatchObject({ type: 'joined' });
      const before = await settled();

      const refusals: [Client, Record<string, unknown>, string, RegExp][] = [
        [caio!, { action: 'joinGame', gameId: secret.gameId, listed: true }, 'FORBIDDEN', /not listed in the lobby/],
        [caio!, { action: 'joinGame', gameId: full.gameId, listed: true }, 'GAME_FULL', /seat/],
        [caio!, { action: 'joinGame', gameId: 'no-such-game', listed: true }, 'NOT_FOUND', /no game/],
        [caio!, { action: 'quickPlay', game: 'chess', players: 2 }, 'NOT_FOUND', /There is no game "chess"/],
        [caio!, { action: 'quickPlay', game: 'goa', players: 9 }, 'BAD_REQUEST', /Goa is for 2 to 4 players/],
        [caio!, { action: 'quickPlay', game: 'goa', players: 2, clock: { type: 'perMove', hours: -3 } }, 'BAD_REQUEST', /clock/],
        [caio!, { action: 'quickPlay', game: 'goa' }, 'BAD_REQUEST', /players/],
        [caio!, { action: 'createGame', game: 'goa', players: 2, onResign: 'sometimes' }, 'BAD_REQUEST', /onResign/],
        [caio!, { action: 'openGames', limit: 500 }, 'BAD_REQUEST', /limit/],
      ];
      for (const [client, frame, code, message] of refusals) {
        const answer = await client.request<ErrorFrame>(frame);
        expect(answer, JSON.stringify(frame)).toMatchObject({ type: 'error', code, message: expect.stringMatching(message) });
      }
      expect(await settled()).toBe(before);
      await Promise.all([ana, bruno, caio].map((x) => x!.close()));
    });
  });
}
