/**
 * The simulated world drives the real application: players register, connect, turn on pushes,
 * start games and answer their turns through the API Gateway model, the app's own DynamoDB stores
 * write to the table model, the stream reaches the notifier. Every game's versions come out once
 * each. And the result is the code's: a deliberate bug in a host service (the notifier sends no
 * push) changes what the simulator reports.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { World } from '../../bench/cloud/world';
import { Notifier } from '../../functions/host/notifier';

const small = { seed: 3, players: 12, days: 1 };

afterEach(() => vi.restoreAllMocks());

describe('the simulated world', () => {
  it('plays the real app on the cloud models: turns taken, pushes answered, every version stored once', async () => {
    const report = await new World(small).run();
    expect(report).toMatchObject({ registered: 12, errors: 0, refused: 0 });
    expect(report.moves).toBeGreaterThan(10);
    expect(report.pushes).toBeGreaterThan(5);
    expect(report.turnLatencyMinutes.count).toBeGreaterThan(0);
    expect(report.table.versions).toMatchObject({ gaps: 0, duplicateInserts: 0 });
    expect(report.table.versions.versions).toBeGreaterThan(report.moves);
    expect(report.apiGateway.websocket.connectsAccepted).toBe(report.sessions);
    // The same seed, the same world.
    expect(await new World(small).run()).toEqual(report);
  }, 60_000);

  it('reports what a bug in a host service does: a notifier that pushes nothing leaves turns to sessions', async () => {
    const healthy = await new World(small).run();
    vi.spyOn(Notifier.prototype, 'notifyCommit').mockResolvedValue(undefined as never);
    const broken = await new World(small).run();
    expect(broken.pushes).toBe(0);
    expect(healthy.pushes).toBeGreaterThan(0);
    expect(broken.turnLatencyMinutes.count).toBe(0);
  }, 60_000);
});
