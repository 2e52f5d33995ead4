/**
 * The simulated world drives the real application: players register, connect, turn on pushes,
 * start games and answer their turns through the API Gateway model, the app's own DynamoDB stores
 * write to the table model, the stream reaches the notifier. Every game's versions come out once
 * each, through the functions as deployed (memory, timeouts, stream mappings). And the result is the code's: a deliberate bug in a host service (the notifier sends no
 * push) changes what the simulator reports.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deployedFunctions } from '../../bench/cloud/lambda/template';
import { World } from '../../bench/cloud/world';
import { Notifier } from '../../functions/host/notifier';

// The functions as the stack deploys them (synthesized once: a few seconds, hence not a unit test).
const small = () => ({ seed: 3, players: 30, days: 2, functions: deployedFunctions() });

afterEach(() => vi.restoreAllMocks());

describe('the simulated world', () => {
  it('plays the real app on the cloud models: turns taken, pushes answered, every version stored once', async () => {
    const report = await new World(small()).run();
    expect(report).toMatchObject({ registered: 30, errors: 0, refused: 0 });
    expect(report.moves).toBeGreaterThan(10);
    expect(report.pushes).toBeGreaterThan(5);
    expect(report.turnLatencyMinutes.count).toBeGreaterThan(0);
    expect(report.lobbyVisits).toBeGreaterThan(0);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
    expect(report.table.versions.versions).toBeGreaterThan(report.moves);
    expect(report.apiGateway.websocket.connectsAccepted).toBe(report.sessions);
    // Every move timed to every seat watching its game, none missed; nothing pushed or rated twice.
    expect(report.moveLatencyMs).toMatchObject({ count: report.moves, missed: 0 });
    expect(report.moveLatencyMs.p50).toBeGreaterThan(0);
    expect(report.duplicates).toEqual({ pushes: 0, ratings: 0 });
    // A tenth give an address: confirmed by its link, then the sweep's daily digests, each timed from its due time.
    expect(report.emailsConfirmed).toBeGreaterThan(0);
    expect(report.digests).toBeGreaterThan(0);
    expect(report.digestLagMinutes.count).toBe(report.digests);
    expect(report.games.inPlay + report.games.open + report.games.finished).toBe(report.table.versions.games);
    // Through the functions as deployed: the notifier read the stream, nothing reached a dead-letter queue.
    expect(report.lambda.functions.notify?.invocations).toBeGreaterThan(0);
    expect(report.streams.deadLetters).toEqual({ notify: 0, ratings: 0, bots: 0 });
  }, 60_000);

  it('is the same world for the same seed, when the CPU this machine spent is left out (and whether or not it tells its progress)', async () => {
    const lines: string[] = [];
    const fixed = (progress?: (line: string) => void) => new World({ ...small(), days: 1, cpuScale: 0, progress }).run();
    const told = await fixed((line) => lines.push(line));
    expect(told).toEqual(await fixed());
    // A line every simulated quarter hour, to the end of the day.
    expect(lines).toHaveLength(96);
    expect(lines[0]).toMatch(/^ {2}0:15 simulated, \d+ s: \d+ signed up, \d+ moves$/);
    expect(lines.at(-1)).toMatch(new RegExp(`^  24:00 simulated, \\d+ s: ${told.registered} signed up, ${told.moves} moves$`));
  }, 60_000);

  it('reports what a bug in a host service does: a notifier that pushes nothing leaves turns to sessions', async () => {
    const healthy = await new World(small()).run();
    vi.spyOn(Notifier.prototype, 'notifyCommit').mockResolvedValue(undefined as never);
    const broken = await new World(small()).run();
    // Only the sweep's own pushes are left (turns passed to a bot when time ran out).
    expect(broken.pushes).toBeLessThan(healthy.pushes / 4);
    expect(broken.turnLatencyMinutes.count).toBeLessThan(healthy.turnLatencyMinutes.count / 4);
  }, 60_000);
});

describe('the simulated world with faults', () => {
  it('keeps every version once when instances die after their writes, batches come twice and disconnects are lost', async () => {
    const report = await new World({ ...small(), faults: { killRate: 0.01, duplicateRate: 0.2, disconnectLoss: 0.3 } }).run();
    expect(report.lambda.functions.message?.kills).toBeGreaterThan(0);
    expect(report.streams.notify.duplicates).toBeGreaterThan(0);
    expect(report.apiGateway.websocket.disconnectsLost).toBeGreaterThan(0);
    expect(report.moves).toBeGreaterThan(10);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 60_000);
});

describe('a 30-minute notifier outage', () => {
  it('exhausts the stream mapping’s 10 retries: batches go to the dead-letter queue, which keeps no record, and their notifications are never sent', async () => {
    const healthy = await new World({ ...small(), cpuScale: 0 }).run();
    const outage = await new World({ ...small(), cpuScale: 0, faults: { notifyOutage: { fromHour: 14, minutes: 30 } } }).run();
    expect(healthy.streams.deadLetters.notify).toBe(0);
    expect(outage.streams.deadLetters.notify).toBeGreaterThan(0);
    expect(outage.streams.notify.failedBatches).toBeGreaterThan(0);
    // Their records (commits whose notifications were never sent) are gone: the queue holds shard and sequence numbers only.
    expect(outage.streams.notify.discardedRecords).toBeGreaterThan(0);
    expect(healthy.streams.notify.discardedRecords).toBe(0);
    // The games themselves lose nothing.
    expect(outage.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 120_000);
});

describe('the end of a run', () => {
  it('comes even when the stream readers are busy as the period ends: they finish on the virtual clock', async () => {
    // A record written 0.1 s before the end: every reader is waiting for its next poll, or retrying it, when the run stops them.
    const report = await new World({ ...small(), days: 1, cpuScale: 0, faults: { poisonAtHour: 24 - 0.1 / 3600 } }).run();
    expect(report.streams.notify.batches).toBeGreaterThan(0);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 60_000);
});

describe('a poison record', () => {
  it('is retried, then goes to each reader’s dead-letter queue, and the stream moves on: later games are still notified', async () => {
    const report = await new World({ ...small(), cpuScale: 0, faults: { poisonAtHour: 20 } }).run();
    expect(report.streams.deadLetters).toEqual({ notify: 1, ratings: 1, bots: 0 });
    expect(report.streams.notify.retries).toBeGreaterThanOrEqual(10);
    expect(report.streams.notify.discardedRecords).toBeGreaterThanOrEqual(1);
    expect(report.commitToPushSeconds.count).toBeGreaterThan(0);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 60_000);
});

describe('a burst of throttling', () => {
  it('fails requests the SDK could not retry through, and loses no version: the stream catches up after', async () => {
    const report = await new World({ ...small(), cpuScale: 0, faults: { throttleBurst: { fromHour: 18, minutes: 20 } } }).run();
    expect(report.table.throttledRequests).toBeGreaterThan(0);
    expect(report.dynamoRetries.failedThrottled).toBeGreaterThan(0);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
    expect(report.moves).toBeGreaterThan(10);
  }, 60_000);
});
