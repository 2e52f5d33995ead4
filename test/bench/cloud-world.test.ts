/**
 * The simulated world drives the real application: players register, connect, turn on pushes,
 * start games and answer their turns through the API Gateway model, the app's own DynamoDB stores
 * write to the table model, the stream reaches the notifier and the Bots function (the two readers a shard allows). Every game's versions come out once
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
    expect(report.games.unrated).toBe(0);
    // A tenth give an address: confirmed by its link, then the sweep's daily digests, each timed from its due time.
    expect(report.emailsConfirmed).toBeGreaterThan(0);
    expect(report.digests).toBeGreaterThan(0);
    expect(report.digestLagMinutes.count).toBe(report.digests);
    expect(report.games.inPlay + report.games.open + report.games.finished).toBe(report.table.versions.games);
    // Through the functions as deployed: the notifier read the stream, no batch was given up on.
    expect(report.lambda.functions.notify?.invocations).toBeGreaterThan(0);
    expect(report.streams.failedBatches).toEqual({ notify: 0, bots: 0 });
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

describe('a notifier outage', () => {
  it('of 30 minutes is waited out: the mapping retries until a record is 6 hours old, so nothing is given up, and the stream catches up', async () => {
    const outage = await new World({ ...small(), cpuScale: 0, faults: { notifyOutage: { fromHour: 14, minutes: 30 } } }).run();
    expect(outage.lambda.functions.notify?.kills).toBeGreaterThan(0);
    // More than the 10 retries a count allowed (spent in 3 minutes): the records written early in
    // the outage waited out most of it (the first came about 10 minutes in: 20 minutes behind).
    expect(outage.streams.notify.retries).toBeGreaterThan(10);
    expect(outage.streams.notify.maxIteratorAgeMs).toBeGreaterThan(15 * 60_000);
    expect(outage.streams.notify).toMatchObject({ failedBatches: 0, discardedRecords: 0, trimmedRecords: 0 });
    expect(outage.streams.failedBatches).toEqual({ notify: 0, bots: 0 });
    expect(outage.duplicates).toEqual({ pushes: 0, ratings: 0 });
    expect(outage.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 120_000);

  it('longer than that puts its batches in the bucket, records and all; npm run redrive plays every one back, nothing twice; a second run does nothing', async () => {
    const outage = await new World({
      ...small(),
      cpuScale: 0,
      // Records written in its first 6 hours outgrow the age limit before it ends.
      faults: { notifyOutage: { fromHour: 14, minutes: 12 * 60 } },
      redriveAtHours: [27, 28],
    }).run();
    // Given up on at the age limit: every batch kept with its records (nothing trimmed, nothing merely dropped).
    const given = outage.streams.notify;
    expect(given.discardedRecords).toBeGreaterThan(0);
    expect(given.trimmedRecords).toBe(0);
    expect(outage.streams.failedBatches).toEqual({ notify: given.failedBatches, bots: 0 });
    const [first, second] = outage.redrives;
    // The first run plays every record given up on through the notifier's handler, and empties the bucket.
    expect(first).toEqual({
      atHour: 27,
      notify: { batches: given.failedBatches, records: given.discardedRecords, left: 0, errors: [] },
      bots: { batches: 0, records: 0, left: 0, errors: [] },
    });
    expect(outage.redrivenPushes).toBeGreaterThan(0);
    expect(outage.duplicates).toEqual({ pushes: 0, ratings: 0 });
    // The second finds nothing.
    expect(second).toEqual({
      atHour: 28,
      notify: { batches: 0, records: 0, left: 0, errors: [] },
      bots: { batches: 0, records: 0, left: 0, errors: [] },
    });
    expect(outage.streams.inBuckets).toEqual({ notify: 0, bots: 0 });
    expect(outage.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
  }, 300_000);
});

describe('a ratings outage longer than the stream’s retries', () => {
  it('holds up no automatic move and gives nothing up to the bucket: the sweep has each game finished meanwhile rated after all, an hour after it ended or once the ratings are back, and once', async () => {
    // Down from the second hour to the 47th: the one game this world finishes ends meanwhile, more than 6 hours before.
    const report = await new World({
      ...small(),
      seed: 5,
      cpuScale: 0,
      faults: { ratingsOutage: { fromHour: 2, minutes: 45 * 60 } },
    }).run();
    // The ratings part failed, not the function: its automatic moves went on.
    expect(report.lambda.functions.bots?.errors).toBe(0);
    expect(report.botReplyMs.byFunction.Bots?.count).toBeGreaterThan(0);
    // A failing rating is let go (the sweep's look is its retry): the lane moves on.
    expect(report.streams.failedBatches.bots).toBe(0);
    expect(report.streams.bots.retries).toBe(0);
    expect(report.games.finished).toBeGreaterThan(0);
    expect(report.games).toMatchObject({ rated: report.games.finished, unrated: 0 });
    expect(report.duplicates).toEqual({ pushes: 0, ratings: 0 });
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
  it('is retried for 6 hours, then goes to each reader’s bucket, and the stream moves on: later games are still notified; a redrive keeps it', async () => {
    const report = await new World({ ...small(), cpuScale: 0, faults: { poisonAtHour: 20 }, redriveAtHours: [27] }).run();
    expect(report.streams.failedBatches).toEqual({ notify: 1, bots: 1 });
    expect(report.streams.notify.retries).toBeGreaterThanOrEqual(10);
    expect(report.streams.notify.discardedRecords).toBeGreaterThanOrEqual(1);
    // It fails again when played back: each reader's object stays, saying so.
    expect(report.redrives[0]).toMatchObject({ notify: { batches: 0, left: 1 }, bots: { batches: 0, left: 1 } });
    expect(report.redrives[0]!.notify.errors[0]!.error).toMatch(/failed again/);
    expect(report.streams.inBuckets).toEqual({ notify: 1, bots: 1 });
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
