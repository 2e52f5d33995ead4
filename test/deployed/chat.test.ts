/**
 * Chat on the deployed stack (see harness.ts): the synthesized template's own bundles store and
 * answer chat messages (message function), and the table stream's mapping lets a chat message
 * through its filter to the notifier, which tells the offline player once by webhook.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/adapters/store/keys';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startReceiver, type LoopbackServer } from '../support/push-service';
import { startHarness, type Harness } from './harness';
import { Person, registerPlayer } from './player';

let h: Harness;
let hook: LoopbackServer;
beforeAll(async () => {
  hook = await startReceiver(204);
  h = await startHarness({
    faults: { decide: () => null, killed: () => undefined },
    scheduleEveryMs: 1000,
    maxInstances: 2,
    settings: { WEBHOOK_ALLOW: `${hook.origin}/hooks/` },
  });
}, 180_000);
afterAll(async () => {
  await h?.stop();
  await hook?.close();
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the player's profile lists a live connection (what the notifier asks). */
async function online(playerId: string): Promise<boolean> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: h.dynamo.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
  );
  const out = await doc.send(
    new GetCommand({ TableName: h.tableName, Key: { pk: keys.player(playerId), sk: keys.profile }, ConsistentRead: true }),
  );
  doc.destroy();
  return Object.keys((out.Item?.live as Record<string, number> | undefined) ?? {}).length > 0;
}

describe('chat on the deployed stack', () => {
  it('stores, answers and pages messages, and the stream tells the offline player once', async () => {
    const [ana, bruno] = await Promise.all([registerPlayer(h.gateway.url, 'Ana'), registerPlayer(h.gateway.url, 'Bruno')]);
    const a = new Person(ana, h.gateway.wsUrl);
    const b = new Person(bruno, h.gateway.wsUrl);
    await Promise.all([a.connect(), b.connect()]);
    expect(await b.request({ action: 'setNotifications', settings: { webhook: { url: `${hook.origin}/hooks/bruno` } } })).toMatchObject({
      type: 'notifications',
    });
    const { gameId } = await a.request<{ type: string; gameId: string }>({
      action: 'createGame',
      createId: 'chat-game',
      game: 'tic-tac-toe',
      players: 2,
    });
    expect(await b.request({ action: 'joinGame', gameId })).toMatchObject({ type: 'joined' });
    await b.close();
    for (let i = 0; i < 100 && (await online(bruno.playerId)); i++) await sleep(100);
    // The game's start (told while Bruno was online, or now) is a commit notice; chat notices come after it.
    await sleep(1500);
    const before = hook.received.length;

    expect(await a.request({ action: 'chat', gameId, text: 'First!' })).toMatchObject({
      type: 'chatSent',
      message: { id: 1, name: 'Ana', text: 'First!' },
    });
    expect(await a.request({ action: 'chat', gameId, text: 'Second' })).toMatchObject({ type: 'chatSent', message: { id: 2 } });
    const chats = () =>
      hook.received
        .slice(before)
        .map((r) => (JSON.parse(r.body.toString()) as { content: string }).content)
        .filter((c) => c.includes('wrote in your game'));
    for (let i = 0; i < 200 && chats().length === 0; i++) await sleep(100);
    await sleep(2000);
    expect(chats()).toEqual([expect.stringMatching(/^\*\*Ana wrote in your game of Tic-tac-toe\*\*\nAna: “First!”/)]);
    expect(await a.request({ action: 'chatHistory', gameId })).toMatchObject({
      type: 'chatHistory',
      messages: [{ id: 1 }, { id: 2 }],
      next: null,
      canWrite: true,
    });
    expect(h.stream.deadLetters).toBe(0);
    await a.close();
  }, 180_000);
});
