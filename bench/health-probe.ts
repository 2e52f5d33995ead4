/**
 * Asks a server's /healthz every 10 ms from a process of its own, so that the load the bench's
 * clients put on their own process does not count in the latencies. Started by `fork` with the
 * server's URL; `{ take: true }` answers with the latencies (ms) and failures since the last
 * take, `{ stop: true }` ends it.
 */
export {};

const url = process.argv[2]!;
let samples: number[] = [];
let failures = 0;
let running = true;

process.on('message', (message: { take?: boolean; stop?: boolean }) => {
  if (message.take) {
    process.send!({ samples, failures });
    samples = [];
    failures = 0;
  }
  if (message.stop) running = false;
});

process.send!({ ready: true });
while (running) {
  const start = performance.now();
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    if (res.status !== 200) failures++;
  } catch {
    failures++;
  }
  samples.push(performance.now() - start);
  await new Promise((r) => setTimeout(r, 10));
}
process.exit(0);
