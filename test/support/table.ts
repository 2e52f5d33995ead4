/** Read the table directly, to check what a test did or did not store. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { TABLE_NAME } from '../../local/server';
import type { MemoryStores } from '../../functions/adapters/memory';
import { applyCommit, type Commit, type GameRecord } from '../../functions/core/record';
import type { App } from '../../functions/app/app';
import { eventStore, records } from '../../functions/app/games';

export async function scanTable(endpoint: string): Promise<Record<string, unknown>[]> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }));
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return items;
}

/** Write one item as it stands (a fixture the product could have written, e.g. a rating from an earlier version). */
export async function putItem(endpoint: string, item: Record<string, unknown>): Promise<void> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'local', credentials: LOCAL_CREDENTIALS }));
  await doc.send(new PutCommand({ TableName: TABLE_NAME, Item: item }));
  doc.destroy();
}

/** A server on DynamoDB Local, or on the memory stores. */
type AnyServer = { dynamo: { endpoint: string } } | { stores: MemoryStores };

/**
 * Everything stored but connections and subscriptions (which change as sockets come and go),
 * as one string to compare: the table's items sorted, or the memory stores' contents.
 */
export async function storedState(server: AnyServer, options: { networkUses?: false } = {}): Promise<string> {
  if ('stores' in server) return memoryState(server.stores, options);
  const items = (await scanTable(server.dynamo.endpoint)).filter(
    (i) =>
      !String(i.pk).startsWith('CONN#') &&
      !String(i.sk).startsWith('SUB#') &&
      !(options.networkUses === false && String(i.pk).startsWith('NETWORK#')),
  );
  return JSON.stringify(items.map((i) => `${i.pk}|${i.sk}|${JSON.stringify(i)}`).sort());
}

/** The memory stores' data (maps and sets in order), without connections and the counters of reads. */
function memoryState(stores: MemoryStores, options: { networkUses?: false }): string {
  const seen = new WeakSet<object>();
  const { connections: _live, ...kept } = stores;
  return JSON.stringify(kept, (key, value: unknown) => {
    if (key === 'usage' || key === 'stream' || key === 'connections') return undefined;
    if (key === 'networkUses' && options.networkUses === false) return undefined;
    if (value && typeof value === 'object') {
      // A store another store reads (the players' store in the accounts'…) is written out once.
      if (seen.has(value)) return '[shared]';
      seen.add(value);
      if (value instanceof Map) return [...value.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
      if (value instanceof Set) return [...value].sort();
    }
    return value;
  });
}

/** A game's stored commits, in version order, read through the app's event store (on any storage). */
export async function commitsOf(app: App, gameId: string): Promise<Commit[]> {
  return app.get(eventStore).commits(gameId);
}

/** The game's record at every stored version, rebuilt from its commits: the truth each frame is checked against. */
export async function recordsByVersion(app: App, gameId: string): Promise<Map<number, GameRecord>> {
  const truth = new Map<number, GameRecord>();
  let record: GameRecord | null = null;
  for (const commit of await commitsOf(app, gameId)) truth.set(commit.version, (record = applyCommit(record, commit)));
  return truth;
}

/**
 * The stored state once the work that follows an answer has finished: the stream's reactions
 * (ratings, notices, due items; drained, not guessed at by a pause, since a loaded machine can take
 * longer than any pause) and whatever the handlers still write (index, broadcast) until two scans agree.
 */
export async function settledState(server: AnyServer & { notified(): Promise<void> }): Promise<string> {
  await server.notified();
  let previous = await storedState(server);
  for (;;) {
    await new Promise((r) => setTimeout(r, 150));
    const next = await storedState(server);
    if (next === previous) return next;
    previous = next;
  }
}

/** Wait until the server (in this process) has run a player's $disconnect: they count as offline again. */
export async function waitOffline(app: App, playerId: string): Promise<void> {
  while (await app.get(records).isOnline(playerId)) await new Promise((r) => setTimeout(r, 50));
}
