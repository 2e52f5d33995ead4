/**
 * A connection's frame budget in the cloud (functions/api/frame-budget.ts): within
 * FRAMES_PER_SECOND and FRAME_BURST a frame costs nothing; beyond, it is refused RATE_LIMITED
 * and counted on the connection's stored record, which every instance shares; past
 * REFUSED_FRAMES refusals the connection is closed.
 */
import { describe, expect, it } from 'vitest';
import { FrameBudget } from '../../functions/api/frame-budget';
import { limit } from '../../functions/adapters/limits';
import { MemoryConnectionStore } from '../../functions/adapters/memory/connections';

describe('the frame budget', () => {
  it('lets a burst through, refuses beyond it, refills at its rate, and closes a connection that keeps going', async () => {
    const store = new MemoryConnectionStore();
    await store.putConnection({ connectionId: 'c1', playerId: 'p1', name: 'Flood' });
    let t = 0;
    const budget = new FrameBudget(
      (id) => store.strike(id),
      () => t,
    );
    const burst = limit('FRAME_BURST');
    for (let i = 0; i < burst; i++) expect(await budget.check('c1')).toBeNull();
    const over = await budget.check('c1');
    expect(over?.error.code).toBe('RATE_LIMITED');
    expect(over?.error.message).toMatch(/at most 10 a second/);
    expect(over?.close).toBe(false);
    // A second later, FRAMES_PER_SECOND more.
    t += 1000;
    for (let i = 0; i < limit('FRAMES_PER_SECOND'); i++) expect(await budget.check('c1')).toBeNull();
    expect(await budget.check('c1')).not.toBeNull();
    // Refusal after refusal: counted on the connection (2 so far), closed past REFUSED_FRAMES.
    let last = null;
    for (let i = 3; i <= limit('REFUSED_FRAMES'); i++) last = await budget.check('c1');
    expect(last?.close).toBe(false);
    expect((await budget.check('c1'))?.close).toBe(true);
  });

  it('counts the refusals of one connection across instances', async () => {
    const store = new MemoryConnectionStore();
    await store.putConnection({ connectionId: 'c2', playerId: 'p2', name: 'Spread' });
    const [a, b] = [
      new FrameBudget(
        (id) => store.strike(id),
        () => 0,
      ),
      new FrameBudget(
        (id) => store.strike(id),
        () => 0,
      ),
    ];
    for (let i = 0; i < limit('FRAME_BURST'); i++) {
      await a.check('c2');
      await b.check('c2');
    }
    let closed = false;
    for (let i = 0; i <= limit('REFUSED_FRAMES') / 2 && !closed; i++)
      closed = Boolean((await a.check('c2'))?.close) || Boolean((await b.check('c2'))?.close);
    expect(closed).toBe(true);
    // A connection that is gone counts nothing.
    expect(await store.strike('gone')).toBe(0);
  });
});
