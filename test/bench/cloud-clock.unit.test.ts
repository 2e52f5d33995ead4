/** The virtual clock: sleepers wake in time order once all else waits; time stands at `until`, and never goes back. */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bench/cloud/clock';

describe('the virtual clock', () => {
  it('wakes sleepers in the order of their times (ties in the order they slept), moving time to each', async () => {
    const clock = new SimClock(1000);
    const woke: [string, number][] = [];
    const nap = (name: string, ms: number) => clock.sleep(ms).then(() => woke.push([name, clock.now()]));
    void nap('b', 50);
    void nap('a', 10);
    void nap('c', 50);
    await clock.run();
    expect(woke).toEqual([
      ['a', 1010],
      ['b', 1050],
      ['c', 1050],
    ]);
  });

  it('stands at `until` even with nobody asleep, keeps later sleepers asleep, and never goes back', async () => {
    const clock = new SimClock(0);
    let woke = false;
    void clock.sleep(500).then(() => (woke = true));
    await clock.run(200);
    expect([clock.now(), woke]).toEqual([200, false]);
    await clock.run(100);
    expect(clock.now()).toBe(200);
    await clock.run(600);
    expect([clock.now(), woke]).toEqual([600, true]);
    await clock.run(900);
    expect(clock.now()).toBe(900);
  });

  it('lets work that sleeps again run on within one run', async () => {
    const clock = new SimClock(0);
    const times: number[] = [];
    const loop = async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(100);
        times.push(clock.now());
      }
    };
    void loop();
    await clock.run();
    expect(times).toEqual([100, 200, 300]);
  });
});
