/**
 * A request the table turns away for a moment (throttled past the SDK's retries, or a
 * transaction that met another on the same item) is answered RATE_LIMITED with a wait of 1–4 s,
 * spread by the request, and changes nothing; sent again, it goes through. Any other fault is
 * still INTERNAL.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { memoryStores } from '../../functions/adapters/memory';
import { busyRefusal, isBusy } from '../../functions/api/busy';
import { wsMessage } from '../../functions/api/ws-message';
import { createApp } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import type { ServerFrame } from '../../functions/core/protocol/frames';
import type { TournamentStore } from '../../functions/stores/tournaments';
import { RecordingSender } from '../support/memory-host';

const throttled = () =>
  Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('a request the table turns away for a moment', () => {
  it('is told apart from a refusal and from a fault', () => {
    expect(isBusy(throttled())).toBe(true);
    expect(isBusy(Object.assign(new Error('x'), { name: 'ThrottlingException' }))).toBe(true);
    expect(isBusy(cancelled('None', 'TransactionConflict', 'None'))).toBe(true);
    expect(isBusy(cancelled('None', 'ThrottlingError'))).toBe(true);
    // A condition that failed is an answer (full, already entered), not a busy table.
    expect(isBusy(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    expect(isBusy(new Error('boom'))).toBe(false);
  });

  it('is asked to wait 1–4 s, spread over the requests', () => {
    const waits = Array.from({ length: 200 }, (_, i) => busyRefusal(`conn-${i}#r${i}`).retryAfterMs!);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...waits)).toBeLessThan(4000);
    expect(new Set(waits.map((w) => Math.floor(w / 500))).size).toBeGreaterThanOrEqual(5);
    expect(busyRefusal('same#1').retryAfterMs).toBe(busyRefusal('same#1').retryAfterMs);
  });

  it('answers RATE_LIMITED, stores nothing, and the same frame sent again goes through', async () => {
    const stores = memoryStores();
    let failNext: Error | null = throttled();
    const tournaments: TournamentStore = Object.create(stores.tournaments);
    tournaments.create = async (t) => {
      const error = failNext;
      failNext = null;
      if (error) throw error;
      return stores.tournaments.create(t);
    };
    const sender = new RecordingSender();
    const app = createApp({
      config: { ...configFromEnv({}), logLevel: 'SILENT' },
      now: () => new Date('2026-11-28T12:00:00.000Z'),
      ids: randomIds,
      stores: { ...stores, tournaments },
      sender,
    });
    await stores.connections.putConnection({ connectionId: 'c1', playerId: 'p-ana', name: 'Ana' });
    const send = wsMessage(app);
    const frame = JSON.stringify({
      action: 'createTournament',
      requestId: 'r1',
      name: 'Spring Cup',
      game: 'connect-four',
      format: 'swiss',
      cap: 8,
    });
    const answers = () => sender.framesTo('c1') as ServerFrame[];

    await send('c1', frame, sender);
    expect(answers().at(-1)).toMatchObject({ type: 'error', requestId: 'r1', code: 'RATE_LIMITED' });
    const wait = (answers().at(-1) as { retryAfterMs?: number }).retryAfterMs!;
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(wait).toBeLessThan(4000);
    expect((await stores.tournaments.list({ limit: 10 })).tournaments).toEqual([]);

    await send('c1', frame, sender);
    expect(answers().at(-1)).toMatchObject({ type: 'tournamentCreated', requestId: 'r1' });
    expect((await stores.tournaments.list({ limit: 10 })).tournaments.map((t) => t.name)).toEqual(['Spring Cup']);

    failNext = new Error('a fault');
    await send(
      'c1',
      JSON.stringify({ action: 'createTournament', requestId: 'r2', name: 'Cup 2', game: 'connect-four', format: 'swiss', cap: 8 }),
      sender,
    );
    expect(answers().at(-1)).toMatchObject({ type: 'error', requestId: 'r2', code: 'INTERNAL' });
  });
});
