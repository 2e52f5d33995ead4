/**
 * The Bots function's batch (handlers/bots.ts): its mapping has two filters, so one batch holds
 * commits for its automatic moves and records for its ratings, in the stream's order. Each record
 * goes to the part it is for — a record both parts want, to both, each whatever the other did —
 * and the first record the moves fail on is reported with every record after it (the stream
 * delivers them again, in order). A rating that fails is let go, counted: the sweep's look at
 * the finished game an hour later is its retry, so it never holds up the moves in its lane.
 * The parts' services are stand-ins here, recording what they were handed.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { createApp, type Part } from '../../functions/app/app';
import { configFromEnv } from '../../functions/app/config';
import { randomIds } from '../../functions/app/deps';
import { host } from '../../functions/app/games';
import { rater } from '../../functions/app/rater';
import { bots } from '../../functions/handlers/bots';
import { MoveLeased } from '../../functions/host/reactions';
import { METRICS } from '../../functions/observe/metric-names';
import { createObserver } from '../../functions/observe/observer';

type Item = Record<string, unknown>;

/** A commit as the table's stream has it: `automatic` a seat to act (else null), `status` the game's. */
const commit = (gameId: string, version: number, status: string, automatic: number | null): Item => ({
  pk: `GAME#${gameId}`,
  sk: `V#${String(version).padStart(10, '0')}`,
  kind: 'commit',
  gameId,
  version,
  at: '2090-01-01T10:00:00.000Z',
  status,
  summary: '',
  clockDue: null,
  automatic,
});
const rateAsk = (gameId: string): Item => ({ pk: `GAME#${gameId}`, sk: 'RATEASK', kind: 'rateAsk', gameId, status: 'finished' });
const chatMessage = (gameId: string): Item => ({ pk: `GAME#${gameId}`, sk: 'CHAT#1', kind: 'chatMessage', gameId });

const batch = (...items: Item[]): DynamoDBStreamEvent =>
  ({
    Records: items.map((item, i) => ({
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(i + 1), NewImage: marshall(item, { removeUndefinedValues: true }) },
    })),
  }) as DynamoDBStreamEvent;
const failures = (...sequenceNumbers: number[]) => ({ batchItemFailures: sequenceNumbers.map((n) => ({ itemIdentifier: String(n) })) });

/**
 * The Bots function's handler on an app whose ratings and automatic moves are stand-ins: each
 * notes the game and version it was handed, and fails where `fails` says.
 */
function botsFunction(fails: { rating?: (gameId: string) => unknown; move?: (gameId: string) => unknown } = {}) {
  const handed: string[] = [];
  // The failures here are the tests': their log lines are not wanted.
  const observer = createObserver({ level: 'SILENT', onLambda: false });
  const stand = (part: string, fail: ((gameId: string) => unknown) | undefined) => async (head: { gameId: string; version?: number }) => {
    handed.push(`${part} ${head.gameId}${head.version === undefined ? '' : `@${head.version}`}`);
    const error = fail?.(head.gameId);
    if (error) throw error;
  };
  const rating = stand('rate', fails.rating);
  const move = stand('move', fails.move);
  const app = createApp({
    config: configFromEnv({ TABLE_NAME: 'caravela', CARAVELA_SECRET: 'a test secret', LOG_LEVEL: 'SILENT' }),
    now: () => new Date('2090-01-01T10:00:01.000Z'),
    ids: randomIds,
    observer,
    sender: { send: async () => 'sent' } as never,
    replacing: new Map<Part<unknown>, Part<unknown>>([
      [rater, () => ({ onCommit: rating })],
      [host, () => ({ reactions: { play: move } })],
    ]),
  });
  return { handler: app.get(bots), handed, count: vi.spyOn(observer, 'count') };
}

describe("the Bots function's batch", () => {
  it('hands each record to the part it is for, in order: finished commits and asks to the ratings, automatic commits to the moves', async () => {
    const f = botsFunction();
    const event = batch(
      commit('a', 7, 'active', 1),
      commit('f', 9, 'finished', null),
      chatMessage('a'),
      commit('b', 3, 'active', null),
      rateAsk('g'),
      commit('a', 8, 'active', 1),
    );
    expect(await f.handler(event)).toEqual(failures());
    expect(f.handed).toEqual(['move a@7', 'rate f@9', 'rate g', 'move a@8']);
  });

  it('hands a record both filters let through to both parts, each whatever the other did with it', async () => {
    const both = commit('x', 5, 'finished', 2);
    expect(await botsFunction().handler(batch(both))).toEqual(failures());
    const ratingFails = botsFunction({ rating: () => new Error('the rating library failed') });
    expect(await ratingFails.handler(batch(both))).toEqual(failures());
    expect(ratingFails.handed).toEqual(['rate x@5', 'move x@5']);
    const moveFails = botsFunction({ move: () => new Error('the search failed') });
    expect(await moveFails.handler(batch(both))).toEqual(failures(1));
    expect(moveFails.handed).toEqual(['rate x@5', 'move x@5']);
  });

  it('lets a rating that fails go, counted, and plays the moves after it: the sweep asks for that rating again an hour after the game ended', async () => {
    const f = botsFunction({ rating: (gameId) => gameId === 'f' && new Error('the rating transaction was throttled') });
    const event = batch(commit('a', 7, 'active', 1), commit('f', 9, 'finished', null), commit('a', 8, 'active', 1), rateAsk('g'));
    expect(await f.handler(event)).toEqual(failures());
    expect(f.handed).toEqual(['move a@7', 'rate f@9', 'move a@8', 'rate g']);
    expect(f.count).toHaveBeenCalledWith(METRICS.reactorFailures);
  });

  it('reports the first record the moves fail on and every record after it, the ratings among them, and rates none of those', async () => {
    const f = botsFunction({ move: (gameId) => gameId === 'b' && new Error('the search failed') });
    const event = batch(commit('f', 9, 'finished', null), commit('b', 3, 'active', 1), commit('h', 4, 'finished', null));
    expect(await f.handler(event)).toEqual(failures(2, 3));
    expect(f.handed).toEqual(['rate f@9', 'move b@3']);
    expect(f.count).toHaveBeenCalledWith(METRICS.reactorFailures);
  });

  it('delivers a move another invocation holds again, with what follows it, counting no failure', async () => {
    const f = botsFunction({ move: (gameId) => gameId === 'b' && new MoveLeased('b', 3) });
    const event = batch(commit('b', 3, 'active', 1), commit('f', 9, 'finished', null));
    expect(await f.handler(event)).toEqual(failures(1, 2));
    expect(f.handed).toEqual(['move b@3']);
    expect(f.count).not.toHaveBeenCalledWith(METRICS.reactorFailures);
  });
});
