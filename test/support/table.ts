/** Read the table directly, to check what a test did or did not store. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { TABLE_NAME, type LocalServer } from '../../local/server';
import { commitFromItem } from '../../functions/adapters/store/event-store';
import { applyCommit, type Commit, type GameRecord } from '../../functions/core/record';
import type { App } from '../../functions/app/app';
import { records } from '../../functions/app/games';

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

/** Everything but connections and subscriptions (which change as sockets come and go), sorted. */
export async function storedState(endpoint: string): Promise<string> {
  const items = (await scanTable(endpoint)).filter((i) => !String(i.pk).startsWith('CONN#') && !String(i.sk).startsWith('SUB#'));
  return JSON.stringify(items.map((i) => `${i.pk}|${i.sk}|${JSON.stringify(i)}`).sort());
}

export async function commitsOf(endpoint: string, gameId: string): Promise<Commit[]> {
  return (await scanTable(endpoint))
    .filter((i) => i.pk === `GAME#${gameId}` && String(i.sk).startsWith('V#'))
    .map(commitFromItem)
    .sort((a, b) => a.version - b.version);
}

/** The game's record at every stored version, rebuilt from its commits: the truth each frame is checked against. */
export async function recordsByVersion(endpoint: string, gameId: string): Promise<Map<number, GameRecord>> {
  const truth = new Map<number, GameRecord>();
  let record: GameRecord | null = null;
  for (const commit of await commitsOf(endpoint, gameId)) truth.set(commit.version, (record = applyCommit(record, commit)));
  return truth;
}

/**
 * The stored state once the work that follows an answer has finished: the stream's reactions
 * (ratings, notices, due items; drained, not guessed at by a pause, since a loaded machine can take
 * longer than any pause) and whatever the handlers still write (index, broadcast) until two scans agree.
 */
export async function settledState(server: Pick<LocalServer, 'dynamo' | 'notified'>): Promise<string> {
  await server.notified();
  const endpoint = server.dynamo.endpoint;
  let previous = await storedState(endpoint);
  for (;;) {
    await new Promise((r) => setTimeout(r, 150));
    const next = await storedState(endpoint);
    if (next === previous) return next;
    previous = next;
  }
}

/** Wait until the server (in this process) has run a player's $disconnect: they count as offline again. */
export async function waitOffline(app: App, playerId: string): Promise<void> {
  while (await app.get(records).isOnline(playerId)) await new Promise((r) => setTimeout(r, 50));
}
