/**
 * The players' index of games on a real DynamoDB Local, where only the table shows it: the read
 * units of a first `myGames` page and of an email digest do not grow with a player's finished
 * games (each status has its key range; DynamoDB Local reports ConsumedCapacity); a write that
 * keeps its entry's range is one conditional put, a status change moves the entry; and entries
 * of the first layout (PLAYER#id / GAME#id) are listed, once each, while the reads that find
 * them move them to their ranges.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitItem } from '../../functions/adapters/store/items';
import { readHead } from '../../functions/adapters/store/event-store';
import { DynamoPlayerGameStore } from '../../functions/adapters/store/player-games';
import { keys } from '../../functions/adapters/store/keys';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { stores as appStores } from '../../functions/app/stores';
import type { Mail } from '../../functions/adapters/channels/email';
import type { GameStatus } from '../../functions/core/record';
import { Digests } from '../../functions/host/digest';
import type { Stores } from '../../functions/stores';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { standaloneTable } from '../../local/tables';
import { suiteContext, type StoreKit } from '../support/contracts/kit';
import { testObserver } from '../support/observer';

const TABLE = 'player-index-test';
let table: Awaited<ReturnType<typeof standaloneTable>>;
let stores: Stores;
let context: ReturnType<typeof suiteContext>;
beforeAll(async () => {
  table = await standaloneTable(TABLE);
  stores = createApp({ config: configFromEnv({ TABLE_NAME: TABLE }), now: () => new Date(), ids: randomIds, dynamo: table.doc }).get(
    appStores,
  );
  context = suiteContext(() => ({ stores }) as StoreKit);
}, 90_000);
afterAll(async () => table?.stop());

/** A players' index on its own client, counting the units of what it sends (ReturnConsumedCapacity on every request). */
function measuredIndex(): {
  index: DynamoPlayerGameStore;
  client: DynamoDBClient;
  units: { read: number; write: number; requests: string[] };
  close(): void;
} {
  const client = new DynamoDBClient({ endpoint: table.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  const units = { read: 0, write: 0, requests: [] as string[] };
  client.middlewareStack.add(
    (next, ctx) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      units.requests.push(ctx.commandName ?? '');
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const total = [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (/^(Query|GetItem)Command$/.test(ctx.commandName ?? '')) units.read += total;
      else units.write += total;
      return out;
    },
    { step: 'initialize', name: 'countUnits' },
  );
  const doc = DynamoDBDocumentClient.from(client);
  return { index: new DynamoPlayerGameStore(doc, TABLE), client, units, close: () => doc.destroy() };
}

/** The head of a game stored as the host stores it, to copy under other game ids. */
const headOf = async (gameId: string): Promise<CommitItem> => (await readHead(table.doc, TABLE, gameId))!;
const putHead = (head: CommitItem, gameId: string) =>
  table.doc.send(new PutCommand({ TableName: TABLE, Item: { ...head, pk: keys.game(gameId), gameId } }));

/** `count` finished games of `playerId` (seat 0): each a copy of a finished game's head, indexed as the host indexes it. */
async function finishedGames(playerId: string, prefix: string, count: number): Promise<void> {
  const x = { playerId, name: 'Many' };
  const { record } = await context.ticTacToe(context.id(`${prefix}-template`), x, context.person('Rival'), { finish: true });
  const head = await headOf(record.gameId);
  const ids = Array.from({ length: count - 1 }, (_, i) => context.id(`${prefix}-${String(i).padStart(4, '0')}`));
  for (let i = 0; i < ids.length; i += 25)
    await Promise.all(
      ids.slice(i, i + 25).map(async (gameId) => {
        await putHead(head, gameId);
        await stores.playerGames.indexGame({ ...record, gameId });
      }),
    );
}

/** A player with `active` games in play (their turn in each) and `finished` finished ones. */
async function playerWith(name: string, active: number, finished: number): Promise<string> {
  const me = context.person(name);
  for (let i = 0; i < active; i++) await context.ticTacToe(context.id(`${name}-active-${i}`), me, context.person(`${name}-o${i}`));
  await finishedGames(me.playerId, `${name}-done`, finished);
  return me.playerId;
}

/** The read units of one player's first `myGames` page (the protocol's default of 20 games) and of their email digest. */
async function readsOf(playerId: string): Promise<{ page: number; digest: number; listed: string[]; mailed: string[] }> {
  const first = measuredIndex();
  const page = await first.index.playerGames(playerId, { limit: 20 });
  first.close();
  const email = `${playerId}@example.com`;
  await stores.players.writeSettingsRecord(playerId, {
    settings: { webPush: [], webhook: null, email, quietHours: null },
    confirmedEmail: email,
    emailSince: 0,
    confirmationsSent: [],
    rev: 0,
  });
  const now = new Date();
  await stores.digests.schedule(playerId, new Date(now.getTime() - 60_000));
  const mails: Mail[] = [];
  const digest = measuredIndex();
  const run = await new Digests({
    observer: testObserver(),
    digests: stores.digests,
    connections: stores.connections,
    players: stores.players,
    playerGames: digest.index,
    mailer: {
      send: async (_to, mail) => {
        mails.push(mail);
        return 'sent';
      },
    },
    now: () => now,
    links: { game: (id) => `https://example.com/${id}`, settings: 'https://example.com/settings', title: (game) => game },
  }).sendDue();
  digest.close();
  expect(run).toMatchObject({ sent: 1, failures: 0 });
  return {
    page: first.units.read,
    digest: digest.units.read,
    listed: page.games.map((g) => g.status),
    mailed: mails.map((m) => m.subject),
  };
}

describe("the players' index on the table", () => {
  it('reads a first myGames page and a digest in the same units whether the player finished 20 games or 500', async () => {
    const few = await readsOf(await playerWith('few', 5, 20));
    const many = await readsOf(await playerWith('many', 5, 500));
    // The page: the 5 games in play, then finished ones; the digest: the 5 games waiting, and nothing finished.
    for (const r of [few, many]) {
      expect(r.listed).toEqual([...Array(5).fill('active'), ...Array(15).fill('finished')]);
      expect(r.mailed).toEqual(['Your turn in 5 games']);
    }
    expect(many.page).toBe(few.page);
    expect(many.digest).toBe(few.digest);
    // A head read per game shown (half a unit each) and a few index Queries of one page or less.
    expect(many.page).toBeLessThanOrEqual(20 * 0.5 + 4 * 0.5);
    expect(many.digest).toBeLessThanOrEqual(5 * 0.5 + 2 * 0.5);
  }, 120_000);

  it('writes an entry that keeps its range with one conditional put; a status change moves it in one transaction', async () => {
    const me = context.person('Mover');
    const { record, records } = await context.ticTacToe(context.id('g-mover'), me, context.person('Other'), { finish: true });
    const measured = measuredIndex();
    // The stream's write of a version indexed already: one put per person seated, refused.
    await measured.index.indexGame(record);
    expect(measured.units.requests).toEqual(['PutItemCommand', 'PutItemCommand']);
    // A late write of the open version, then of the game in play: neither moves the finished entry back.
    await measured.index.indexGame(records[0]!);
    await measured.index.indexGame(records[1]!);
    measured.close();
    const entries = await entriesOf(me.playerId);
    expect(entries).toEqual([{ sk: keys.playerGame('finished', record.gameId), status: 'finished', version: record.version }]);
  });

  it('moves an entry at a status change in one transaction: the put and a delete per earlier status, the later ones checked; out of order, the newest stays', async () => {
    const me = context.person('Forward');
    const { records } = await context.ticTacToe(context.id('g-forward'), me, context.person('Back'), { finish: true, index: false });
    const [open, active, finished] = [records[0]!, records[1]!, records.at(-1)!];
    const heads = [
      { ...open, wasStatus: null },
      { ...active, wasStatus: 'open' as const },
      { ...finished, wasStatus: 'active' as const },
    ];
    const measured = measuredIndex();
    const stored: number[] = [];
    measured.client.middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: Record<string, unknown>[] }).TransactItems ?? [];
        stored.push(items.filter((i) => !i.ConditionCheck).length);
        return next(args);
      },
      { step: 'initialize', name: 'countItems' },
    );
    // In play first, then the finished version, then a late write of the open one: each a transaction, sent at once.
    for (const head of [heads[1]!, heads[2]!, heads[0]!]) await measured.index.indexGame(head);
    measured.close();
    expect(measured.units.requests).toEqual(Array(5).fill('TransactWriteItemsCommand'));
    // Per person: in play (put, delete from open), finished (put, delete from open and in play); the open version
    // (X alone seated) refused by the later checks.
    expect(stored).toEqual([2, 2, 3, 3, 1]);
    expect(await entriesOf(me.playerId)).toEqual([
      { sk: keys.playerGame('finished', finished.gameId), status: 'finished', version: finished.version },
    ]);
  });

  it("leaves an entry of the first layout to the read that finds it: the game is listed once, as its newest version's status", async () => {
    const me = context.person('Early');
    const { records } = await context.ticTacToe(context.id('g-early'), me, context.person('Late'), { finish: true, index: false });
    await putOld(me.playerId, records[0]!.gameId, 'open', 1);
    await stores.playerGames.indexGame(records[1]!);
    const page = await stores.playerGames.playerGames(me.playerId, { limit: 10 });
    expect(page.games.map((g) => [g.gameId, g.status])).toEqual([[records[1]!.gameId, 'finished']]);
    // The old entry is gone, and the entry in play was moved on to the status the game's head gives.
    const last = records.at(-1)!;
    expect(await entriesOf(me.playerId)).toEqual([
      { sk: keys.playerGame('finished', last.gameId), status: 'finished', version: last.version },
    ]);
  });

  it('lists the entries of the first layout, each once and in order, while the reads that find them move them; its cursors page on', async () => {
    const me = context.person('Legacy');
    const heads = await templateHeads(me);
    // 30 entries of the first layout, 10 of each status, with their games' heads; and one in the new layout.
    const games: Record<GameStatus, string[]> = { active: [], open: [], finished: [] };
    for (const status of ['active', 'open', 'finished'] as const)
      for (let i = 0; i < 10; i++) {
        const gameId = context.id(`g-legacy-${status}-${i}`);
        games[status].push(gameId);
        await putHead(heads[status], gameId);
        await putOld(me.playerId, gameId, status, heads[status].version);
      }
    await context.ticTacToe(context.id('g-legacy-new'), me);
    games.open.push(context.id('g-legacy-new'));

    const seen: string[] = [];
    const old: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await stores.playerGames.playerGames(me.playerId, { limit: 7, cursor });
      seen.push(...page.games.map((g) => `${g.status} ${g.gameId}`));
      old.push((await entriesOf(me.playerId)).filter((e) => e.sk.startsWith(keys.oldPlayerGames)).length);
      cursor = page.next ?? undefined;
    } while (cursor);
    // The first read moved 25 and read the other 5 where they were; the second (with the first's cursor) moved those.
    expect(old).toEqual([5, 0, 0, 0, 0]);
    const inOrder = (['active', 'open', 'finished'] as const).flatMap((s) => games[s].map((id) => `${s} ${id}`));
    expect([...seen].sort()).toEqual([...inOrder].sort());
    expect(seen.map((s) => s.split(' ')[0])).toEqual(inOrder.map((s) => s.split(' ')[0]));
    expect((await entriesOf(me.playerId)).map((e) => e.sk).sort()).toEqual(
      inOrder.map((s) => keys.playerGame(s.split(' ')[0] as GameStatus, s.split(' ')[1]!)).sort(),
    );
  });
});

/** A player's index entries as stored: key, status, version. */
async function entriesOf(playerId: string): Promise<{ sk: string; status: string; version: number }[]> {
  const out = await table.doc.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'kind = :kind',
      ExpressionAttributeValues: { ':pk': keys.player(playerId), ':kind': 'playerGame' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => ({ sk: i.sk, status: i.status, version: i.version }));
}

/** An index entry as the first layout keeps it (PLAYER#id / GAME#id). */
const putOld = (playerId: string, gameId: string, status: GameStatus, version: number) =>
  table.doc.send(
    new PutCommand({
      TableName: TABLE,
      Item: { pk: keys.player(playerId), sk: keys.oldPlayerGame(gameId), kind: 'playerGame', gameId, seat: 0, status, version },
    }),
  );

/** Heads of an open, a started and a finished game of `me` (seat 0), to copy. */
async function templateHeads(me: { playerId: string; name: string }): Promise<Record<GameStatus, CommitItem>> {
  const [open, active, finished] = await Promise.all([
    context.ticTacToe(context.id('t-open'), me, undefined, { index: false }),
    context.ticTacToe(context.id('t-active'), me, context.person('T1'), { index: false }),
    context.ticTacToe(context.id('t-finished'), me, context.person('T2'), { finish: true, index: false }),
  ]);
  return {
    open: await headOf(open.record.gameId),
    active: await headOf(active.record.gameId),
    finished: await headOf(finished.record.gameId),
  };
}
