/**
 * A seeded pseudo-random generator (mulberry32) with a 32-bit state that fits in an event.
 *
 * Games keep the generator state in their (hidden) game state. `setup` and `decide` create an
 * `Rng` from it, draw, and write both the outcomes and the new `state` into the events they
 * return; `evolve` only copies them. Replaying events therefore never draws again.
 */
export class Rng {
  private s: number;

  constructor(state: number) {
    this.s = state >>> 0;
  }

  /** Scramble a user-chosen seed so that nearby seeds give unrelated games. */
  static fromSeed(seed: number): Rng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return new Rng((h ^ (h >>> 16)) >>> 0);
  }

  /** The state to store so that drawing can resume later. */
  get state(): number {
    return this.s;
  }

  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`Rng.int needs a positive integer, got ${n}`);
    return Math.floor(this.next() * n);
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /**
   * Draw one item from a bag given as counts per kind, each unit equally likely.
   * Returns the kind drawn, or null when the bag is empty.
   */
  drawFromCounts<K extends string>(counts: Readonly<Record<K, number>>, kinds: readonly K[]): K | null {
    const total = kinds.reduce((sum, k) => sum + counts[k], 0);
    if (total === 0) return null;
    let r = this.int(total);
    for (const k of kinds) {
      if (r < counts[k]) return k;
      r -= counts[k];
    }
    return null; // unreachable: r < total
  }
}
