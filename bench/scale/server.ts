/**
 * The local runtime in a process of its own, so that the scale bench measures the server's
 * memory alone (its clients live in the parent). Started by `fork` with --expose-gc; answers
 * `{ measure: true }` with its heap and resident size after a full collection.
 */
import { startLocalServer } from '../../local/server';

const server = await startLocalServer({ port: 0, dataDir: null, sweepIntervalMs: 0 });
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', async (message: { measure?: boolean; close?: boolean }) => {
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
