/**
 * The local runtime in a process of its own, so that the scale bench measures the server's
 * memory alone (its clients live in the parent). Started by `fork` with --expose-gc; answers
 * `{ measure: true }` with its heap and resident size after a full collection, and
 * `{ loopDelay: true }` with how long its event loop was held up since the last such question.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startLocalServer } from '../../local/server';

const server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
const gc = (globalThis as { gc?: () => void }).gc;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

process.on('message', async (message: { measure?: boolean; loopDelay?: boolean; close?: boolean }) => {
  if (message.loopDelay) {
    process.send!({ loopDelayMaxMs: loop.max / 1e6, loopDelayP99Ms: loop.percentile(99) / 1e6 });
    loop.reset();
  }
  if (message.measure) {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 50));
    }
    const m = process.memoryUsage();
    process.send!({ heapUsed: m.heapUsed, rss: m.rss, external: m.external });
  }
  if (message.close) {
    await server.close();
    process.exit(0);
  }
});
process.send!({ url: server.url, wsUrl: server.wsUrl, gc: Boolean(gc) });
