/**
 * The last resort: a game whose automatic seat is to act, whose request died right after its
 * write and whose stream records were all lost (here the notifier and the Bots function drop
 * every batch), is re-driven by the sweep once nothing has moved for the re-drive period, one
 * move a run (with the stream lost, nothing plays on from it), until its person is to act.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommit, moduleOf } from '../../functions/core/record';
import { planCreate } from '../../functions/core/plans';
import { clockDueOf, REDRIVE_AFTER_MS } from '../../functions/core/clock-due';
import { startInProcessServer, type InProcessServer } from '../support/in-process';
import { register } from '../support/client';
import { commitsOf } from '../support/table';
import { eventStore } from '../../functions/app/games';
import { scheduleStore as schedulePart } from '../../functions/app/games';

let server: InProcessServer;
let now = new Date('2026-05-01T08:00:00Z');
let dropped = 0;

beforeAll(async () => {
  server = await startInProcessServer({
    dataDir: null,
    now: () => now,
    sweepIntervalMs: 0,
    tableOnlyRecords: true,
    // The stream delivers nothing to the reactions: as if every record went to the dead-letter queues.
    instrument: (name, handler) =>
      (name === 'stream' || name === 'bots'
        ? async () => {
            dropped++;
            return { batchItemFailures: [] };
          }
        : handler) as typeof handler,
  });
}, 90_000);
afterAll(async () => server?.close());

describe("the sweep's re-drive", () => {
  it('moves a game whose bot is to act after every reaction was lost, and only after the re-drive period', async () => {
    const ana = await register(server.url, 'Ana');
    const schedule = server.app.get(schedulePart);
    const store = server.app.get(eventStore);
    let gameId: string | null = null;
    for (let seed = 1; seed < 50 && !gameId; seed++) {
      const commit = planCreate({
        gameId: `redrive-${seed}`,
        game: 'vasco-da-gama',
        players: 4,
        options: {},
        player: { playerId: ana.playerId, name: 'Ana' },
        bots: [1, 2, 3],
        seed,
        at: now.toISOString(),
      });
      const record = applyCommit(null, commit);
      if (moduleOf(record).activeSeats(record.state).includes(0)) continue;
      // What the request stored before it died: the commit and its due item.
      expect(await store.append(commit, record, null)).toBe(true);
      await schedule.setClockDue(commit.gameId, clockDueOf(record, now), 1);
      gameId = commit.gameId;
    }
    expect(gameId).not.toBeNull();
    await server.notified();
    expect(dropped).toBeGreaterThan(0);

    // Within the re-drive period nothing moves it.
    now = new Date(now.getTime() + REDRIVE_AFTER_MS / 2);
    await server.sweep();
    expect((await commitsOf(server.app, gameId!)).length).toBe(1);

    // After it, each sweep plays one move until Ana is to act.
    for (let sweeps = 0; sweeps < 400; sweeps++) {
      now = new Date(now.getTime() + 2 * REDRIVE_AFTER_MS);
      await server.sweep();
      const commits = await commitsOf(server.app, gameId!);
      let record = null;
      for (const c of commits) record = applyCommit(record, c);
      expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
      expect(commits.length).toBe(sweeps + 2);
      if (moduleOf(record!).activeSeats(record!.state).includes(0)) {
        return;
      }
    }
    throw new Error('the sweep never brought the game to its person');
  });
});
