/**
 * The sweep's phases each have the run's budget of their own: a backlog of due clocks (slow
 * games, a burst of time-outs) does not keep the held notifications and the email digests
 * waiting for the next run, or for ever.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Sender } from '../../functions/adapters/sender';
import type { Digests } from '../../functions/host/digest';
import type { Notifier } from '../../functions/host/notifier';
import type { Reactions } from '../../functions/host/reactions';
import { Sweep } from '../../functions/host/sweep';
import type { ScheduleStore } from '../../functions/stores/schedule';
import { testObserver } from '../support/observer';

describe('the sweep', () => {
  it('releases held notifications and sends digests while its clocks are still being handled', async () => {
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const checked: string[] = [];
    const phases: string[] = [];
    const due = Array.from({ length: 20 }, (_, i) => ({ gameId: `g-${i}`, due: new Date(Date.UTC(2026, 10, 27, 0, i)) }));
    const sweep = new Sweep({
      observer: testObserver(),
      schedule: {
        dueClocks: async () => ({ due: [...due], readUnits: 1 }),
        removeDueIfStale: async () => undefined,
      } as unknown as ScheduleStore,
      // Every game's clock is slow: none finishes until the gate opens.
      reactions: {
        checkClock: async (gameId: string) => {
          checked.push(gameId);
          await gate;
          return [];
        },
      } as unknown as Reactions,
      notifier: {
        releaseHeld: async () => {
          phases.push('held');
          return 3;
        },
      } as unknown as Notifier,
      digests: {
        sendDue: async () => {
          phases.push('digests');
          return { sent: 2, dropped: 0, moved: 0, busy: 0, failures: 0 };
        },
      } as unknown as Digests,
      sender: () => ({ send: async () => 'sent' }) as Sender,
      now: () => new Date(Date.UTC(2026, 10, 27, 1)),
      gameUrl: (id) => id,
      budgetMs: 50_000,
    });
    const run = sweep.run();
    // The held notifications and the digests went out while every clock worker was still busy.
    await vi.waitFor(() => expect(phases.sort()).toEqual(['digests', 'held']));
    expect(checked).toHaveLength(8);
    openGate();
    const result = await run;
    expect(result).toMatchObject({ due: 20, games: 20, released: 3, digests: { sent: 2 }, failures: 0 });
    expect(checked).toEqual(due.map((d) => d.gameId));
  });
});
