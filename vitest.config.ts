import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default leaves a core free (one worker on two cores); most files here wait on a
    // browser, a socket or DynamoDB Local as much as they compute, so three share two cores well
    // (the whole-game browser tests spend most of their time waiting for a frame or a poll).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
