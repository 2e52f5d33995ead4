/**
 * `npm start`: the whole of Caravela on this machine — the web client at `/`, DynamoDB Local
 * with its data under DATA_DIR (default ./.data), the HTTP and WebSocket API on PORT (default 3000).
 * SIGINT/SIGTERM shut it down cleanly; starting again on the same DATA_DIR keeps every game.
 */
import { buildWeb } from '../scripts/build-web';
import { startLocalServer } from './server';

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? './.data';

// The browser client, fresh on every start (about a second); skipped when someone built it already.
if (!process.env.CARAVELA_WEB_BUILT) await buildWeb();
const server = await startLocalServer({ port, dataDir, host: process.env.HOST });
// Named localhost rather than 127.0.0.1: browsers allow passkeys on a name only.
console.log(
  `Caravela is running on ${server.url.replace('127.0.0.1', 'localhost')}  (WebSocket ${server.wsUrl}?token=…, data in ${dataDir})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down…`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
