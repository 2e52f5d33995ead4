/**
 * `npm run redrive` through the notifier, on the memory app (the local runtime in-process) with a
 * loopback push service: while the notifier is down, the batch of Ana's move is given up on (the
 * stream moves past it; here the handler drops it), so offline Bruno hears nothing; played back
 * from its kept object, it sends his "your turn" push, once; a second run finds nothing, and the
 * same batch played again sends nothing more (each delivery once per turn).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFailedBatchStore } from '../../functions/adapters/memory/failed-batches';
import { redrive } from '../../functions/api/redrive';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import { stream as streamPart } from '../../functions/handlers/stream';
import { Client, register } from '../support/client';
import { failedBatchKey, invocationRecord } from '../support/failed-batch';
import { startInProcessServer, streamGate, type InProcessServer } from '../support/in-process';
import { browser, startReceiver, type LoopbackServer } from '../support/push-service';
import { waitOffline } from '../support/table';

let server: InProcessServer;
let push: LoopbackServer;
/** While held, the notifier is down: each batch the stream hands it is given up on (kept). */
const notifier = streamGate();
const givenUp: DynamoDBStreamEvent[] = notifier.kept;

beforeAll(async () => {
  push = await startReceiver(201);
  server = await startInProcessServer({
    dataDir: null,
    sweepIntervalMs: 0,
    env: { ...process.env, PUSH_ALLOW: push.origin, LOG_LEVEL: 'SILENT' },
    instrument: notifier.instrument,
  });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await push?.close();
});

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

describe('npm run redrive, through the notifier', () => {
  it('sends the notification a batch given up on never sent, once, however often it is played back', async () => {
    const [ana, bruno] = await Promise.all([register(server.url, 'Ana'), register(server.url, 'Bruno')]);
    const a = await Client.connect(server.wsUrl, ana);
    const b = await Client.connect(server.wsUrl, bruno);
    const device = browser(push.origin, '/push/bruno');
    await b.request({ action: 'setNotifications', settings: { webPush: [device.subscription] } });
    const { gameId } = await a.request<Frame<'gameCreated'>>({ action: 'createGame', game: 'tic-tac-toe', players: 2 });
    await b.request({ action: 'joinGame', gameId });
    await server.notified();
    await b.close();
    await waitOffline(server.app, bruno.playerId);

    // The notifier is down when Ana moves: Bruno's turn begins, and nobody tells him.
    notifier.held = true;
    expect(await a.request({ action: 'command', gameId, commandId: 'a0', command: { type: 'mark', cell: 0 } })).toMatchObject({
      type: 'ack',
      version: 3,
    });
    await server.notified();
    notifier.held = false;
    const pushes = () => push.received.filter((r) => r.path === '/push/bruno');
    expect(pushes()).toEqual([]);
    expect(givenUp.length).toBeGreaterThan(0);

    // What the mapping kept of it, one object per batch, played back through the notifier's handler.
    const store = new MemoryFailedBatchStore();
    for (const event of givenUp) store.put(failedBatchKey(), invocationRecord(event.Records));
    const records = givenUp.reduce((n, e) => n + e.Records.length, 0);
    expect(await redrive(store, server.app.get(streamPart))).toEqual({ batches: givenUp.length, records, left: 0, errors: [] });
    expect(store.size).toBe(0);
    expect(pushes()).toHaveLength(1);
    expect(device.decrypt(pushes()[0]!.body)).toMatchObject({ gameId, version: 3, kind: 'yourTurn' });

    // Again: nothing to do. The same batches once more (a run cut short before its deletes): nothing sent again.
    expect(await redrive(store, server.app.get(streamPart))).toEqual({ batches: 0, records: 0, left: 0, errors: [] });
    for (const event of givenUp) store.put(failedBatchKey(), invocationRecord(event.Records));
    expect(await redrive(store, server.app.get(streamPart))).toMatchObject({ batches: givenUp.length, left: 0 });
    expect(pushes()).toHaveLength(1);
    await a.close();
  });
});
