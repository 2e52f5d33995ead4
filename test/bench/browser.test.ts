/**
 * The browser bench's harness measures what it says: a person's clicks in Chromium, each timed
 * to the paint after the client marked the state it made (the client's `caravela:drawn` mark).
 * (Speed is measured by `npm run bench`, never here.)
 */
import { describe, expect, it } from 'vitest';
import { browserSuite } from '../../bench/browser';

describe('the browser benchmark harness', () => {
  it("times each of the person's clicks through the answer, the state frame, the client's mark and the paint", async () => {
    const r = await browserSuite({ games: ['navegador'], moves: 3 });
    const g = r.games.navegador!;
    expect(g.count).toBe(3);
    // Each move's times are in order (so are their quantiles): the frame arrives, is put on the page, is painted.
    expect(g.parts.arrived.p50Ms).toBeGreaterThan(0);
    expect(g.parts.arrived.p50Ms).toBeLessThanOrEqual(g.parts.marked.p50Ms);
    expect(g.parts.marked.p50Ms).toBeLessThanOrEqual(g.parts.painted.p50Ms);
    expect(g.p50Ms).toBe(g.parts.painted.p50Ms);
    expect(g.meanStateFrameBytes).toBeGreaterThan(1000);
  }, 120_000);
});
