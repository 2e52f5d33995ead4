import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take a minute or more, longest first. Without timings of an earlier run (a clean
 * clone, as CI has) Vitest starts the largest files first, and these are small: started last,
 * they would leave one worker alone for minutes at the end.
 */
const SLOW = [
  'test/web/navegador-play.test.ts',
  'test/bench/cloud-world.test.ts',
  'test/deployed/played.test.ts',
  'test/web/goa-play.test.ts',
  'test/web/vdg-play.test.ts',
  'test/host/two-instances.unit.test.ts',
  'test/navegador/length.test.ts',
  'test/web/e2e.test.ts',
  'test/goa/length.test.ts',
];

/** Slow files first; with `--sequence.shuffle`, files in a random order (seeded, as Vitest's own shuffle). */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed = Date.now() } = this.ctx.config.sequence;
    if (shuffle) {
      let x = seed >>> 0;
      const random = () => (x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
      const out = [...files];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    }
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW.findIndex((s) => f.moduleId.endsWith(s));
      return i < 0 ? SLOW.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default leaves a core free (one worker on two cores); most files here wait on a
    // browser, a socket or DynamoDB Local as much as they compute, so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirst },
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
